/**
 * (a)+(c) Single-event appends through PostgresEventStore.append against a raw INSERT
 * of the same row on the same database, 8 concurrent writers each, in two shapes:
 *
 * - `exact`: every writer owns 200 streams and tracks their versions, so each append
 *   carries the right expected version and never conflicts. Pool of 10.
 * - `any`: no expected version ('any'), each writer appending to random streams among
 *   2,000 of its own, on a pool as large as the writers (8).
 *
 * The raw loop of a shape runs on that shape's pool: the same writers each INSERTing
 * the same row (stream, n, data) into `bench_raw`, a table with a bigserial key and a
 * timestamp default as es_events has. Within a shape the two loops run alternately,
 * twice each, and the better run of each counts.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { migrate } from '../src/platform/db/migrations.ts';
import { appendStats, PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import type { ExpectedVersion, NewEvent } from '../src/platform/eventstore/port.ts';
import { benchPool, log, postgresCpuMs, postmasterOf, round, runWriters, setLoggedData, withBenchDatabase } from './lib.ts';

export const WRITERS = 8;
export const POOL_SIZE = 10;
const STREAMS_PER_WRITER = 200;
const ANY_POOL_SIZE = WRITERS;
const ANY_STREAMS_PER_WRITER = 2000;
const RUN_MS = Number(process.env.BENCH_APPEND_MS ?? 8000);
/** The raw baseline's table: the same row as an event's, with a key and a timestamp default as es_events has. */
export const RAW_TABLE_SQL = 'CREATE TABLE bench_raw (id bigserial PRIMARY KEY, stream text, n int, data jsonb, created_at timestamptz DEFAULT now())';
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

type Loop = (w: number, i: number) => Promise<void>;

/**
 * The store's loop against the raw loop on one pool: warm-up of each, then two timed
 * runs of each, alternately. The better run of each counts.
 */
async function compare(pool: pg.Pool, label: string, append: Loop, streamsPerWriter: number): Promise<{ store: number; raw: number }> {
  // The same writers and the same row, one INSERT each.
  const raw: Loop = async (w, i) => {
    const index = Math.floor(Math.random() * streamsPerWriter);
    await pool.query({
      name: 'bench_raw_insert',
      text: 'INSERT INTO bench_raw (stream, n, data) VALUES ($1, $2, $3)',
      values: [`bench-w${w}s${index}`, i, JSON.stringify(setLoggedData(i))],
    });
  };
  // Warm-up: connections, prepared statements, first stream rows.
  await runWriters(WRITERS, WARMUP_MS, append);
  await runWriters(WRITERS, WARMUP_MS, raw);

  // CPU per operation (this process and PostgreSQL): the figure that holds on a busy machine.
  const postmaster = await postmasterOf(pool);
  const timed = async (loop: Loop) => {
    const node0 = process.cpuUsage();
    const pg0 = postgresCpuMs(postmaster);
    const r = await runWriters(WRITERS, RUN_MS, loop);
    const node = process.cpuUsage(node0);
    const cpu = `node ${round((node.user + node.system) / r.ops)} µs + PostgreSQL ${round(((postgresCpuMs(postmaster) - pg0) * 1000) / r.ops)} µs CPU each`;
    return { ...r, cpu };
  };
  const storeRates: number[] = [];
  const rawRates: number[] = [];
  for (let round_ = 1; round_ <= 2; round_++) {
    const before = { ...appendStats };
    const s = await timed(append);
    storeRates.push(s.perSecond);
    const statements = appendStats.statements - before.statements;
    log(
      `  ${label} round ${round_}: store.append (1 event)  ${round(s.perSecond)} appends/s  (${s.ops} in ${s.seconds.toFixed(1)} s; ` +
        `${round((appendStats.appends - before.appends) / statements, 2)} appends per statement, ${appendStats.regrouped - before.regrouped} groups retried one by one; ${s.cpu})`,
    );
    const r = await timed(raw);
    rawRates.push(r.perSecond);
    log(`  ${label} round ${round_}: raw INSERT              ${round(r.perSecond)} inserts/s  (${r.ops} in ${r.seconds.toFixed(1)} s; ${r.cpu})`);
  }
  return { store: Math.max(...storeRates), raw: Math.max(...rawRates) };
}

export async function run(): Promise<Record<string, number>> {
  return withBenchDatabase('append', async (url) => {
    const setup = benchPool(url, 1);
    try {
      await migrate(setup);
      await setup.query(RAW_TABLE_SQL);
    } finally {
      await setup.end();
    }

    const figures: Record<string, number> = {};
    const exactPool = benchPool(url, POOL_SIZE);
    try {
      const store = new PostgresEventStore(exactPool);
      const streams = new OwnedStreams('bench', WRITERS, STREAMS_PER_WRITER);
      const exact: Loop = async (w, i) => {
        const { stream, index, expected } = streams.pick(w);
        const r = await store.append(stream, benchEvents(1, i, w), expected);
        streams.appended(w, index, r.nextExpectedVersion);
      };
      const r = await compare(exactPool, 'exact version, pool 10:', exact, STREAMS_PER_WRITER);
      figures.append_single_per_s = round(r.store);
      figures.append_raw_insert_per_s = round(r.raw);
      figures.append_ratio = round(r.store / r.raw, 3);
      await store.close();
    } finally {
      await exactPool.end();
    }

    const anyPool = benchPool(url, ANY_POOL_SIZE);
    try {
      const store = new PostgresEventStore(anyPool);
      const any: Loop = async (w, i) => {
        const index = Math.floor(Math.random() * ANY_STREAMS_PER_WRITER);
        await store.append(`any-w${w}s${index}`, benchEvents(1, i, w), 'any');
      };
      const r = await compare(anyPool, `'any', pool ${ANY_POOL_SIZE}:`, any, ANY_STREAMS_PER_WRITER);
      figures.append_any_per_s = round(r.store);
      figures.append_any_raw_insert_per_s = round(r.raw);
      figures.append_any_ratio = round(r.store / r.raw, 3);
      await store.close();
    } finally {
      await anyPool.end();
    }
    return figures;
  });
}
