/**
 * Rebuild without downtime: fill the next generation of a projection's tables from
 * the first event in batches while the serving generation keeps answering queries
 * (and keeps being updated by the live runner), then switch in one transaction.
 *
 * Several projections rebuild together from one read of the store (rebuildProjections):
 * each batch is read, parsed and decrypted once and handed to every one of them, and
 * their writes go through a few connections at once, so that while node folds one
 * projection's batch PostgreSQL writes another's. Rebuilt one after another, the 16
 * read models of a 762,633-event store read it 16 times and kept one core busy at a
 * time (bench/README.md, issue 28).
 */
import type pg from 'pg';
import type { Checkpoint, EventStore, StoredEvent } from '../eventstore/port.ts';
import { handlesEvent, historyReader, physicalTable, type Projection } from './projection.ts';
import { createGeneration, pointViewsAt, tableMap } from './schema.ts';
import { REBUILD_LOCK } from '../locks.ts';
import { applyIsolating, isTransientError, shouldIsolate } from './poison.ts';
import { lowerBackendPriority } from '../db/background-priority.ts';

export interface RebuildProgress {
  projection: string;
  generation: number;
  eventsRead: number;
  /** Events readable when the rebuild started: the progress bar's total. */
  totalEstimate: number;
  elapsedMs: number;
  /** Time spent writing this projection's batches (its share when several rebuild together). */
  applyMs: number;
  done: boolean;
}

export interface RebuildOptions {
  batchSize: number;
  /**
   * Connections that write the new generations at once (at most one per projection).
   * Two cores: three keep both busy, one folding in node while two write.
   */
  writers?: number;
  onProgress?: (p: RebuildProgress) => void;
}

const DEFAULT_WRITERS = 3;

/**
 * An event without its payload is a few hundred bytes of memory, so a rebuild that
 * reads envelopes only takes this many times the batch. A projection that folds a
 * batch before writing it (stream_summaries: one row per stream) then writes each row
 * fewer times: on a million events in 10,000 streams, 20,000-event batches upserted
 * 500,000 rows and 100,000-event batches 100,000 (rebuild benchmark: 69,343 → 142,653 events/s).
 */
const ENVELOPE_BATCH_FACTOR = 5;

export class RebuildRunningError extends Error {
  constructor(readonly projection: string) {
    super(`A replay of ${projection} is already running in another process`);
    this.name = 'RebuildRunningError';
  }
}

/** One projection's next generation while it is being filled. */
interface Target {
  p: Projection;
  oldGeneration: number;
  generation: number;
  table: (logical: string) => string;
  applyMs: number;
  /** How long its last batch took: the next batch goes to the writers longest first. */
  lastBatchMs: number;
}

export async function rebuildProjection(pool: pg.Pool, store: EventStore, p: Projection, opts: RebuildOptions): Promise<RebuildProgress> {
  const [result] = await rebuildProjections(pool, store, [p], opts);
  return result;
}

/**
 * Rebuilds these projections from one read of the store; each switches to its new
 * generation once the read is done, in the given order. A failure other than a poison
 * event (which is parked) ends them all before any switches: each is left as an
 * interrupted rebuild, which the next one starts over.
 */
export async function rebuildProjections(pool: pg.Pool, store: EventStore, projections: Projection[], opts: RebuildOptions): Promise<RebuildProgress[]> {
  if (projections.length === 0) return [];
  // Two rebuilds of one projection would write into the same next-generation tables.
  // The locks go with the connection if this process dies, which is how status tells
  // an interrupted rebuild from a running one.
  const lock = await pool.connect();
  const locked: string[] = [];
  try {
    for (const p of projections) {
      const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REBUILD_LOCK, p.name]);
      if (!rows[0].ok) throw new RebuildRunningError(p.name);
      locked.push(p.name);
    }
    return await rebuildLocked(pool, store, projections, opts);
  } finally {
    for (const name of locked) await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK, name]).catch(() => {});
    lock.release();
  }
}

async function rebuildLocked(pool: pg.Pool, store: EventStore, projections: Projection[], opts: RebuildOptions): Promise<RebuildProgress[]> {
  const started = Date.now();
  const totalEstimate = await estimateEvents(pool, store);
  const targets: Target[] = [];
  for (const p of projections) targets.push(await startGeneration(pool, p));

  const dataOf = dataTypesOf(projections);
  const batchSize = projections.every((p) => p.envelopeOnly) ? opts.batchSize * ENVELOPE_BATCH_FACTOR : opts.batchSize;

  let eventsRead = 0;
  const progress = (t: Target, done: boolean): RebuildProgress => ({
    projection: t.p.name,
    generation: t.generation,
    eventsRead,
    totalEstimate,
    elapsedMs: Date.now() - started,
    applyMs: Math.round(t.applyMs),
    done,
  });

  // Apply batches in their own short transactions until caught up with the store. The
  // next batch is read while this one is applied: reading and writing overlap. They are
  // written through connections of their own at background priority where the
  // database runs on this machine (background-priority.ts): live commands come first.
  // Their priority cannot be raised again, so they are closed at the end, never pooled.
  // The store is read the same way, through a connection of its own where the store has
  // one and the pool room for it beside the lock, the spare and at least one writer.
  const writers: pg.PoolClient[] = [];
  let checkpoint: Checkpoint | null = null;
  const ownReader = poolMax(pool) > RESERVED_CONNECTIONS && (await store.backgroundReader?.());
  const reader = ownReader || { readAll: store.readAll.bind(store), release: () => {} };
  try {
    for (let i = 0; i < writerCount(pool, targets.length, opts.writers); i++) {
      const writer = await pool.connect();
      writers.push(writer);
      await lowerBackendPriority(writer);
    }
    // The projections that can work out a batch without the database (Projection.prepare)
    // do so for the next batch as soon as it is read: node folds it while PostgreSQL
    // writes this one, where each batch used to be folded and then written, node waiting
    // on PostgreSQL meanwhile (issue 28: node's thread idle 109 of the 250 s that
    // performance records and team analytics took). Each projection's are made in order.
    const history = historyReader(store);
    const preparing = new Map<Target, Promise<unknown>>();
    const readAhead = async (after: Checkpoint | null) => {
      const events = await reader.readAll(after, batchSize, dataOf);
      const prepared = new Map<Target, Promise<unknown>>();
      for (const t of targets) {
        const prepare = t.p.prepare?.bind(t.p);
        if (!prepare || events.length === 0) continue;
        const relevant = events.filter((e) => handlesEvent(t.p, e.type));
        // One that fails is left to apply, which works it out again (and meets the error there).
        const made = (preparing.get(t) ?? Promise.resolve()).then(() => prepare(relevant, { table: t.table, history })).catch(() => undefined);
        preparing.set(t, made);
        prepared.set(t, made);
      }
      return { events, prepared };
    };
    let next = readAhead(checkpoint);
    for (;;) {
      const { events, prepared } = await next;
      if (events.length === 0) break;
      const batchEnd = events[events.length - 1].checkpoint;
      next = readAhead(batchEnd);
      try {
        // Each writer takes the next projection's batch until none is left, the slowest
        // first, so that the heavy ones do not end up one after another on one writer.
        const queue = [...targets].sort((a, b) => b.lastBatchMs - a.lastBatchMs);
        await Promise.all(
          writers.map(async (writer) => {
            for (let t = queue.shift(); t; t = queue.shift()) await applyBatch(writer, t, events, batchEnd, store, prepared.get(t));
          }),
        );
      } catch (e) {
        next.catch(() => {});
        throw e;
      }
      checkpoint = batchEnd;
      eventsRead += events.length;
      for (const t of targets) opts.onProgress?.(progress(t, false));
    }
  } finally {
    for (const writer of writers) writer.release(true);
    reader.release();
  }

  const results: RebuildProgress[] = [];
  for (const t of targets) {
    const tail = await switchGeneration(pool, store, t, checkpoint, batchSize);
    await dropGeneration(pool, t.p, t.oldGeneration);
    const result = { ...progress(t, true), eventsRead: eventsRead + tail };
    opts.onProgress?.(result);
    results.push(result);
  }
  return results;
}

/**
 * The event types read with their data: those some projection applies (the others are
 * skipped anyway), none when every one reads envelopes only, all (undefined) for '*'.
 */
function dataTypesOf(projections: Projection[]): string[] | undefined {
  const readers = projections.filter((p) => !p.envelopeOnly);
  return readers.some((p) => p.handles[0] === '*') ? undefined : [...new Set(readers.flatMap((p) => p.handles))];
}

/**
 * Connections a rebuild keeps from its writers: the lock's, the reader's and one for the
 * rest (the personal-data keys a read opens, progress).
 */
const RESERVED_CONNECTIONS = 3;

/**
 * Writers to open: as asked (one per projection at most), within what the pool holds
 * beside RESERVED_CONNECTIONS. More would wait for a connection that only the end of
 * the rebuild frees (the CLI's pool holds 6).
 */
function writerCount(pool: pg.Pool, projections: number, asked = DEFAULT_WRITERS): number {
  return Math.max(1, Math.min(asked, projections, poolMax(pool) - RESERVED_CONNECTIONS));
}

const poolMax = (pool: pg.Pool) => (pool as pg.Pool & { options: { max?: number } }).options.max ?? 10;

/** Registers the rebuild (status shows it) and creates the empty tables of the next generation. */
async function startGeneration(pool: pg.Pool, p: Projection): Promise<Target> {
  const { rows } = await pool.query<{ generation: number }>('SELECT generation FROM projection_checkpoints WHERE projection = $1', [p.name]);
  if (!rows[0]) throw new Error(`Projection ${p.name} is not installed yet: start the server once first`);
  const oldGeneration = rows[0].generation;
  const generation = oldGeneration + 1;
  await pool.query(
    `INSERT INTO projection_rebuilds (projection, generation, version, checkpoint) VALUES ($1, $2, $3, NULL)
     ON CONFLICT (projection) DO UPDATE SET generation = $2, version = $3, checkpoint = NULL, started_at = now()`,
    [p.name, generation, p.version],
  );
  await createGeneration(pool, p, generation);
  // An interrupted rebuild may have parked into this generation: it starts over.
  await pool.query('DELETE FROM projection_parked_events WHERE projection = $1 AND generation >= $2', [p.name, generation]);
  return { p, oldGeneration, generation, table: tableMap(p, generation), applyMs: 0, lastBatchMs: 0 };
}

/** One batch into one projection's next generation, with its checkpoint, in one transaction. */
async function applyBatch(writer: pg.PoolClient, t: Target, events: StoredEvent[], batchEnd: Checkpoint, store: EventStore, prepared?: Promise<unknown>): Promise<void> {
  const started = performance.now();
  try {
    await commitBatch(writer, t, events, batchEnd, store, await prepared);
  } finally {
    t.lastBatchMs = performance.now() - started;
    t.applyMs += t.lastBatchMs;
  }
}

async function commitBatch(writer: pg.PoolClient, t: Target, events: StoredEvent[], batchEnd: Checkpoint, store: EventStore, prepared: unknown): Promise<void> {
  const { p, table, generation } = t;
  const ctx = { tx: writer, table, history: historyReader(store), unwatched: true };
  const relevant = events.filter((e) => handlesEvent(p, e.type));
  const commit = async (isolate: boolean) => {
    try {
      await writer.query('BEGIN');
      await writer.query('SET LOCAL synchronous_commit = off');
      if (isolate) await applyIsolating(p, relevant, ctx, { projection: p.name, generation });
      else if (relevant.length) await p.apply(relevant, ctx, prepared);
      await writer.query('UPDATE projection_rebuilds SET checkpoint = $2 WHERE projection = $1', [p.name, batchEnd]);
      await writer.query('COMMIT');
    } catch (e) {
      await writer.query('ROLLBACK').catch(() => {});
      throw e;
    }
  };
  // Poison events are parked into the new generation, as the live runner does.
  // The environment's failure ends the rebuild; an unknown class gets a few tries.
  for (let tries = 1; ; tries++) {
    try {
      return await commit(false);
    } catch (e) {
      if (relevant.length === 0 || isTransientError(e)) throw e;
      if (shouldIsolate(e, tries)) return await commit(true);
    }
  }
}

/**
 * Lock the serving checkpoint row so the live runner pauses, apply the last few
 * events, then point the views at the new generation. Returns the events it read.
 */
async function switchGeneration(pool: pg.Pool, store: EventStore, t: Target, from: Checkpoint | null, batchSize: number): Promise<number> {
  const { p, table, generation } = t;
  const dataOf = dataTypesOf([p]);
  let checkpoint = from;
  let read = 0;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE', [p.name]);
    for (;;) {
      const events = await store.readAll(checkpoint, batchSize, dataOf);
      if (events.length === 0) break;
      const relevant = events.filter((e) => handlesEvent(p, e.type));
      if (relevant.length) await applyIsolating(p, relevant, { tx: client, table, history: historyReader(store), unwatched: true }, { projection: p.name, generation });
      checkpoint = events[events.length - 1].checkpoint;
      read += events.length;
    }
    await pointViewsAt(client, p, generation);
    await client.query('UPDATE projection_checkpoints SET generation = $2, version = $3, checkpoint = $4, updated_at = now() WHERE projection = $1', [
      p.name,
      generation,
      p.version,
      checkpoint,
    ]);
    await client.query('DELETE FROM projection_rebuilds WHERE projection = $1', [p.name]);
    // What the old copy parked is settled: the new copy either applied it or parked it again.
    await client.query('DELETE FROM projection_parked_events WHERE projection = $1 AND generation < $2', [p.name, generation]);
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  return read;
}

/**
 * The old copy goes once nothing uses it. A short lock timeout keeps this from queueing
 * queries behind a reader that still has it open; a copy left behind that way stays
 * until dropped by hand (it is never read: the views point at the new one).
 */
async function dropGeneration(pool: pg.Pool, p: Projection, generation: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("SET lock_timeout = '2s'");
    for (const logical of [...Object.keys(p.tables), ...(p.retiredTables ?? [])]) {
      await client.query(`DROP TABLE IF EXISTS ${physicalTable(logical, generation)}`).catch(() => {});
    }
  } finally {
    await client.query('RESET lock_timeout').catch(() => {});
    client.release();
  }
}

async function estimateEvents(pool: pg.Pool, store: EventStore): Promise<number> {
  if (store.kind !== 'postgres') return 0;
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events');
  return Number(rows[0].n);
}
