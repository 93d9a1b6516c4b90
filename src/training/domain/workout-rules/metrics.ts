/** Prescribed-training metrics of a set of workouts. */
import type { WorkoutSet } from './types.ts';
import { positive } from './numbers.ts';

export interface WorkoutMetrics {
  totalReps: number;
  repsPerWorkout: number;
  avgRepsPerSet: number;
  /** Σ reps × load, lbs */
  totalVolume: number;
  avgLoadPerSet: number;
  totalLoad: number;
  avgVolumePerSet: number;
  totalSets: number;
  totalExercises: number;
  totalWorkouts: number;
}

export type MetricKey = keyof WorkoutMetrics;

/** The three analytics selectors, their options in order and their defaults. */
export const METRIC_GROUPS = {
  volume: {
    label: 'Volume',
    metrics: ['totalReps', 'repsPerWorkout', 'avgRepsPerSet', 'totalVolume'],
    default: 'totalReps',
  },
  intensity: {
    label: 'Intensity',
    metrics: ['avgLoadPerSet', 'totalLoad', 'avgVolumePerSet'],
    default: 'avgLoadPerSet',
  },
  additional: {
    label: 'Additional',
    metrics: ['totalSets', 'totalExercises', 'totalWorkouts'],
    default: 'totalSets',
  },
} as const satisfies Record<string, { label: string; metrics: readonly MetricKey[]; default: MetricKey }>;

export const METRIC_LABELS: Record<MetricKey, string> = {
  totalReps: 'Total Reps',
  repsPerWorkout: 'Reps per Workout',
  avgRepsPerSet: 'Average Reps/Set',
  totalVolume: 'Total Volume (Reps×Load)',
  avgLoadPerSet: 'Average Load/Set',
  totalLoad: 'Total Load',
  avgVolumePerSet: 'Avg Volume/Set',
  totalSets: 'Total Sets',
  totalExercises: 'Total Exercises',
  totalWorkouts: 'Total Workouts',
};

type MetricsInput = readonly { exercises?: readonly { sets?: readonly WorkoutSet[] | null }[] | null }[];

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/**
 * Prescribed-training metrics. Sets whose reps are 0 or absent are ignored, so
 * load only counts on sets with reps; exercises and workouts are all counted.
 * Averages are 0 when there is nothing to divide by; values are not rounded.
 */
export function workoutMetrics(workouts: MetricsInput): WorkoutMetrics {
  let totalReps = 0;
  let totalVolume = 0;
  let totalLoad = 0;
  let totalSets = 0;
  let totalExercises = 0;
  for (const workout of workouts) {
    for (const exercise of workout.exercises ?? []) {
      totalExercises++;
      for (const set of exercise.sets ?? []) {
        const reps = positive(set.reps);
        if (reps === 0) continue;
        const load = positive(set.load);
        totalSets++;
        totalReps += reps;
        totalLoad += load;
        totalVolume += reps * load;
      }
    }
  }
  return {
    totalReps,
    repsPerWorkout: ratio(totalReps, workouts.length),
    avgRepsPerSet: ratio(totalReps, totalSets),
    totalVolume,
    avgLoadPerSet: ratio(totalLoad, totalSets),
    totalLoad,
    avgVolumePerSet: ratio(totalVolume, totalSets),
    totalSets,
    totalExercises,
    totalWorkouts: workouts.length,
  };
}
