/**
 * What one workout contributes to team analytics, as a pure function of its content.
 *
 * Only sets that prescribe reps (reps > 0) count, as in the calendar's metrics: a
 * time or mobility set has no reps to complete. Such a set is completed when its
 * actual reps are above 0 (a logged 0 is a missed set); its volume is actual reps ×
 * the load lifted (the actual load, else the planned one), and a set lifted with a
 * load above 0 adds that load to the intensity average.
 */
import { positive, toNumber } from '../../training/domain/actuals.ts';
import type { WorkoutExercise } from '../../training/domain/workout-rules.ts';

export interface TeamFigures {
  prescribed_sets: number;
  completed_sets: number;
  prescribed_reps: number;
  completed_reps: number;
  /** Σ actual reps × load (lbs). */
  volume: number;
  /** Σ load over completed sets lifted with a load: intensity = load_sum / load_sets. */
  load_sum: number;
  load_sets: number;
}

export const zeroFigures = (): TeamFigures => ({
  prescribed_sets: 0,
  completed_sets: 0,
  prescribed_reps: 0,
  completed_reps: 0,
  volume: 0,
  load_sum: 0,
  load_sets: 0,
});

export interface TeamContribution {
  totals: TeamFigures;
  /** By exercise name as written (trimmed); empty names are skipped. */
  byExercise: Map<string, TeamFigures>;
}

function addExercise(into: TeamFigures, exercise: WorkoutExercise): void {
  for (const set of exercise.sets ?? []) {
    const reps = positive(set.reps);
    if (reps === 0) continue;
    into.prescribed_sets += 1;
    into.prescribed_reps += reps;
    const done = positive(set.actual?.reps);
    if (done === 0) continue;
    const load = positive(toNumber(set.actual?.load) ?? set.load);
    into.completed_sets += 1;
    into.completed_reps += done;
    into.volume += done * load;
    if (load > 0) {
      into.load_sum += load;
      into.load_sets += 1;
    }
  }
}

export function teamContribution(exercises: readonly WorkoutExercise[]): TeamContribution {
  const totals = zeroFigures();
  const byExercise = new Map<string, TeamFigures>();
  for (const exercise of exercises) {
    const name = String(exercise.exercise_name ?? '').trim();
    addExercise(totals, exercise);
    if (!name) continue;
    const figures = byExercise.get(name) ?? zeroFigures();
    addExercise(figures, exercise);
    byExercise.set(name, figures);
  }
  return { totals, byExercise };
}
