/** `spotter events`: the most recently active streams, from the stream_summaries read model. */
import type pg from 'pg';
import type { EventStore } from '../../src/platform/eventstore/port.ts';

export interface StreamRow {
  stream: string;
  type: string;
  events: number;
  lastEvent: string;
  lastEventAt: Date;
}

export class ReadModelMissingError extends Error {
  constructor(readonly table: string) {
    super(`The ${table} read model is not installed yet: start the server once, or run \`spotter replay ${table}\``);
    this.name = 'ReadModelMissingError';
  }
}

export async function listStreams(pool: pg.Pool, opts: { type?: string; limit: number }): Promise<StreamRow[]> {
  try {
    const { rows } = await pool.query<{ stream_id: string; stream_type: string; event_count: string | number; last_event: string; last_event_at: Date }>(
      `SELECT stream_id, stream_type, event_count, last_event, last_event_at
       FROM stream_summaries
       WHERE $1::text IS NULL OR stream_type = $1
       ORDER BY last_checkpoint DESC
       LIMIT $2`,
      [opts.type ?? null, opts.limit],
    );
    return rows.map((r) => ({
      stream: r.stream_id,
      type: r.stream_type,
      // bigint: a string unless the platform's type parser turned it into a number.
      events: Number(r.event_count),
      lastEvent: r.last_event,
      lastEventAt: r.last_event_at,
    }));
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') throw new ReadModelMissingError('stream_summaries');
    throw e;
  }
}

export interface StreamEventRow {
  version: number;
  type: string;
  time: Date;
  id: string;
  data: unknown;
  metadata: unknown;
}

/**
 * One stream's events, oldest first (the last `limit`), through the event store's own
 * readStream: the one place the CLI reads events rather than a read model, because a
 * stream's history is what the staff member asked to see.
 */
export async function streamEvents(store: EventStore, stream: string, limit: number): Promise<StreamEventRow[]> {
  const events = await store.readStream(stream);
  return events.slice(-limit).map((e) => ({ version: e.streamVersion, type: e.type, time: e.time, id: e.id, data: e.data, metadata: e.metadata }));
}
