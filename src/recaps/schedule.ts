/**
 * The server's own weekly recaps: every athlete gets last week's recap once their
 * local time passes the schedule (default Monday 08:00). The recap aggregate makes
 * each athlete-week happen once whichever process or rerun gets there first; the
 * advisory lock only spares two servers doing the same work side by side.
 */
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { lastCompleteWeek } from './domain/iso-week.ts';
import { planRecaps } from './summaries.ts';
import { sendRecaps, type RecapResult } from './send-recaps.ts';
import { todayIn } from '../accounts/index.ts';
import { DAYS, type RecapSchedule } from '../kernel/recap-schedule.ts';

const RECAP_LOCK = 0x5245_4341; // 'RECA'

/** Whether `now`, seen in `timeZone`, is on the schedule's day at or after its time. */
export function isDue(schedule: RecapSchedule, timeZone: string, now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = DAYS.indexOf(get('weekday').toLowerCase() as (typeof DAYS)[number]);
  return weekday === schedule.weekday && Number(get('hour')) * 60 + Number(get('minute')) >= schedule.minute;
}

/** One pass: sends every recap that is due and not sent yet. */
export async function runScheduledRecaps(deps: { pool: pg.Pool; store: EventStore; now: () => Date }, schedule: RecapSchedule): Promise<RecapResult[]> {
  const client = await deps.pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [RECAP_LOCK]);
    if (!rows[0].ok) return [];
    try {
      const now = deps.now();
      const due = await client.query<{ athlete_id: string; time_zone: string }>(
        `SELECT p.user_id AS athlete_id, p.time_zone FROM user_profiles p
         WHERE p.user_id IN (SELECT athlete_id FROM client_links)`,
      );
      const waiting = [];
      for (const a of due.rows) {
        if (!isDue(schedule, a.time_zone, now)) continue;
        waiting.push({ athleteId: a.athlete_id, week: lastCompleteWeek(todayIn(a.time_zone, now)) });
      }
      if (waiting.length === 0) return [];
      const sent = await client.query<{ athlete_id: string; week: string }>('SELECT athlete_id, week FROM weekly_recaps WHERE athlete_id = ANY($1::uuid[])', [
        waiting.map((w) => w.athleteId),
      ]);
      const done = new Set(sent.rows.map((r) => `${r.athlete_id}|${r.week}`));
      const todo = new Set(waiting.filter((w) => !done.has(`${w.athleteId}|${w.week}`)).map((w) => w.athleteId));
      if (todo.size === 0) return [];
      const plans = await planRecaps(deps.pool, { now, athleteIds: todo });
      return await sendRecaps(deps.store, plans, { now: deps.now, staff: 'schedule' });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [RECAP_LOCK]);
    }
  } finally {
    client.release();
  }
}
