/**
 * The training events: the contract between the workout decider (writer) and every
 * projection that reads workouts (calendar, compliance, analytics, records).
 * Stream: `workout-<workoutId>`. Dates are 'YYYY-MM-DD' calendar days.
 */
import type { SetActual, WorkoutExercise } from './workout-rules.ts';

export interface WorkoutContent {
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
}

export type TrainingEvent =
  | {
      type: 'WorkoutScheduled';
      data: WorkoutContent & {
        workoutId: string;
        athleteId: string;
        /** Who planned it: the athlete's coach, or the athlete. */
        scheduledBy: string;
        /** Set when the workout came from a program template assignment. */
        templateId?: string | null;
        /** The assignment that scheduled it (with templateId). */
        assignmentId?: string;
        /**
         * Set when the workout came from a file import (src/transfer): the import's id
         * (one file, one id), so the coach can tell imported history from coached work.
         */
        importId?: string;
      };
    }
  | {
      type: 'WorkoutRevised';
      /** `assignmentId` when an assignment's re-sync revised it, rather than someone by hand. */
      data: WorkoutContent & { workoutId: string; athleteId: string; assignmentId?: string };
    }
  | { type: 'WorkoutMoved'; data: { workoutId: string; athleteId: string; fromDate: string; toDate: string } }
  | { type: 'WorkoutDeleted'; data: { workoutId: string; athleteId: string; date: string } }
  | { type: 'WorkoutRestored'; data: { workoutId: string; athleteId: string; date: string } }
  | {
      type: 'SetActualRecorded';
      data: {
        workoutId: string;
        athleteId: string;
        date: string;
        exerciseIndex: number;
        exerciseName: string;
        setIndex: number;
        /**
         * The set's stable id, when the command named the set by it (positions above are
         * where the set was at the time, which the fold applies).
         */
        setId?: string;
        /** When the athlete did it (their phone's time, bounded); absent: when it was recorded (the event's time). */
        doneAt?: string;
        actual: SetActual;
      };
    };

export type TrainingEventType = TrainingEvent['type'];
export const TRAINING_EVENT_TYPES: TrainingEventType[] = ['WorkoutScheduled', 'WorkoutRevised', 'WorkoutMoved', 'WorkoutDeleted', 'WorkoutRestored', 'SetActualRecorded'];

export const workoutStream = (workoutId: string) => `workout-${workoutId}`;
