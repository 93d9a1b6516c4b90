/**
 * What kind of measure an exercise name stands for (spec performance §4): the form
 * and the server derive it from the name alone, so both always agree.
 */
export type ExerciseType = 'strength' | 'time' | 'measurement';
/** A strength value typed in kilograms keeps 'kg' in its event; read models hold pounds ('lbs'). */
export type PerformanceUnit = 'lbs' | 'kg' | 'seconds' | 'inches';

const TIME_WORDS = ['sprint', 'dash', 'run', 'mile', '5k', '10k'];
const MEASUREMENT_WORDS = ['jump', 'throw'];

export function exerciseType(name: string): ExerciseType {
  const n = name.toLowerCase();
  if (TIME_WORDS.some((w) => n.includes(w))) return 'time';
  if (MEASUREMENT_WORDS.some((w) => n.includes(w))) return 'measurement';
  return 'strength';
}

export const UNIT_OF: Record<ExerciseType, PerformanceUnit> = { strength: 'lbs', time: 'seconds', measurement: 'inches' };

/** Time-type measures (rep_range 0 of a time exercise): the lowest value is the best. */
export function lowerIsBetter(name: string, repRange: number): boolean {
  return repRange === 0 && exerciseType(name) === 'time';
}
