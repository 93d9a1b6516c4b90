/**
 * The calendar's clipboard (coach-core §3 "Copy selection", §4): in memory only, one
 * slot shared by every calendar page, so a week copied from one athlete can be
 * pasted into another's. A single copy replaces a multi-copy and the reverse; a
 * delete fills it too (as operation "delete").
 */
import { useSyncExternalStore } from 'react';
import { pasteOffsets, placeAt, type Workout } from '@kernel';
import { daysBetween } from '@kernel';

export type ClipOperation = 'copy' | 'cut' | 'delete';

export type ClipEntry = { id: string; originalDate: string; relativeOffset: number; workout: Workout };

export type Clipboard = {
  kind: 'single' | 'multi';
  workouts: ClipEntry[];
  metadata: {
    baseDate: string;
    selectionPattern: 'single' | 'same-day' | 'consecutive' | 'spread';
    operationType: ClipOperation;
    workoutCount: number;
    timestamp: number;
  };
};

let current: Clipboard | null = null;
const listeners = new Set<() => void>();

function set(next: Clipboard | null) {
  current = next;
  for (const listener of listeners) listener();
}

function patternOf(dates: string[]): Clipboard['metadata']['selectionPattern'] {
  if (dates.length <= 1) return 'single';
  const days = [...new Set(dates)].sort();
  if (days.length === 1) return 'same-day';
  return daysBetween(days[0], days[days.length - 1]) === days.length - 1 ? 'consecutive' : 'spread';
}

/** What a copy carries: the workout's content without its id, and without actual results unless it is moving. */
function contentOf(workout: Workout & { id: string }, keepActuals: boolean): Workout {
  return {
    date: workout.date,
    name: workout.name ?? null,
    notes: workout.notes ?? null,
    exercises: workout.exercises.map((exercise, index) => ({
      exercise_name: exercise.exercise_name,
      heading: exercise.heading,
      order_index: index,
      exercise_intent: exercise.exercise_intent,
      category: exercise.category ?? null,
      notes: exercise.notes ?? null,
      superset_group: exercise.superset_group ?? null,
      sets: exercise.sets.map(({ actual, ...set }) => (keepActuals && actual ? { ...set, actual } : set)),
    })),
  };
}

export function putOnClipboard(workouts: (Workout & { id: string })[], operationType: ClipOperation): void {
  if (workouts.length === 0) return;
  const offsets = pasteOffsets(workouts);
  const entries = offsets.map((entry, i) => ({ ...entry, workout: contentOf(workouts[i], operationType !== 'copy') }));
  const dates = workouts.map((w) => w.date);
  set({
    kind: operationType !== 'delete' && workouts.length === 1 ? 'single' : 'multi',
    workouts: entries,
    metadata: {
      baseDate: [...dates].sort()[0],
      selectionPattern: patternOf(dates),
      operationType,
      workoutCount: workouts.length,
      timestamp: Date.now(),
    },
  });
}

export function clearClipboard(): void {
  set(null);
}

/** The workouts to create when pasting on `targetDate` for `userId`, offsets kept. */
export function pastePlan(clipboard: Clipboard, targetDate: string, userId: string): Workout[] {
  // A single copied workout lands on the target itself, whatever its offset was.
  const entries = clipboard.kind === 'single' ? clipboard.workouts.map((e) => ({ ...e, relativeOffset: 0 })) : clipboard.workouts;
  return placeAt(entries, targetDate).map((entry) => {
    const source = entries.find((e) => e.id === entry.id)!;
    return { ...source.workout, user_id: userId, date: entry.targetDate };
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useClipboard(): Clipboard | null {
  return useSyncExternalStore(subscribe, () => current);
}
