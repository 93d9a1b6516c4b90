/**
 * Loads typed in kilograms. A set may say `load_unit: 'kg'` for its `load` and
 * `drop_weight`, and an actual for its `load`: the events keep them so (the value and
 * unit as entered), and the fold turns them into pounds, the unit of every read model.
 */
import { maxLoadIn, toLbs, type WeightUnit } from '../../kernel/units.ts';
import type { SetActual, WorkoutExercise, WorkoutSet } from './workout-rules.ts';

/** The set fields that hold a load (and follow the set's `load_unit`). */
export const LOAD_FIELDS = ['load', 'drop_weight'] as const;

export const badUnitMessage = (where: string) => `${where} must be kg or lb.`;

/** The highest load accepted for a field whose limit is `maxLbs`, in the unit it was typed in. */
export const loadLimitIn = (maxLbs: number, unit: WeightUnit | undefined): number => (unit === 'kg' ? maxLoadIn(maxLbs, 'kg') : maxLbs);

/** An actual with its load in pounds and no unit. */
export function actualInPounds(actual: SetActual): SetActual {
  if (actual.load_unit === undefined) return actual;
  const { load_unit: unit, ...rest } = actual;
  return typeof rest.load === 'number' ? { ...rest, load: toLbs(rest.load, unit) } : rest;
}

/** A set with its loads (and its actual's) in pounds and no units. */
export function setInPounds(set: WorkoutSet): WorkoutSet {
  let out = set;
  if (set.load_unit !== undefined) {
    const { load_unit: unit, ...rest } = set;
    out = rest;
    for (const f of LOAD_FIELDS) if (typeof rest[f] === 'number') out = { ...out, [f]: toLbs(rest[f], unit) };
  }
  if (out.actual && out.actual.load_unit !== undefined) out = { ...out, actual: actualInPounds(out.actual) };
  return out;
}

/** Exercises with every load in pounds; the same array when nothing was typed in another unit. */
export function exercisesInPounds(exercises: WorkoutExercise[]): WorkoutExercise[] {
  const hasUnits = exercises.some((e) => e.sets.some((s) => s.load_unit !== undefined || s.actual?.load_unit !== undefined));
  return hasUnits ? exercises.map((e) => ({ ...e, sets: e.sets.map(setInPounds) })) : exercises;
}
