/** The calendar's other server shapes: GET /api/manage-workouts/:id (a listed workout, lib/calendar-workout.ts, plus the editor's extras) and new records. */
import type { SetActual } from '@kernel';
import type { CalendarWorkout } from '../../../lib/calendar-workout';

/** The last actual an athlete recorded: what the editor's live toast names. */
export type LastActual = {
  exercise_index: number;
  exercise_name: string;
  set_index: number;
  actual: SetActual;
  by: string | null;
  by_name?: string | null;
  /** When the set was done (a phone queued offline sends its own time). */
  at: string;
  /** When the server recorded it: what tells a new set from one already seen. */
  recorded_at?: string;
  set_id?: string;
};

export type WorkoutDetail = CalendarWorkout & {
  deleted: boolean;
  last_actual: LastActual | null;
  updated_by_name?: string | null;
  version: number;
};

export type NewRecord = { exercise_name: string; rep_range: number; best_weight: number };

/** Every query of one athlete's training starts with this, so `athlete:<id>` refreshes them all. */
export const trainingKey = (clientId: string) => ['training', clientId] as const;
