/**
 * (a)+(c) Single-event appends through PostgresEventStore.append against a raw INSERT
 * of a similar row on the same database, 8 concurrent writers each.
 *
 * Every writer owns its own streams and tracks their versions, so each append carries
 * the right expected version and never conflicts. The two loops run alternately,
 * twice each, and the better run of each counts.
 */
import { randomUUID } from 'node:crypto';
import { migrate } from '../src/platform/db/migrations.ts';
import { appendStats, PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import type { ExpectedVersion, NewEvent } from '../src/platform/eventstore/port.ts';
import { benchPool, log, postgresCpuMs, postmasterOf, round, runWriters, setLoggedData, withBenchDatabase } from './lib.ts';

export const WRITERS = 8;
export const POOL_SIZE = 10;
const STREAMS_PER_WRITER = 200;
const RUN_MS = Number(process.env.BENCH_APPEND_MS ?? 8000);
const WARMUP_MS = 1000;

/** Streams owned by the writers, with the version each is at (-1: not created yet). */
export class OwnedStreams {
  private readonly versions: number[][];
  constructor(
    private readonly prefix: string,
    writers: number,
    private readonly perWriter: number,
  ) {
    this.versions = Array.from({ length: writers }, () => new Array<number>(perWriter).fill(-1));
  }

  /** A random stream of this writer: its name, index and the expected version to append at. */
  pick(writer: number): { stream: string; index: number; expected: ExpectedVersion } {
    const index = Math.floor(Math.random() * this.perWriter);
    const v = this.versions[writer][index];
    return { stream: `${this.prefix}-w${writer}s${index}`, index, expected: v < 0 ? 'no_stream' : v };
  }

  appended(writer: number, index: number, nextExpectedVersion: number): void {
    this.versions[writer][index] = nextExpectedVersion;
  }
}

export function benchEvents(count: number, seq: number, writer: number): NewEvent[] {
  return Array.from({ length: count }, (_, k) => ({
    type: 'SetLogged',
    data: setLoggedData(seq + k),
    metadata: { userId: `bench-writer-${writer}`, commandId: randomUUID() },
  }));
}

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('append', async (url) => {
    const pool = benchPool(url, POOL_SIZE);
    try {
      await migrate(pool);
      await pool.query('CREATE TABLE bench_raw (stream text, n int, data jsonb)');
      const store = new PostgresEventStore(pool);
      const streams = new OwnedStreams('bench', WRITERS, STREAMS_PER_WRITER);

      const single = (w: number, i: number) => async () => {
        const { stream, index, expected } = streams.pick(w);
        const r = await store.append(stream, benchEvents(1, i, w), expected);
        streams.appended(w, index, r.nextExpectedVersion);
      };
      // The same loop and a similar row, straight into an unindexed table.
      const raw = (w: number, i: number) => async () => {
        const index = Math.floor(Math.random() * STREAMS_PER_WRITER);
        await pool.query({
          name: 'bench_raw_insert',
          text: 'INSERT INTO bench_raw (stream, n, data) VALUES ($1, $2, $3)',
          values: [`bench-w${w}s${index}`, i, JSON.stringify(setLoggedData(i))],
        });
      };

      // Warm-up: connections, prepared statements, first stream rows.
      await runWriters(WRITERS, WARMUP_MS, (w, i) => single(w, i)());
      await runWriters(WRITERS, WARMUP_MS, (w, i) => raw(w, i)());

      // CPU per operation (this process and PostgreSQL): the figure that holds on a busy machine.
      const postmaster = await postmasterOf(pool);
      const timed = async (loop: (w: number, i: number) => () => Promise<void>) => {
        const node0 = process.cpuUsage();
        const pg0 = postgresCpuMs(postmaster);
        const r = await runWriters(WRITERS, RUN_MS, (w, i) => loop(w, i)());
        const node = process.cpuUsage(node0);
        const cpu = `node ${round((node.user + node.system) / r.ops)} µs + PostgreSQL ${round(((postgresCpuMs(postmaster) - pg0) * 1000) / r.ops)} µs CPU each`;
        return { ...r, cpu };
      };
      const singleRates: number[] = [];
      const rawRates: number[] = [];
      for (let round_ = 1; round_ <= 2; round_++) {
        const before = { ...appendStats };
        const s = await timed(single);
        singleRates.push(s.perSecond);
        const statements = appendStats.statements - before.statements;
        log(
          `  round ${round_}: store.append (1 event)  ${round(s.perSecond)} appends/s  (${s.ops} in ${s.seconds.toFixed(1)} s; ` +
            `${round((appendStats.appends - before.appends) / statements, 2)} appends per statement, ${appendStats.regrouped - before.regrouped} groups retried one by one; ${s.cpu})`,
        );
        const r = await timed(raw);
        rawRates.push(r.perSecond);
        log(`  round ${round_}: raw INSERT              ${round(r.perSecond)} inserts/s  (${r.ops} in ${r.seconds.toFixed(1)} s; ${r.cpu})`);
      }
      const best = Math.max(...singleRates);
      const bestRaw = Math.max(...rawRates);
      return {
        append_single_per_s: round(best),
        append_raw_insert_per_s: round(bestRaw),
        append_ratio: round(best / bestRaw, 3),
      };
    } finally {
      await pool.end();
    }
  });
}
