/**
 * One row per event stream: its type, length and last activity. It feeds
 * `spotter events` and the health page, and is the projection the rebuild benchmark
 * replays because it reads every event.
 */
import type { Projection } from './projection.ts';

export const streamSummaries: Projection = {
  name: 'stream_summaries',
  // 2: last_checkpoint, so "most recently active" follows the store's order (times tie within a millisecond).
  version: 2,
  handles: ['*'],
  readsData: false,
  tables: {
    stream_summaries: (t) => `
      CREATE TABLE ${t} (
        stream_id     text PRIMARY KEY,
        stream_type   text NOT NULL,
        event_count   bigint NOT NULL,
        last_event    text NOT NULL,
        last_event_at timestamptz NOT NULL,
        last_checkpoint text NOT NULL
      )`,
  },
  async apply(events, { tx, table }) {
    // Fold the batch in memory first: one row per stream, then one statement.
    const rows = new Map<string, { type: string; count: number; last: string; at: Date; checkpoint: string }>();
    for (const e of events) {
      const row = rows.get(e.stream);
      if (row) {
        row.count++;
        row.last = e.type;
        row.at = e.time;
        row.checkpoint = e.checkpoint;
      } else {
        const dash = e.stream.indexOf('-');
        rows.set(e.stream, { type: dash > 0 ? e.stream.slice(0, dash) : e.stream, count: 1, last: e.type, at: e.time, checkpoint: e.checkpoint });
      }
    }
    const ids = [...rows.keys()];
    const vals = [...rows.values()];
    await tx.query(
      `INSERT INTO ${table('stream_summaries')} AS s (stream_id, stream_type, event_count, last_event, last_event_at, last_checkpoint)
       SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[], $6::text[])
       ON CONFLICT (stream_id) DO UPDATE SET
         event_count = s.event_count + excluded.event_count,
         last_event = excluded.last_event,
         last_event_at = excluded.last_event_at,
         last_checkpoint = excluded.last_checkpoint`,
      [ids, vals.map((v) => v.type), vals.map((v) => v.count), vals.map((v) => v.last), vals.map((v) => v.at), vals.map((v) => v.checkpoint)],
    );
    return ['staff:streams'];
  },
};
