/**
 * A week's recap for each athlete, read from the `workouts` read model: workouts
 * done (workout-done.ts: completed or partly), minutes trained (completed and partly done workouts), the streak at the
 * week's end (the dashboard's own function, streaks.ts, so the mail and the app agree:
 * the week is over, so the streak is the one the dashboard shows the next morning
 * before anything is logged) and the next planned workout.
 */
import type pg from 'pg';
import type { WeeklyRecapSummary } from './domain/recap.ts';
import { recapHeadline, type RecapHeadline } from '../../emails/templates/weekly-recap.ts';
import { displayName } from '../accounts/index.ts';
import { todayIn } from '../accounts/index.ts';
import { addDays, trainingDayStreaks, WORKOUT_DONE_SQL, type StreakWorkout } from '../training/index.ts';
import { lastCompleteWeek, weekRange } from './domain/iso-week.ts';
import { weekReadiness } from '../readiness/index.ts';
import type { RecapRecipient } from './domain/recap.ts';

export interface PlannedRecap {
  to: RecapRecipient;
  week: string;
  summary: WeeklyRecapSummary;
  headline: RecapHeadline;
}

interface AthleteRow {
  athlete_id: string;
  email: string;
  full_name: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  time_zone: string;
}

/** Athletes coached by someone (or by `coachId`), with where and when to send. */
export async function recapRecipients(db: pg.Pool, coachId?: string): Promise<AthleteRow[]> {
  const { rows } = await db.query<AthleteRow>(
    `SELECT p.user_id AS athlete_id, p.email, p.full_name, p.display_name, p.first_name, p.last_name, p.time_zone
     FROM user_profiles p
     WHERE p.user_id IN (SELECT athlete_id FROM client_links WHERE $1::uuid IS NULL OR coach_id = $1::uuid)
     ORDER BY lower(p.email)`,
    [coachId ?? null],
  );
  return rows;
}

export async function weekSummary(db: pg.Pool, athleteId: string, week: { start: string; end: string }): Promise<WeeklyRecapSummary> {
  const [totals, trained, next] = await Promise.all([
    db.query<{ completed: number; minutes: string }>(
      `SELECT (count(*) FILTER (WHERE ${WORKOUT_DONE_SQL}))::int AS completed,
              coalesce(sum(minutes) FILTER (WHERE ${WORKOUT_DONE_SQL}), 0) AS minutes
       FROM workouts WHERE athlete_id = $1 AND NOT deleted AND date BETWEEN $2::date AND $3::date`,
      [athleteId, week.start, week.end],
    ),
    db.query<StreakWorkout>(`SELECT date, base_status AS "baseStatus" FROM workouts WHERE athlete_id = $1 AND NOT deleted AND date <= $2::date`, [athleteId, week.end]),
    db.query<{ date: string; name: string | null }>(
      `SELECT date, name FROM workouts WHERE athlete_id = $1 AND NOT deleted AND base_status = 'scheduled' AND date > $2::date
       ORDER BY date, created_at LIMIT 1`,
      [athleteId, week.end],
    ),
  ]);
  const t = totals.rows[0];
  const upcoming = next.rows[0];
  return {
    workoutsCompleted: t.completed,
    totalDuration: Math.round(Number(t.minutes)),
    streak: trainingDayStreaks(trained.rows, addDays(week.end, 1)).current,
    ...(upcoming ? { nextWorkout: `${upcoming.name?.trim() || 'Workout'} on ${upcoming.date}` } : {}),
  };
}

/**
 * Every recap to send: for `week` when given, otherwise for the last complete week in
 * each athlete's own time zone.
 */
export async function planRecaps(db: pg.Pool, opts: { now: Date; week?: string; coachId?: string; athleteIds?: ReadonlySet<string> }): Promise<PlannedRecap[]> {
  const plans: PlannedRecap[] = [];
  for (const a of await recapRecipients(db, opts.coachId)) {
    if (opts.athleteIds && !opts.athleteIds.has(a.athlete_id)) continue;
    const week = opts.week ?? lastCompleteWeek(todayIn(a.time_zone, opts.now));
    const range = weekRange(week);
    if (!range) throw new Error(`Not an ISO week: ${week}`);
    const readiness = await weekReadiness(db, a.athlete_id, range);
    const summary = { ...(await weekSummary(db, a.athlete_id, range)), ...(readiness ? { readiness } : {}) };
    plans.push({
      to: { athleteId: a.athlete_id, email: a.email, name: displayName({ ...a, name: a.full_name }) },
      week,
      summary,
      headline: recapHeadline(summary.workoutsCompleted),
    });
  }
  return plans;
}
