/**
 * The training-day reminder: each athlete with the reminder on gets one push on a
 * day they have a planned workout not yet started, once their own clock (their profile's time zone)
 * passes the time they chose, and at most three hours after it (a server that was
 * down all morning does not send the morning reminder at night). Once per athlete
 * and local date: the push_reminders row is written in the same transaction as the
 * deliveries, so servers running this side by side, or a rerun, queue it once.
 */
import type pg from 'pg';
import { reminderPush } from './domain/payloads.ts';

/** How late after the chosen time a reminder still goes out. */
export const REMINDER_WINDOW_MINUTES = 180;
/** A reminder not delivered by the end of a few hours is no use: the push service drops it. */
export const REMINDER_TTL_SECONDS = 6 * 60 * 60;

/** Queues the reminders due at `now`; returns how many athletes got one. */
export async function queueReminders(pool: pg.Pool, now: Date): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ athlete_id: string; date: string; workouts: { id: string; name: string | null }[] }>(
      `WITH due AS (
         SELECT p.user_id, (($1::timestamptz AT TIME ZONE u.time_zone))::date AS local_date
           FROM push_preferences p JOIN user_profiles u ON u.user_id = p.user_id
          WHERE p.reminder
            AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p.user_id)
            AND (extract(hour FROM $1::timestamptz AT TIME ZONE u.time_zone) * 60 + extract(minute FROM $1::timestamptz AT TIME ZONE u.time_zone))
                BETWEEN p.reminder_minute AND p.reminder_minute + $2
       ), planned AS (
         SELECT d.user_id, d.local_date, jsonb_agg(jsonb_build_object('id', w.id, 'name', w.name) ORDER BY w.created_at, w.id) AS workouts
           FROM due d JOIN workouts w ON w.athlete_id = d.user_id AND w.date = d.local_date AND NOT w.deleted AND w.base_status = 'scheduled'
          GROUP BY d.user_id, d.local_date
       ), claimed AS (
         INSERT INTO push_reminders (athlete_id, date, queued_at) SELECT user_id, local_date, $1 FROM planned
         ON CONFLICT (athlete_id, date) DO NOTHING RETURNING athlete_id, date
       )
       SELECT c.athlete_id, to_char(c.date, 'YYYY-MM-DD') AS date, p.workouts
         FROM claimed c JOIN planned p ON p.user_id = c.athlete_id AND p.local_date = c.date`,
      [now, REMINDER_WINDOW_MINUTES],
    );
    if (rows.length > 0) {
      const payloads = rows.map((r) => reminderPush(r.date, r.workouts));
      await client.query(
        `INSERT INTO push_deliveries (event_key, subscription_id, kind, payload, ttl_seconds)
         SELECT c.key, s.id, 'reminder', c.payload, $4
           FROM unnest($1::text[], $2::uuid[], $3::jsonb[]) AS c(key, user_id, payload)
           JOIN push_subscriptions s ON s.user_id = c.user_id
         ON CONFLICT (event_key, subscription_id) DO NOTHING`,
        [rows.map((r) => `reminder:${r.athlete_id}:${r.date}`), rows.map((r) => r.athlete_id), payloads.map((p) => JSON.stringify(p)), REMINDER_TTL_SECONDS],
      );
    }
    await client.query('COMMIT');
    return rows.length;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
