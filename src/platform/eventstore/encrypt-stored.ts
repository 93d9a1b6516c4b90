/**
 * The one-time encryption of events stored before personal data was encrypted (issue
 * 26): each stored event whose type has personal fields is rewritten in place with
 * those fields sealed, keeping its position, transaction id, stream version and event
 * id, so checkpoints, read models and command ids stay valid. Resumable and
 * idempotent: a sealed field is an object and is left alone, so a run cut short simply
 * runs again at the next start; a finished run is recorded in personal_data_rewrite and
 * later starts skip it. Short transactions: an UPDATE of es_events holds back readers
 * of newer appends (migration 014's horizon) only while it runs.
 */
import type pg from 'pg';
import { EVENT_CLASSIFICATION } from '../../kernel/personal-fields.ts';
import type { PersonalDataCodec } from './personal-data.ts';

const BATCH = 500;

export async function encryptStoredEvents(pool: pg.Pool, codec: PersonalDataCodec, log: (m: string) => void = () => {}): Promise<number> {
  const { rows: done } = await pool.query('SELECT 1 FROM personal_data_rewrite LIMIT 1');
  if (done.length > 0) return 0;
  const types = Object.entries(EVENT_CLASSIFICATION)
    .filter(([, c]) => c.personal && Object.keys(c.personal).length > 0)
    .map(([t]) => t);
  let after = 0;
  let rewritten = 0;
  for (;;) {
    const { rows } = await pool.query<{ position: number; event_type: string; data: unknown }>(
      'SELECT position, event_type, data FROM es_events WHERE position > $1 AND event_type = ANY($2::text[]) ORDER BY position LIMIT $3',
      [after, types, BATCH],
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1].position);
    const sealed = await codec.encode(rows.map((r) => ({ type: r.event_type, data: r.data })));
    const changed = rows.flatMap((r, i) => (JSON.stringify(sealed[i].data) === JSON.stringify(r.data) ? [] : [{ position: r.position, data: sealed[i].data }]));
    if (changed.length === 0) continue;
    await pool.query('UPDATE es_events e SET data = x.data FROM jsonb_to_recordset($1::jsonb) AS x(position bigint, data jsonb) WHERE e.position = x.position', [
      JSON.stringify(changed),
    ]);
    rewritten += changed.length;
  }
  await pool.query('INSERT INTO personal_data_rewrite (done_at, events) VALUES (now(), $1)', [rewritten]);
  if (rewritten > 0) log(`Encrypted the personal data of ${rewritten} stored events`);
  return rewritten;
}
