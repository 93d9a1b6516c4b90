/**
 * The personal-record check of a save (the response's `newRecords`, the saver's toast):
 * which of the saved workout's bests beat both what it held before the save and the
 * athlete's best everywhere else. The news other readers get ("New PR" for coaches)
 * is decided by the performance_records projection.
 */
import type pg from 'pg';
import type { WorkoutExercise } from './domain/workout-rules.ts';
import { newRecords, recordCandidates, recordKey, type RecordCandidate } from './domain/summaries.ts';

/**
 * The athlete's best load per exercise and rep count outside the workouts in `exclude`:
 * other workouts and manual entries (the same sources the performance records hold).
 */
async function bestElsewhere(db: pg.Pool, athleteId: string, exclude: string[], candidates: RecordCandidate[]): Promise<Map<string, number>> {
  if (candidates.length === 0) return new Map();
  const { rows } = await db.query<{ key: string; best: number }>(
    `SELECT exercise_key || '|' || rep_range AS key, max(weight)::float8 AS best
        FROM (SELECT exercise_key, rep_range, weight FROM performance_record_entries
              WHERE athlete_id = $1 AND NOT (workout_id = ANY($2::uuid[])) AND exercise_key = ANY($3::text[])
             UNION ALL
             SELECT exercise_key, rep_range, weight FROM performance_manual_entries
              WHERE athlete_id = $1 AND NOT removed AND NOT lower_better AND exercise_key = ANY($3::text[])) AS held
      GROUP BY 1`,
    [athleteId, exclude, [...new Set(candidates.map((c) => c.exercise_name.toLowerCase()))]],
  );
  return new Map(rows.map((r) => [r.key, r.best]));
}

export async function recordsSet(deps: { pool: pg.Pool }, athleteId: string, workoutIds: string[], before: WorkoutExercise[][], after: WorkoutExercise[][]) {
  const prior = before.flatMap((e) => recordCandidates(e));
  // Within one call the heaviest candidate per key is the one that may be new.
  const merged = new Map<string, RecordCandidate>();
  for (const c of after.flatMap((e) => recordCandidates(e))) {
    const key = recordKey(c.exercise_name, c.rep_range);
    if ((merged.get(key)?.best_weight ?? 0) < c.best_weight) merged.set(key, c);
  }
  // Only what beats this workout's own earlier best can be new: ask the read model about those alone.
  const candidates = newRecords(prior, [...merged.values()], new Map());
  return newRecords(prior, candidates, await bestElsewhere(deps.pool, athleteId, workoutIds, candidates));
}
