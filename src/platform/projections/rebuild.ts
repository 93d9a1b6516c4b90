/**
 * Rebuild without downtime: fill the next generation of a projection's tables from
 * the first event in batches while the serving generation keeps answering queries
 * (and keeps being updated by the live runner), then switch in one transaction.
 */
import type pg from 'pg';
import type { Checkpoint, EventStore } from '../eventstore/port.ts';
import { handlesEvent, physicalTable, type Projection } from './projection.ts';
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
  done: boolean;
}

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

export async function rebuildProjection(
  pool: pg.Pool,
  store: EventStore,
  p: Projection,
  opts: { batchSize: number; onProgress?: (p: RebuildProgress) => void },
): Promise<RebuildProgress> {
  // Two rebuilds of one projection would write into the same next-generation tables.
  // The lock goes with the connection if this process dies, which is how status tells
  // an interrupted rebuild from a running one.
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [REBUILD_LOCK, p.name]);
    if (!rows[0].ok) throw new RebuildRunningError(p.name);
    try {
      return await rebuildLocked(pool, store, p, opts);
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [REBUILD_LOCK, p.name]).catch(() => {});
    }
  } finally {
    lock.release();
  }
}

async function rebuildLocked(pool: pg.Pool, store: EventStore, p: Projection, opts: { batchSize: number; onProgress?: (p: RebuildProgress) => void }): Promise<RebuildProgress> {
  const started = Date.now();
  const { rows } = await pool.query<{ generation: number }>('SELECT generation FROM projection_checkpoints WHERE projection = $1', [p.name]);
  if (!rows[0]) throw new Error(`Projection ${p.name} is not installed yet: start the server once first`);
  const oldGeneration = rows[0].generation;
  const generation = oldGeneration + 1;
  const totalEstimate = await estimateEvents(pool, store);

  await pool.query(
    `INSERT INTO projection_rebuilds (projection, generation, version, checkpoint) VALUES ($1, $2, $3, NULL)
     ON CONFLICT (projection) DO UPDATE SET generation = $2, version = $3, checkpoint = NULL, started_at = now()`,
    [p.name, generation, p.version],
  );
  await createGeneration(pool, p, generation);
  // An interrupted rebuild may have parked into this generation: it starts over.
  await pool.query('DELETE FROM projection_parked_events WHERE projection = $1 AND generation >= $2', [p.name, generation]);
  const table = tableMap(p, generation);

  let checkpoint: Checkpoint | null = null;
  let eventsRead = 0;
  // Only the types it applies come with their data (the others are skipped anyway), and
  // none when it reads envelopes only.
  const dataOf = p.envelopeOnly ? [] : p.handles[0] === '*' ? undefined : p.handles;
  const batchSize = p.envelopeOnly ? opts.batchSize * ENVELOPE_BATCH_FACTOR : opts.batchSize;
  const progress = (done: boolean): RebuildProgress => ({ projection: p.name, generation, eventsRead, totalEstimate, elapsedMs: Date.now() - started, done });

  // Apply batches in their own short transactions until caught up with the store. The
  // next batch is read while this one is applied: reading and writing overlap. They are
  // written through one connection of their own at background priority where the
  // database runs on this machine (background-priority.ts): live commands come first.
  // Its priority cannot be raised again, so it is closed at the end, never pooled.
  const writer = await pool.connect();
  try {
    await lowerBackendPriority(writer);
    let next = store.readAll(checkpoint, batchSize, dataOf);
    for (;;) {
      const events = await next;
      if (events.length === 0) break;
      const batchEnd = events[events.length - 1].checkpoint;
      next = store.readAll(batchEnd, batchSize, dataOf);
      const relevant = events.filter((e) => handlesEvent(p, e.type));
      const commit = async (isolate: boolean) => {
        try {
          await writer.query('BEGIN');
          await writer.query('SET LOCAL synchronous_commit = off');
          if (isolate) await applyIsolating(p, relevant, { tx: writer, table }, { projection: p.name, generation });
          else if (relevant.length) await p.apply(relevant, { tx: writer, table });
          await writer.query('UPDATE projection_rebuilds SET checkpoint = $2 WHERE projection = $1', [p.name, batchEnd]);
          await writer.query('COMMIT');
        } catch (e) {
          await writer.query('ROLLBACK').catch(() => {});
          throw e;
        }
      };
      try {
        // Poison events are parked into the new generation, as the live runner does.
        // The environment's failure ends the rebuild; an unknown class gets a few tries.
        for (let tries = 1; ; tries++) {
          try {
            await commit(false);
            break;
          } catch (e) {
            if (relevant.length === 0 || isTransientError(e)) throw e;
            if (shouldIsolate(e, tries)) {
              await commit(true);
              break;
            }
          }
        }
      } catch (e) {
        next.catch(() => {});
        throw e;
      }
      checkpoint = batchEnd;
      eventsRead += events.length;
      opts.onProgress?.(progress(false));
    }
  } finally {
    writer.release(true);
  }

  // Switch: lock the serving checkpoint row so the live runner pauses, apply the
  // last few events, then point the views at the new generation.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 FOR UPDATE', [p.name]);
    for (;;) {
      const events = await store.readAll(checkpoint, batchSize, dataOf);
      if (events.length === 0) break;
      const relevant = events.filter((e) => handlesEvent(p, e.type));
      if (relevant.length) await applyIsolating(p, relevant, { tx: client, table }, { projection: p.name, generation });
      checkpoint = events[events.length - 1].checkpoint;
      eventsRead += events.length;
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
  await dropGeneration(pool, p, oldGeneration);
  const result = progress(true);
  opts.onProgress?.(result);
  return result;
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
    for (const logical of Object.keys(p.tables)) {
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
