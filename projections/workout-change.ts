/**
 * What the training projection hands its parts (compliance.ts, training-analytics.ts,
 * performance-records.ts, team-analytics.ts): each changed workout's row before and
 * after the batch. Its own module so that data flows one way: workouts.ts imports
 * the parts, and the parts import only this, never workouts.ts.
 */
import type { SetActual, WorkoutExercise } from '../src/domain/training/workout-rules.ts';

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
