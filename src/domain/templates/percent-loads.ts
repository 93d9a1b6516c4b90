/**
 * A template prescribes loads as a percentage of the 1RM ("75%"): it has no athlete,
 * so no load. When it is assigned, each such set gets the load it means for that
 * athlete today, from their estimated 1RM, exactly as the workout editor resolves a
 * percentage on save; the percentage stays beside it. An exercise the athlete has no
 * record of keeps the percentage alone, as in the editor ("no record").
 */
import type pg from 'pg';
import { oneRepMaxes } from '../performance/queries.ts';
import { resolvePercentLoad } from '../performance/scores.ts';
import type { WorkoutExercise } from '../training/workout-rules.ts';

const unresolved = (e: WorkoutExercise) => e.sets.some((s) => s.load_percent != null && s.load == null);

export async function withResolvedLoads(db: Pick<pg.ClientBase, 'query'>, athleteId: string, exercises: WorkoutExercise[]): Promise<WorkoutExercise[]> {
  const wanted = exercises.filter(unresolved).map((e) => e.exercise_name);
  if (wanted.length === 0) return exercises;
  const oneRms = await oneRepMaxes(db, athleteId, wanted);
  return exercises.map((e) => {
    const oneRm = oneRms.get(e.exercise_name.trim().toLowerCase());
    if (oneRm === undefined || !unresolved(e)) return e;
    return { ...e, sets: e.sets.map((s) => (s.load_percent != null && s.load == null ? { ...s, load: resolvePercentLoad(oneRm, s.load_percent) } : s)) };
  });
}
