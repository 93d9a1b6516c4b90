/**
 * The performance reads, all on read-model tables: the summary behind the
 * Performance mode, recent personal records (get_recent_prs), and the rep-max
 * profile with its estimated 1RM.
 */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';
import { betterRecord, categoryOf, categoryScore, CATEGORIES, CATEGORY_STYLE, estimateOneRm, ONE_RM_FORMULA, overallScore, repMaxProfile, type Category } from './domain/scores.ts';

export const RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365, '2y': 730, '3y': 1095, '5y': 1826, all: null } as const;
export type RangeKey = keyof typeof RANGES;

export interface RecordRow {
  exercise_name: string;
  rep_range: number;
  best_weight: number;
  date_achieved: string;
  workout_id: string | null;
  entry_id: string | null;
  unit: string;
}

const RECORD_COLUMNS = `exercise_name, rep_range, best_weight::float8 AS best_weight, to_char(date_achieved, 'YYYY-MM-DD') AS date_achieved,
  workout_id, entry_id, unit`;

/** `today` minus `days - 1`: a 30-day range is today and the 29 days before it. */
export function daysBack(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}

/** Best record per exercise and rep range, as the projection keeps it (athlete_best_records). */
async function bestPerRange(db: pg.Pool, athleteId: string, exerciseName?: string): Promise<RecordRow[]> {
  const { rows } = await db.query<RecordRow>(
    `SELECT ${RECORD_COLUMNS} FROM athlete_best_records
      WHERE athlete_id = $1 AND ($2::text IS NULL OR exercise_key = lower($2))
      ORDER BY exercise_key, rep_range`,
    [athleteId, exerciseName ?? null],
  );
  return rows;
}

export interface Metric {
  name: string;
  value: number;
  unit: string;
  reps: number;
  date: string;
  isPR: boolean;
  source: 'workout' | 'manual';
  workout_id: string | null;
  entry_id: string | null;
}

export async function performanceSummary(db: pg.Pool, athleteId: string, range: RangeKey, today: string) {
  const days = RANGES[range];
  const recentFrom = daysBack(today, 30);
  const from = days === null ? null : daysBack(today, days);
  const lower = from === null || from < recentFrom ? from : recentFrom;
  const [best, inRange, completion] = await Promise.all([
    bestPerRange(db, athleteId),
    db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM athlete_performance_records
        WHERE athlete_id = $1 AND ($2::date IS NULL OR date_achieved >= $2::date) AND date_achieved <= $3::date
        ORDER BY date_achieved, exercise_name, rep_range`,
      [athleteId, lower, today],
    ),
    // The completion tracking card: planned workouts and sets up to today in the range.
    db.query<{ workouts: number; completed: number; sets: number; done_sets: number }>(
      `SELECT count(*)::int AS workouts, count(*) FILTER (WHERE base_status = 'completed')::int AS completed,
              coalesce(sum(prescribed_sets), 0)::int AS sets, coalesce(sum(done_sets), 0)::int AS done_sets
         FROM workouts WHERE athlete_id = $1 AND NOT deleted AND ($2::date IS NULL OR date >= $2::date) AND date <= $3::date`,
      [athleteId, from, today],
    ),
  ]);
  const c = completion.rows[0];
  const bestKey = new Set(best.map((r) => `${r.exercise_name.toLowerCase()}|${r.rep_range}|${r.date_achieved}`));
  const toMetric = (r: RecordRow): Metric => ({
    name: r.exercise_name,
    value: r.best_weight,
    unit: r.unit,
    reps: r.rep_range,
    date: r.date_achieved,
    isPR: bestKey.has(`${r.exercise_name.toLowerCase()}|${r.rep_range}|${r.date_achieved}`),
    source: r.workout_id ? 'workout' : 'manual',
    workout_id: r.workout_id,
    entry_id: r.entry_id,
  });
  const all = inRange.rows.filter((r) => from === null || r.date_achieved >= from);
  // A category's detailed metrics: per exercise and rep range, the best record of the
  // range (the rule of bestOf); every record of the range stays in allRecords.
  const bestInRange = new Map<string, RecordRow>();
  for (const r of all) {
    const key = `${r.exercise_name.toLowerCase()}|${r.rep_range}`;
    const known = bestInRange.get(key);
    bestInRange.set(key, known ? betterRecord(known, r) : r);
  }
  const byCategory = new Map<Category, { metrics: Metric[]; recent: number }>(CATEGORIES.map((c) => [c, { metrics: [], recent: 0 }]));
  for (const r of bestInRange.values()) byCategory.get(categoryOf(r.exercise_name))!.metrics.push(toMetric(r));
  for (const r of inRange.rows) if (r.date_achieved >= recentFrom) byCategory.get(categoryOf(r.exercise_name))!.recent++;
  const categories = CATEGORIES.map((name) => {
    const c = byCategory.get(name)!;
    return {
      name,
      ...CATEGORY_STYLE[name],
      score: categoryScore(c.recent, c.metrics.length),
      metricsCount: c.metrics.length,
      metrics: c.metrics.sort((a, b) => b.date.localeCompare(a.date) || a.name.localeCompare(b.name)),
    };
  });
  return {
    overallScore: overallScore(categories),
    categories,
    recentMetrics: all.slice(-5).reverse().map(toMetric),
    allRecords: all.map(toMetric),
    completion: {
      workouts: c.workouts,
      completedWorkouts: c.completed,
      sets: c.sets,
      completedSets: c.done_sets,
      rate: c.sets > 0 ? Math.round((c.done_sets / c.sets) * 100) : 0,
    },
    range,
    from,
    today,
  };
}

/** Best records per rep range for one exercise or all (GET /api/performance-records). */
export async function bestRecords(db: pg.Pool, athleteId: string, exerciseName?: string) {
  return bestPerRange(db, athleteId, exerciseName);
}

export interface PrRow {
  id: string;
  athlete_id: string;
  athlete_name: string;
  exercise_name: string;
  rep_range: number;
  weight: number;
  previous: number;
  unit: string;
  date_achieved: string;
  recorded_at: string;
}

/**
 * Personal records news of the last `days` days, newest first, for these athletes;
 * only those whose record still stands (a corrected actual takes its news with it).
 */
export async function recentPrs(db: pg.Pool, athleteIds: string[], since: string, limit = 50): Promise<PrRow[]> {
  if (athleteIds.length === 0) return [];
  const { rows } = await db.query(
    `SELECT p.id, p.athlete_id, p.exercise_name, p.rep_range, p.weight::float8 AS weight, p.previous::float8 AS previous, p.unit,
            to_char(p.date_achieved, 'YYYY-MM-DD') AS date_achieved, p.recorded_at,
            u.display_name, u.first_name, u.last_name, u.full_name, u.email
       FROM performance_prs p
       JOIN athlete_performance_records r
         ON r.athlete_id = p.athlete_id AND r.exercise_key = p.exercise_key AND r.rep_range = p.rep_range
        AND r.date_achieved = p.date_achieved AND r.best_weight = p.weight
       LEFT JOIN user_profiles u ON u.user_id = p.athlete_id
      WHERE p.athlete_id = ANY($1::uuid[]) AND p.date_achieved >= $2::date
      ORDER BY p.recorded_at DESC, p.id
      LIMIT $3`,
    [athleteIds, since, limit],
  );
  return rows.map((r: Record<string, unknown>) => ({
    id: r.id as string,
    athlete_id: r.athlete_id as string,
    athlete_name: displayName({
      user_id: r.athlete_id as string,
      display_name: r.display_name as string,
      first_name: r.first_name as string,
      last_name: r.last_name as string,
      name: r.full_name as string,
      email: r.email as string,
    }),
    exercise_name: r.exercise_name as string,
    rep_range: r.rep_range as number,
    weight: r.weight as number,
    previous: r.previous as number,
    unit: r.unit as string,
    date_achieved: r.date_achieved as string,
    recorded_at: (r.recorded_at as Date).toISOString(),
  }));
}

/** The athletes a user follows: themself and, as a coach, every linked athlete. */
export async function followedAthletes(db: pg.Pool, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM client_links WHERE coach_id = $1', [userId]);
  return [userId, ...rows.map((r) => r.athlete_id)];
}

/**
 * The athlete's estimated 1RM for each named exercise that has a record, by lowercased
 * name, in one query. Takes any client, so a reactor can read inside its transaction.
 */
export async function oneRepMaxes(db: Pick<pg.ClientBase, 'query'>, athleteId: string, exerciseNames: string[]): Promise<Map<string, number>> {
  const keys = [...new Set(exerciseNames.map((n) => n.trim().toLowerCase()))];
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<RecordRow & { exercise_key: string }>(
    `SELECT exercise_key, ${RECORD_COLUMNS} FROM athlete_best_records WHERE athlete_id = $1 AND exercise_key = ANY($2::text[]) AND rep_range > 0`,
    [athleteId, keys],
  );
  const byExercise = new Map<string, RecordRow[]>();
  for (const r of rows) byExercise.set(r.exercise_key, [...(byExercise.get(r.exercise_key) ?? []), r]);
  const out = new Map<string, number>();
  for (const [key, records] of byExercise) {
    const estimate = estimateOneRm(records);
    if (estimate) out.set(key, estimate.oneRm);
  }
  return out;
}

export async function repMax(db: pg.Pool, athleteId: string, exerciseName: string) {
  const records = await bestPerRange(db, athleteId, exerciseName);
  const { estimate, rows } = repMaxProfile(records.filter((r) => r.rep_range > 0));
  return {
    exercise_name: records[0]?.exercise_name ?? exerciseName,
    formula: ONE_RM_FORMULA,
    one_rm: estimate?.oneRm ?? null,
    source: estimate?.source ?? null,
    profile: rows,
  };
}
