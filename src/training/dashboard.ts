/**
 * The athlete dashboard (spec performance-messaging-templates §1: workouts,
 * progress, time totals and day streaks), answered from the `workouts` read
 * model's per-workout figures.
 *
 * The streak is the one every surface shows (streaks.ts): training days logged in a row.
 */
import type pg from 'pg';
import { addDays } from './domain/workout-rules.ts';
import { weekStart } from './domain/summaries.ts';
import { WORKOUT_DONE_SQL } from './domain/workout-done.ts';
import { STREAK_DEFINITION, trainingDayStreaks, type StreakWorkout } from './domain/streaks.ts';

export const DASHBOARD_LIST_SIZE = 5;
export const PROGRESS_WEEKS = 8;

/** The last `weeks` weeks (starting Sunday) ending with the one holding `today`, oldest first. */
export function recentWeeks(today: string, weeks: number): string[] {
  const last = weekStart(today);
  return Array.from({ length: weeks }, (_, i) => addDays(last, -7 * (weeks - 1 - i)));
}

const CARD = `id, date, name, CASE WHEN base_status = 'scheduled' AND date < $2::date THEN 'missed' ELSE base_status END AS status,
  json_array_length(exercises::json) AS exercise_count, set_count, done_sets, prescribed_sets`;

export async function athleteDashboard(db: pg.Pool, athleteId: string, today: string) {
  const weeks = recentWeeks(today, PROGRESS_WEEKS);
  const mine = `FROM workouts WHERE athlete_id = $1 AND NOT deleted`;
  const [upcoming, recent, totals, trained, byWeek] = await Promise.all([
    db.query(`SELECT ${CARD} ${mine} AND date >= $2::date ORDER BY date, created_at LIMIT ${DASHBOARD_LIST_SIZE}`, [athleteId, today]),
    db.query(`SELECT ${CARD} ${mine} AND date < $2::date ORDER BY date DESC, created_at DESC LIMIT ${DASHBOARD_LIST_SIZE}`, [athleteId, today]),
    db.query<{ workouts: number; completed: number; minutes: string }>(
      `SELECT count(*)::int AS workouts, (count(*) FILTER (WHERE ${WORKOUT_DONE_SQL}))::int AS completed,
              coalesce(sum(minutes), 0) AS minutes
       ${mine} AND date <= $2::date`,
      [athleteId, today],
    ),
    db.query<StreakWorkout>(`SELECT date, base_status AS "baseStatus" ${mine} AND date <= $2::date ORDER BY date, created_at`, [athleteId, today]),
    db.query<{ week_start: string; workouts: number; completed: number }>(
      `SELECT (date - extract(dow FROM date)::int)::date AS week_start, count(*)::int AS workouts,
              (count(*) FILTER (WHERE ${WORKOUT_DONE_SQL}))::int AS completed
       ${mine} AND date >= $3::date AND date <= $2::date GROUP BY 1`,
      [athleteId, today, weeks[0]],
    ),
  ]);
  const found = new Map(byWeek.rows.map((r) => [r.week_start, r]));
  const t = totals.rows[0];
  return {
    today,
    upcoming: upcoming.rows,
    recent: recent.rows,
    totals: { workouts: t.workouts, completed: t.completed, minutes: Math.round(Number(t.minutes)) },
    // Training days in a row that were logged (see streaks.ts), not calendar days.
    streak: { ...trainingDayStreaks(trained.rows, today), definition: STREAK_DEFINITION },
    // Completion by week: workouts done out of those planned up to today.
    progress: weeks.map((week_start) => {
      const w = found.get(week_start);
      const workouts = w?.workouts ?? 0;
      const completed = w?.completed ?? 0;
      return { week_start, workouts, completed, completion: workouts ? Math.round((completed / workouts) * 100) : null };
    }),
  };
}
