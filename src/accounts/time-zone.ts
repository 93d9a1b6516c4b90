/**
 * Each user's "today". A coach in Sydney planning Monday's session must not be told
 * Monday is in the past because the server runs on UTC, so every rule that compares
 * with today (start dates, missed status, recaps, "no future metrics") asks here.
 */
import type pg from 'pg';

/** True for a zone name the runtime knows (IANA, e.g. 'Europe/Berlin'). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) that `now` falls on in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The user's zone from their profile; UTC when unknown. */
export async function userTimeZone(db: pg.Pool | pg.PoolClient, userId: string): Promise<string> {
  const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM user_profiles WHERE user_id = $1', [userId]);
  return rows[0]?.time_zone ?? 'UTC';
}

/** Today for that user, in their own zone. */
export async function todayFor(db: pg.Pool | pg.PoolClient, userId: string, now: Date): Promise<string> {
  return todayIn(await userTimeZone(db, userId), now);
}
