/**
 * Each user's push subscriptions (one per browser or phone) and preferences. An
 * endpoint belongs to one account at a time: the browser's subscription is the
 * device's, so whoever turned notifications on last on that device gets them.
 */
import type pg from 'pg';
import { DomainError } from '../kernel/decider.ts';
import { PUSH_KINDS, type PushKind } from './domain/payloads.ts';

/** Devices per account; subscribing one more drops the oldest (browsers renew subscriptions). */
export const MAX_SUBSCRIPTIONS = 20;
export const SUBSCRIPTION_NOT_FOUND = 'Push subscription not found.';

export interface SubscriptionOut {
  id: string;
  endpoint: string;
  userAgent: string | null;
  createdAt: string;
}

interface SubscriptionRow {
  id: string;
  endpoint: string;
  user_agent: string | null;
  created_at: Date;
}

const out = (r: SubscriptionRow): SubscriptionOut => ({ id: r.id, endpoint: r.endpoint, userAgent: r.user_agent, createdAt: r.created_at.toISOString() });

export async function subscribe(
  pool: pg.Pool,
  userId: string,
  s: { endpoint: string; p256dh: string; auth: string; userAgent: string | null },
): Promise<{ subscription: SubscriptionOut; created: boolean }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // xmax = 0 only for a row this statement inserted (not one it updated).
    const { rows } = await client.query<SubscriptionRow & { inserted: boolean }>(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, user_agent) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent,
         created_at = CASE WHEN push_subscriptions.user_id = EXCLUDED.user_id THEN push_subscriptions.created_at ELSE now() END
       RETURNING id, endpoint, user_agent, created_at, (xmax = 0) AS inserted`,
      [userId, s.endpoint, s.p256dh, s.auth, s.userAgent],
    );
    await client.query(
      `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT ${MAX_SUBSCRIPTIONS})`,
      [userId],
    );
    await client.query('COMMIT');
    return { subscription: out(rows[0]), created: rows[0].inserted };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

export async function listSubscriptions(db: pg.Pool | pg.PoolClient, userId: string): Promise<SubscriptionOut[]> {
  const { rows } = await db.query<SubscriptionRow>('SELECT id, endpoint, user_agent, created_at FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id', [userId]);
  return rows.map(out);
}

/** Removes one of the caller's own subscriptions; anyone else's is "not found". */
export async function unsubscribe(pool: pg.Pool, userId: string, id: string): Promise<void> {
  const { rowCount } = await pool.query('DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2', [id, userId]);
  if (!rowCount) throw new DomainError(404, SUBSCRIPTION_NOT_FOUND);
}

export type PushPreferences = Record<PushKind, boolean> & {
  /** 'HH:MM' in the user's own time zone. */
  reminderTime: string;
};

export const DEFAULT_PREFERENCES: PushPreferences = { workout: true, comment: true, message: true, reminder: false, reminderTime: '07:00' };

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export async function getPreferences(db: pg.Pool | pg.PoolClient, userId: string): Promise<PushPreferences> {
  const { rows } = await db.query<Record<PushKind, boolean> & { reminder_minute: number }>(
    'SELECT workout, comment, message, reminder, reminder_minute FROM push_preferences WHERE user_id = $1',
    [userId],
  );
  const r = rows[0];
  if (!r) return { ...DEFAULT_PREFERENCES };
  return { ...Object.fromEntries(PUSH_KINDS.map((k) => [k, r[k]])), reminderTime: hhmm(r.reminder_minute) } as PushPreferences;
}

/** Saves the preferences given; those left out keep their value (in one statement, so two saves never undo each other). */
export async function savePreferences(pool: pg.Pool, userId: string, change: Partial<PushPreferences>, now: Date): Promise<PushPreferences> {
  const d = DEFAULT_PREFERENCES;
  await pool.query(
    `INSERT INTO push_preferences (user_id, workout, comment, message, reminder, reminder_minute, updated_at)
     VALUES ($1, coalesce($2::boolean, $8::boolean), coalesce($3::boolean, $9::boolean), coalesce($4::boolean, $10::boolean),
             coalesce($5::boolean, $11::boolean), coalesce($6::smallint, $12::smallint), $7)
     ON CONFLICT (user_id) DO UPDATE SET workout = coalesce($2::boolean, push_preferences.workout), comment = coalesce($3::boolean, push_preferences.comment),
       message = coalesce($4::boolean, push_preferences.message), reminder = coalesce($5::boolean, push_preferences.reminder),
       reminder_minute = coalesce($6::smallint, push_preferences.reminder_minute), updated_at = $7`,
    [
      userId,
      change.workout ?? null,
      change.comment ?? null,
      change.message ?? null,
      change.reminder ?? null,
      change.reminderTime === undefined ? null : minuteOf(change.reminderTime),
      now,
      d.workout,
      d.comment,
      d.message,
      d.reminder,
      minuteOf(d.reminderTime),
    ],
  );
  return getPreferences(pool, userId);
}
