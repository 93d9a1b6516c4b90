/**
 * Queries behind the calendar's analytics panel (Workout Analytics, Weekly Volume
 * Trend, Training Capacity Distribution) and the performance records call. All
 * sum projected rows (projections/training-analytics.ts, performance-records.ts).
 */
import type pg from 'pg';
import { EXERCISE_INTENTS, INTENT_PROFILES } from './domain/intents.ts';
import type { WorkoutMetrics } from './domain/workout-rules.ts';
import { recentWeeks } from './dashboard.ts';

export const WEEKLY_TREND_WEEKS = 8;

export interface Range {
  from?: string;
  to?: string;
}

const RANGE = `($2::date IS NULL OR date >= $2::date) AND ($3::date IS NULL OR date <= $3::date)`;
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);

/** The spec's metrics (workoutMetrics' rules) from summed totals. */
function metricsOf(t: { workouts: number; exercises: number; sets: number; reps: number; load: number; volume: number }): WorkoutMetrics {
  return {
    totalReps: t.reps,
    repsPerWorkout: ratio(t.reps, t.workouts),
    avgRepsPerSet: ratio(t.reps, t.sets),
    totalVolume: t.volume,
    avgLoadPerSet: ratio(t.load, t.sets),
    totalLoad: t.load,
    avgVolumePerSet: ratio(t.volume, t.sets),
    totalSets: t.sets,
    totalExercises: t.exercises,
    totalWorkouts: t.workouts,
  };
}

const SUMS = `coalesce(sum(workouts), 0)::float8 AS workouts, coalesce(sum(exercises), 0)::float8 AS exercises,
  coalesce(sum(sets), 0)::float8 AS sets, coalesce(sum(reps), 0)::float8 AS reps,
  coalesce(sum(load), 0)::float8 AS load, coalesce(sum(volume), 0)::float8 AS volume`;

/**
 * Metrics over a date range, for every exercise or one (by name, any case). With
 * an exercise, "workouts" are the workouts that contain it.
 */
export async function workoutAnalytics(db: pg.Pool, athleteId: string, range: Range, exercise?: string) {
  const args = [athleteId, range.from ?? null, range.to ?? null];
  type Totals = Parameters<typeof metricsOf>[0];
  const totals = exercise
    ? await db.query<Totals>(`SELECT ${SUMS} FROM training_exercise_days WHERE athlete_id = $1 AND ${RANGE} AND lower(exercise_name) = lower($4)`, [...args, exercise.trim()])
    : await db.query<Totals>(`SELECT ${SUMS} FROM training_days WHERE athlete_id = $1 AND ${RANGE}`, args);
  const exercises = await db.query<{ exercise_name: string; sets: number; workouts: number }>(
    `SELECT min(exercise_name) AS exercise_name, sum(sets)::int AS sets, sum(workouts)::int AS workouts
       FROM training_exercise_days WHERE athlete_id = $1 AND ${RANGE}
      GROUP BY lower(exercise_name) ORDER BY lower(exercise_name)`,
    args,
  );
  return { metrics: metricsOf(totals.rows[0]), exercises: exercises.rows };
}

/** The last 8 weeks (starting Sunday) up to the one holding today, oldest first, empty weeks as zeros. */
export async function weeklyVolume(db: pg.Pool, athleteId: string, today: string) {
  const weeks = recentWeeks(today, WEEKLY_TREND_WEEKS);
  const { rows } = await db.query<{ week_start: string; workouts: number; sets: number; reps: number; volume: number }>(
    `SELECT week_start, workouts, sets, reps::float8 AS reps, volume::float8 AS volume
       FROM training_weeks WHERE athlete_id = $1 AND week_start >= $2::date AND week_start <= $3::date`,
    [athleteId, weeks[0], weeks[weeks.length - 1]],
  );
  const found = new Map(rows.map((r) => [r.week_start, r]));
  return weeks.map((week_start) => {
    const r = found.get(week_start);
    return { week_start, total_volume: r?.volume ?? 0, total_reps: r?.reps ?? 0, total_sets: r?.sets ?? 0, workouts: r?.workouts ?? 0 };
  });
}

/** Sets planned per intent over a range: every intent listed, in the legend's order. */
export async function capacity(db: pg.Pool, athleteId: string, range: Range) {
  const { rows } = await db.query<{ intent: string; sets: number }>(
    `SELECT intent, sum(sets)::int AS sets FROM training_intent_days WHERE athlete_id = $1 AND ${RANGE} GROUP BY intent`,
    [athleteId, range.from ?? null, range.to ?? null],
  );
  const sets = new Map(rows.map((r) => [r.intent, r.sets]));
  const total = rows.reduce((sum, r) => sum + r.sets, 0);
  return {
    total_sets: total,
    intents: EXERCISE_INTENTS.map((intent) => ({
      intent,
      sets: sets.get(intent) ?? 0,
      percentage: total ? Math.round(((sets.get(intent) ?? 0) / total) * 100) : 0,
      color: INTENT_PROFILES[intent].color,
    })),
  };
}

/**
 * Best record per exercise and rep range, from workouts and manual entries alike:
 * the highest weight, the latest date on a tie; for time-type measures (rep_range 0
 * of a sprint, run…, flagged lower_better by the projection) the lowest value wins.
 */
export async function bestRecords(db: pg.Pool, athleteId: string, exerciseName?: string) {
  // athlete_best_records holds the rule's answer per exercise and rep range (projections/performance-records.ts).
  const { rows } = await db.query<{
    exercise_name: string;
    rep_range: number;
    best_weight: number;
    date_achieved: string;
    workout_id: string | null;
    entry_id: string | null;
    unit: string;
  }>(
    `SELECT exercise_name, rep_range, best_weight::float8 AS best_weight, to_char(date_achieved, 'YYYY-MM-DD') AS date_achieved,
            workout_id, entry_id, unit
       FROM athlete_best_records
      WHERE athlete_id = $1 AND ($2::text IS NULL OR exercise_key = lower(trim($2)))
      ORDER BY exercise_key, rep_range`,
    [athleteId, exerciseName ?? null],
  );
  return rows;
}
