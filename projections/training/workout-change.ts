/**
 * What the training projection hands its parts (compliance.ts, training-analytics.ts,
 * performance-records.ts, team-analytics.ts): each changed workout's row before and
 * after the batch. Its own module so that data flows one way: workouts.ts imports
 * the parts, and the parts import only this, never workouts.ts.
 */
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { SetActual, WorkoutExercise } from '../../src/training/domain/workout-rules.ts';

/** The last actual recorded on a workout: what the coach's editor toasts about. */
export interface LastActual {
  exercise_index: number;
  exercise_name: string;
  set_index: number;
  actual: SetActual;
  by: string | null;
  at: string;
}

export interface WorkoutRow {
  id: string;
  athleteId: string;
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  deleted: boolean;
  templateId: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
  lastActual: LastActual | null;
  /** Stream version of the last event applied: a replayed event is a no-op. */
  version: number;
}

export interface WorkoutChange {
  before: WorkoutRow | null;
  after: WorkoutRow;
}

/**
 * One event of a batch as the records' "New PR" news reads it, in the batch's global
 * order: a workout event with the workout's row just before and just after it, or a
 * manual performance event. The news is decided per event, so it does not depend on
 * where the batch boundaries fall.
 */
export type RecordStep = { kind: 'workout'; before: WorkoutRow | null; after: WorkoutRow } | { kind: 'performance'; event: StoredEvent };
