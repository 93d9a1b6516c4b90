/** Calendar status of a workout; "today" comes in as an argument. */
import type { Workout, WorkoutSet } from './types.ts';
import { dateToUtc } from './dates.ts';
import { num } from './numbers.ts';

export type WorkoutStatus = 'scheduled' | 'completed' | 'partial' | 'missed';

/** How a status reads on screen (the coach's calendar and the athlete's pages alike). */
export const STATUS_LABELS: Record<WorkoutStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  partial: 'Partial',
  missed: 'Missed',
};

function hasAnyActual(set: WorkoutSet): boolean {
  const a = set.actual;
  return a != null && (num(a.reps) !== null || num(a.load) !== null || num(a.time_duration) !== null);
}

/** Reps and load recorded; a time-based set has no reps, so its duration stands in for them. */
function isSetDone(set: WorkoutSet): boolean {
  const a = set.actual;
  if (a == null || num(a.load) === null) return false;
  return set.type === 'time' ? num(a.time_duration) !== null : num(a.reps) !== null;
}

/**
 * Calendar status: completed when every set has its actuals, partial when some
 * actual values exist, missed when the date is before today with no actuals,
 * otherwise scheduled. A workout without sets is never completed.
 */
export function workoutStatus(workout: Pick<Workout, 'date' | 'exercises'>, today: string): WorkoutStatus {
  const sets = (workout.exercises ?? []).flatMap((exercise) => exercise.sets ?? []);
  if (sets.length > 0 && sets.every(isSetDone)) return 'completed';
  if (sets.some(hasAnyActual)) return 'partial';
  return dateToUtc(workout.date) < dateToUtc(today) ? 'missed' : 'scheduled';
}
