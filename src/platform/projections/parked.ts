/**
 * The dead-letter list (projection_parked_events, filled by poison.ts) and its retry:
 * after a fix, a parked event is applied again to the serving copy of its projection's
 * tables, under the lock of that projection's checkpoint row so it never interleaves
 * with a batch of the live runner. A retry that fails again stays parked with the new
 * error.
 *
 * A parked event is applied on its own, after the events that followed it: handlers
 * that keep a version per row skip what a later event already superseded. When order
 * matters for the result, `spotter replay <projection>` after the fix rebuilds it all.
 */
import type pg from 'pg';
import type { EventStore } from '../eventstore/port.ts';
import { historyReader, type Projection } from './projection.ts';
import { tableMap } from './schema.ts';
import { errorText } from './poison.ts';
import { CHANGES_CHANNEL, notifyPayloads } from './runner.ts';

export interface ParkedEvent {
  id: number;
  projection: string;
  generation: number;
  checkpoint: string;
  eventId: string;
  stream: string;
  streamVersion: number;
  type: string;
  error: string;
  parkedAt: Date;
  attempts: number;
}

export interface RetryResult {
  id: number;
  projection: string;
  eventId: string;
  outcome: 'applied' | 'failed' | 'gone';
  error: string | null;
}

interface Row {
  id: number;
  projection: string;
  generation: number;
  checkpoint: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  error: string;
  parked_at: Date;
  attempts: number;
}

const fromRow = (r: Row): ParkedEvent => ({
  id: Number(r.id),
  projection: r.projection,
  generation: r.generation,
  checkpoint: r.checkpoint,
  eventId: r.event_id,
  stream: r.stream_id,
  streamVersion: Number(r.stream_version),
  type: r.event_type,
  error: r.error,
  parkedAt: r.parked_at,
  attempts: r.attempts,
});

/** Parked events of the serving copies (a rebuild in progress parks into its own generation). */
export async function listParked(pool: pg.Pool, opts: { projection?: string; limit?: number } = {}): Promise<ParkedEvent[]> {
  const { rows } = await pool.query<Row>(
    `SELECT x.* FROM projection_parked_events x
     JOIN projection_checkpoints c ON c.projection = x.projection AND c.generation = x.generation
     WHERE $1::text IS NULL OR x.projection = $1
     ORDER BY x.checkpoint, x.id LIMIT $2`,
    [opts.projection ?? null, opts.limit ?? 1000],
  );
  return rows.map(fromRow);
}

export async function retryParked(
  pool: pg.Pool,
  store: EventStore,
  projections: Projection[],
  which: { ids?: number[]; all?: boolean; projection?: string },
): Promise<RetryResult[]> {
  const parked = await listParked(pool, { projection: which.projection, limit: 100_000 });
  const targets = parked.filter((p) => which.all || which.ids?.includes(p.id));
  const results: RetryResult[] = [];
  for (const parked of targets) results.push(await retryOne(pool, store, projections, parked));
  return results;
}

async function retryOne(pool: pg.Pool, store: EventStore, projections: Projection[], parked: ParkedEvent): Promise<RetryResult> {
  const base = { id: parked.id, projection: parked.projection, eventId: parked.eventId };
  const p = projections.find((x) => x.name === parked.projection);
  const event = (await store.readStream(parked.stream, parked.streamVersion)).find((e) => e.id === parked.eventId);
  if (!p) return { ...base, outcome: 'failed', error: `No projection named ${parked.projection} runs here` };
  const tx = await pool.connect();
  try {
    await tx.query('BEGIN');
    // The runner's batches lock this row too: the retry waits for a batch in flight.
    const { rows } = await tx.query<{ generation: number; checkpoint: string | null }>(
      'SELECT generation, checkpoint FROM projection_checkpoints WHERE projection = $1 FOR UPDATE',
      [p.name],
    );
    const gone = await tx.query('SELECT 1 FROM projection_parked_events WHERE id = $1 FOR UPDATE', [parked.id]);
    if (!event || !gone.rowCount || rows[0]?.generation !== parked.generation) {
      // The event left the store, another retry got there first, or a replay replaced the copy.
      await tx.query('DELETE FROM projection_parked_events WHERE id = $1', [parked.id]);
      await tx.query('COMMIT');
      return { ...base, outcome: 'gone', error: null };
    }
    await tx.query('SAVEPOINT retry');
    try {
      const topics = [...(await p.apply([event], { tx, table: tableMap(p, parked.generation), history: historyReader(store) }))];
      await tx.query('DELETE FROM projection_parked_events WHERE id = $1', [parked.id]);
      for (const payload of notifyPayloads(p.name, rows[0].checkpoint ?? parked.checkpoint, topics)) {
        await tx.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, payload]);
      }
      await tx.query('COMMIT');
      return { ...base, outcome: 'applied', error: null };
    } catch (e) {
      await tx.query('ROLLBACK TO SAVEPOINT retry');
      const error = errorText(e);
      await tx.query('UPDATE projection_parked_events SET error = $2, attempts = attempts + 1 WHERE id = $1', [parked.id, error]);
      await tx.query('COMMIT');
      return { ...base, outcome: 'failed', error };
    }
  } catch (e) {
    await tx.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    tx.release();
  }
}
