/**
 * The figures read models keep per workout, as pure functions of its content:
 * status inputs, compliance counts, analytics totals, time and personal-record
 * candidates. Projections store these so that queries never open `exercises` again.
 */
import { EXERCISE_INTENTS, guessIntent, type ExerciseIntent } from './intents.ts';
import { workoutMetrics, workoutStatus, type WorkoutExercise, type WorkoutSet } from './workout-rules.ts';
import { isEmptyActual, positive, toNumber } from './actuals.ts';
import { setsPersonalBest } from '../../performance/domain/record-rule.ts';

/** Completed / partial / scheduled: what a workout is regardless of today ("missed" needs today). */
export type BaseStatus = 'scheduled' | 'partial' | 'completed';

/**
 * Minutes of training are not recorded by the product, so a set with actuals
 * counts its recorded time, else (for a time set) its planned time, else this
 * estimate of one working set plus its rest.
 */
export const ESTIMATED_SECONDS_PER_SET = 120;

export interface WorkoutFigures {
  baseStatus: BaseStatus;
  setCount: number;
  /** Sets that prescribe reps (reps > 0): the compliance denominator. */
  prescribedSets: number;
  /** Of those, sets with actual reps > 0: the compliance numerator. */
  doneSets: number;
  minutes: number;
}

const allSets = (exercises: readonly WorkoutExercise[]): WorkoutSet[] => exercises.flatMap((e) => e.sets ?? []);

export function baseStatus(exercises: readonly WorkoutExercise[]): BaseStatus {
  // With "today" equal to the workout's own date the rule can never say missed.
  return workoutStatus({ date: '2000-01-01', exercises: exercises as WorkoutExercise[] }, '2000-01-01') as BaseStatus;
}

/** Calendar status on `today`: a scheduled workout dated before today was missed. */
export function statusOn(base: BaseStatus, date: string, today: string): BaseStatus | 'missed' {
  return base === 'scheduled' && date < today ? 'missed' : base;
}

function setSeconds(set: WorkoutSet): number {
  return toNumber(set.actual?.time_duration) ?? (set.type === 'time' ? toNumber(set.time_duration) : null) ?? ESTIMATED_SECONDS_PER_SET;
}

export function workoutFigures(exercises: readonly WorkoutExercise[]): WorkoutFigures {
  const sets = allSets(exercises);
  const prescribed = sets.filter((s) => positive(s.reps) > 0);
  const logged = sets.filter((s) => !isEmptyActual(s.actual));
  const seconds = logged.reduce((sum, s) => sum + Math.max(setSeconds(s), 0), 0);
  return {
    baseStatus: baseStatus(exercises),
    setCount: sets.length,
    prescribedSets: prescribed.length,
    doneSets: prescribed.filter((s) => positive(s.actual?.reps) > 0).length,
    minutes: Math.round((seconds / 60) * 10) / 10,
  };
}

// ------------------------------------------------------------------ analytics

export interface Totals {
  workouts: number;
  exercises: number;
  /** Sets with reps > 0 (sets without reps are ignored by the metrics). */
  sets: number;
  reps: number;
  load: number;
  volume: number;
}

export interface AnalyticsContribution {
  totals: Totals;
  /** By exercise name as written; a workout counts once for each exercise it contains. */
  byExercise: Map<string, Totals>;
  /** Every set planned, by intent: the training capacity distribution. */
  setsByIntent: Map<ExerciseIntent, number>;
}

export function intentOf(exercise: WorkoutExercise): ExerciseIntent {
  return EXERCISE_INTENTS.includes(exercise.exercise_intent) ? exercise.exercise_intent : guessIntent(exercise.exercise_name ?? '');
}

function totalsOf(exercises: readonly WorkoutExercise[]): Totals {
  // The spec's metric rules live in workoutMetrics; reuse them rather than restate them.
  const m = workoutMetrics([{ exercises }]);
  return { workouts: 1, exercises: m.totalExercises, sets: m.totalSets, reps: m.totalReps, load: m.totalLoad, volume: m.totalVolume };
}

export function analyticsContribution(exercises: readonly WorkoutExercise[]): AnalyticsContribution {
  const byName = new Map<string, WorkoutExercise[]>();
  const setsByIntent = new Map<ExerciseIntent, number>();
  for (const exercise of exercises) {
    const name = String(exercise.exercise_name ?? '').trim();
    byName.set(name, [...(byName.get(name) ?? []), exercise]);
    const intent = intentOf(exercise);
    setsByIntent.set(intent, (setsByIntent.get(intent) ?? 0) + (exercise.sets?.length ?? 0));
  }
  const byExercise = new Map([...byName].map(([name, list]) => [name, totalsOf(list)]));
  return { totals: totalsOf(exercises), byExercise, setsByIntent };
}

/** Sunday on or before the date: the weekly trend's weeks start on Sunday. */
export function weekStart(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

// ----------------------------------------------------------- personal records

export interface RecordCandidate {
  exercise_name: string;
  /** Reps performed: records are kept per rep count. */
  rep_range: number;
  /** Heaviest actual load (lbs) lifted for that many reps in this workout. */
  best_weight: number;
}

export const recordKey = (exerciseName: string, repRange: number) => `${exerciseName.trim().toLowerCase()}|${repRange}`;

/**
 * The best actual load per exercise and rep count in one workout. Only sets with
 * actual reps and load greater than 0 count (spec: the personal-record check).
 */
export function recordCandidates(exercises: readonly WorkoutExercise[]): RecordCandidate[] {
  const best = new Map<string, RecordCandidate>();
  for (const exercise of exercises) {
    const name = String(exercise.exercise_name ?? '').trim();
    for (const set of exercise.sets ?? []) {
      const reps = positive(set.actual?.reps);
      const load = positive(set.actual?.load);
      if (reps <= 0 || load <= 0 || !Number.isInteger(reps) || !name) continue;
      const key = recordKey(name, reps);
      const current = best.get(key);
      if (!current || load > current.best_weight) best.set(key, { exercise_name: name, rep_range: reps, best_weight: load });
    }
  }
  return [...best.values()];
}

/**
 * Records a save set: candidates of the saved workout that set a personal best
 * (setsPersonalBest) against both what this workout held before the save and the
 * athlete's best from everything else. A tie is not a new record.
 */
export function newRecords(before: readonly RecordCandidate[], after: readonly RecordCandidate[], bestElsewhere: ReadonlyMap<string, number>): RecordCandidate[] {
  const had = new Map(before.map((c) => [recordKey(c.exercise_name, c.rep_range), c.best_weight]));
  return after.filter((c) => {
    const key = recordKey(c.exercise_name, c.rep_range);
    // Candidates are loads of sets with reps, never a lower-is-better measure (rep range 0).
    return setsPersonalBest(c.best_weight, had.get(key) ?? null) && setsPersonalBest(c.best_weight, bestElsewhere.get(key) ?? null);
  });
}
