/**
 * (b) 8 concurrent writers each appending 10-event batches through
 * PostgresEventStore.append at the right expected version: events per second, against
 * the same writers each INSERTing the same 10 rows in one statement into `bench_raw`
 * (see append.ts). The two loops run alternately, twice each, and the better run of
 * each counts.
 */
import { migrate } from '../src/platform/db/migrations.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { benchEvents, OwnedStreams, POOL_SIZE, RAW_TABLE_SQL, WRITERS } from './append.ts';
import { benchPool, log, postgresCpuMs, postmasterOf, round, runWriters, setLoggedData, withBenchDatabase } from './lib.ts';

const BATCH = Number(process.env.BENCH_BATCH_SIZE ?? 10);
const RUN_MS = Number(process.env.BENCH_APPEND_MS ?? 8000);
const WARMUP_MS = 1000;
const STREAMS_PER_WRITER = 200;

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('append-batch', async (url) => {
    const pool = benchPool(url, POOL_SIZE);
    try {
      await migrate(pool);
      await pool.query(RAW_TABLE_SQL);
      const store = new PostgresEventStore(pool);
      const streams = new OwnedStreams('batch', WRITERS, STREAMS_PER_WRITER);
      const op = async (w: number, i: number) => {
        const { stream, index, expected } = streams.pick(w);
        const r = await store.append(stream, benchEvents(BATCH, i * BATCH, w), expected);
        streams.appended(w, index, r.nextExpectedVersion);
      };
      const rawSql = `INSERT INTO bench_raw (stream, n, data) VALUES ${Array.from({ length: BATCH }, (_, k) => `($${3 * k + 1}, $${3 * k + 2}, $${3 * k + 3})`).join(', ')}`;
      const raw = async (w: number, i: number) => {
        const stream = `batch-w${w}s${Math.floor(Math.random() * STREAMS_PER_WRITER)}`;
        const values = Array.from({ length: BATCH }, (_, k) => [stream, i * BATCH + k, JSON.stringify(setLoggedData(i * BATCH + k))]).flat();
        await pool.query({ name: 'bench_raw_batch', text: rawSql, values });
      };
      await runWriters(WRITERS, WARMUP_MS, op);
      await runWriters(WRITERS, WARMUP_MS, raw);
      // CPU per row (this process and PostgreSQL): the figure that holds on a busy machine.
      const postmaster = await postmasterOf(pool);
      const timed = async (loop: (w: number, i: number) => Promise<void>) => {
        const node0 = process.cpuUsage();
        const pg0 = postgresCpuMs(postmaster);
        const r = await runWriters(WRITERS, RUN_MS, loop);
        const node = process.cpuUsage(node0);
        const rows = r.ops * BATCH;
        return {
          ...r,
          rows,
          cpu: `node ${round((node.user + node.system) / rows, 1)} µs + PostgreSQL ${round(((postgresCpuMs(postmaster) - pg0) * 1000) / rows, 1)} µs CPU a row`,
        };
      };
      const storeRates: number[] = [];
      const rawRates: number[] = [];
      for (let round_ = 1; round_ <= 2; round_++) {
        const s = await timed(op);
        storeRates.push(s.rows / s.seconds);
        log(
          `  round ${round_}: ${BATCH}-event batches: ${round(s.perSecond)} appends/s = ${round(s.rows / s.seconds)} events/s  (${s.ops} appends in ${s.seconds.toFixed(1)} s; ${s.cpu})`,
        );
        const r = await timed(raw);
        rawRates.push(r.rows / r.seconds);
        log(`  round ${round_}: raw ${BATCH}-row INSERT: ${round(r.rows / r.seconds)} rows/s  (${r.ops} statements in ${r.seconds.toFixed(1)} s; ${r.cpu})`);
      }
      const best = Math.max(...storeRates);
      const bestRaw = Math.max(...rawRates);
      await store.close();
      return {
        [`append_batch${BATCH}_events_per_s`]: round(best),
        [`append_batch${BATCH}_raw_insert_rows_per_s`]: round(bestRaw),
        [`append_batch${BATCH}_ratio`]: round(best / bestRaw, 3),
      };
    } finally {
      await pool.end();
    }
  });
}
