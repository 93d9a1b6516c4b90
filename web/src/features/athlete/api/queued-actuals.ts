/**
 * The athlete's sets as the athlete sees them: the server's copy (or the phone's) with
 * every set logged since laid over it, at once, before the server has it. A write the
 * server already has but the copy predates (sent after the copy was asked for) is laid
 * over too, so a value never flickers back while the page refetches. Writes the server
 * refused are not: they are shown set aside (components/sync-status).
 */
import { useMemo } from 'react';
import type { SetActual, WorkoutExercise, WorkoutSet } from '@kernel';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { useOutboxState } from '../../../lib/offline/outbox-provider';
import { storedLbs, type WithLoadUnit } from '../../../lib/weight-unit';
import { SET_ACTUAL, setIdOf, type QueuedActual } from './log-actual';

const FIELDS = ['reps', 'load', 'time_duration'] as const;

/**
 * As the server merges a recording: a number sets a field, null clears it, an absent
 * field stays. A load typed in kilograms is laid over in pounds, as the server answers it.
 */
function merge(previous: SetActual | null | undefined, change: WithLoadUnit<SetActual>): SetActual {
  const merged: SetActual = {};
  for (const f of FIELDS) if (previous?.[f] != null) merged[f] = previous[f];
  for (const f of FIELDS) {
    if (!(f in change)) continue;
    const value = change[f];
    if (value == null) delete merged[f];
    else merged[f] = f === 'load' ? storedLbs(value, change.load_unit) : value;
  }
  return merged;
}

function applies(entry: OutboxEntry, requestedAt: number): boolean {
  if (entry.kind !== SET_ACTUAL) return false;
  return entry.status === 'pending' || (entry.status === 'sent' && (entry.sentAt ?? 0) >= requestedAt);
}

export function withQueuedActuals<W extends CalendarWorkout>(workout: W, entries: readonly OutboxEntry[], requestedAt: number): W {
  const mine = entries.filter((e) => applies(e, requestedAt) && (e.meta as QueuedActual).workoutId === workout.id);
  if (mine.length === 0) return workout;
  const exercises = workout.exercises.map((e) => ({ ...e, sets: [...e.sets] }));
  for (const entry of mine) {
    const queued = entry.meta as QueuedActual;
    let exercise: WorkoutExercise | undefined = exercises[queued.exerciseIndex];
    let setIndex = queued.setIndex;
    if (queued.setId) {
      // A set with an id is found by it, wherever the coach has moved it since.
      const holder = exercises.find((e) => e.sets.some((s) => setIdOf(s) === queued.setId));
      exercise = holder;
      setIndex = holder ? holder.sets.findIndex((s) => setIdOf(s) === queued.setId) : -1;
    }
    const set: WorkoutSet | undefined = exercise?.sets[setIndex];
    if (!exercise || !set) continue;
    exercise.sets[setIndex] = { ...set, actual: merge(set.actual, queued.actual) };
  }
  return { ...workout, exercises };
}

/** The workouts with the sets logged on this phone laid over them. */
export function useWithQueued<W extends CalendarWorkout>(workouts: readonly W[] | undefined, requestedAt: number): W[] | undefined {
  const { entries } = useOutboxState();
  return useMemo(() => workouts?.map((w) => withQueuedActuals(w, entries, requestedAt)), [workouts, entries, requestedAt]);
}
