/**
 * A template prescribes loads as a percentage of the 1RM ("75%"): it has no athlete,
 * so no load. When it is assigned, each such set gets the load it means for that
 * athlete today, from their estimated 1RM, exactly as the workout editor resolves a
 * percentage on save: rounded to plates in the athlete's unit, and kept in that unit
 * (the athlete loads the bar); the percentage stays beside it. An exercise the athlete has no
 * record of keeps the percentage alone, as in the editor ("no record").
 */
import type pg from 'pg';
import { oneRepMaxes } from '../performance/index.ts';
import { resolvePercentLoad } from '../performance/index.ts';
import type { WorkoutExercise, WorkoutSet } from '../training/index.ts';
import { userWeightUnit } from '../accounts/index.ts';
import { convertLoad } from '../kernel/units.ts';

export type LoadResolver = (exercises: WorkoutExercise[]) => WorkoutExercise[];

const unresolved = (e: WorkoutExercise) => e.sets.some((s) => s.load_percent != null && s.load == null);

/**
 * Reads the athlete's 1RMs once for every exercise of `workouts` that needs one (one
 * query for a whole assignment), and returns what turns a workout's percentages into loads.
 */
export async function percentLoadResolver(db: Pick<pg.ClientBase, 'query'>, athleteId: string, workouts: WorkoutExercise[][]): Promise<LoadResolver> {
  const wanted = workouts.flatMap((exercises) => exercises.filter(unresolved).map((e) => e.exercise_name));
  const oneRms = wanted.length ? await oneRepMaxes(db, athleteId, wanted) : new Map<string, number>();
  const unit = wanted.length ? await userWeightUnit(db, athleteId) : 'lb';
  const resolved = (oneRm: number, set: WorkoutSet): WorkoutSet => {
    const load = resolvePercentLoad(oneRm, set.load_percent!, unit);
    // One unit per set: a drop weight beside the load moves into the same unit.
    const drop = set.drop_weight != null ? { drop_weight: convertLoad(set.drop_weight, set.load_unit, unit) } : {};
    return { ...set, ...drop, load, load_unit: unit };
  };
  return (exercises) =>
    exercises.map((e) => {
      const oneRm = oneRms.get(e.exercise_name.trim().toLowerCase());
      if (oneRm === undefined || !unresolved(e)) return e;
      return { ...e, sets: e.sets.map((s) => (s.load_percent != null && s.load == null ? resolved(oneRm, s) : s)) };
    });
}
