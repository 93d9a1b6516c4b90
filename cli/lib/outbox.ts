/** The mail outbox as `spotter status` shows it: what waits, what waits for the hourly limit, what went, what failed. */
import type pg from 'pg';

export interface OutboxCounts {
  queued: number;
  /** Waiting because their recipient had their 30 mails this hour; they go later. */
  deferred: number;
  sending: number;
  sent: number;
  failed: number;
}

export async function loadOutbox(pool: pg.Pool, now: Date = new Date()): Promise<OutboxCounts> {
  const { rows } = await pool.query<OutboxCounts>(
    `SELECT count(*) FILTER (WHERE status = 'pending' AND (not_before IS NULL OR not_before <= $1))::int AS queued,
            count(*) FILTER (WHERE status = 'pending' AND not_before > $1)::int AS deferred,
            count(*) FILTER (WHERE status = 'sending')::int AS sending,
            count(*) FILTER (WHERE status = 'sent')::int AS sent,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
     FROM email_outbox`,
    [now],
  );
  return rows[0];
}
