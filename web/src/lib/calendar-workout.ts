/**
 * A workout as the training reads list it. The coach's calendar (GET /api/manage-workouts)
 * and the athlete's own pages (GET /api/athlete/workouts) get the same rows from the
 * server (the read model's calendar JSON plus the status on the viewer's today), so
 * both features read them through this one type.
 */
import type { WorkoutExercise, WorkoutStatus } from '@kernel';

export type CalendarWorkout = {
  id: string;
  /** The athlete. */
  user_id: string;
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  updated_at: string;
  status: WorkoutStatus;
  /** From a file import (Strong, Hevy): the coach tells it from coached work. */
  imported?: boolean;
};
