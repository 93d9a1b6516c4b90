/**
 * (b) 8 concurrent writers each appending 10-event batches through
 * PostgresEventStore.append at the right expected version: events per second.
 */
import { migrate } from '../src/platform/db/migrations.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { benchEvents, OwnedStreams, POOL_SIZE, WRITERS } from './append.ts';
import { benchPool, log, round, runWriters, withBenchDatabase } from './lib.ts';

const BATCH = Number(process.env.BENCH_BATCH_SIZE ?? 10);
const RUN_MS = Number(process.env.BENCH_APPEND_MS ?? 8000);
const WARMUP_MS = 1000;

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('append-batch', async (url) => {
    const pool = benchPool(url, POOL_SIZE);
    try {
      await migrate(pool);
      const store = new PostgresEventStore(pool);
      const streams = new OwnedStreams('batch', WRITERS, 200);
      const op = async (w: number, i: number) => {
        const { stream, index, expected } = streams.pick(w);
        const r = await store.append(stream, benchEvents(BATCH, i * BATCH, w), expected);
        streams.appended(w, index, r.nextExpectedVersion);
      };
      await runWriters(WRITERS, WARMUP_MS, op);
      const r = await runWriters(WRITERS, RUN_MS, op);
      const eventsPerSecond = (r.ops * BATCH) / r.seconds;
      log(`  ${BATCH}-event batches: ${round(r.perSecond)} appends/s = ${round(eventsPerSecond)} events/s  (${r.ops} appends in ${r.seconds.toFixed(1)} s)`);
      return { [`append_batch${BATCH}_events_per_s`]: round(eventsPerSecond) };
    } finally {
      await pool.end();
    }
  });
}
