/**
 * The performance events: manual entries an athlete or their coach logs.
 * Stream: `performance-entry-<entryId>`, one per entry. Read by the training
 * projection's records (projections/performance-records.ts).
 */
import type { ExerciseType, PerformanceUnit } from './exercise-type.ts';

export type PerformanceEvent =
  | {
      type: 'PerformanceLogged';
      data: {
        entryId: string;
        athleteId: string;
        exerciseName: string;
        exerciseType: ExerciseType;
        value: number;
        /** Strength only; null for time and measurement (rep_range 0). */
        reps: number | null;
        unit: PerformanceUnit;
        date: string;
        loggedBy: string;
      };
    }
  | { type: 'PerformanceEntryRemoved'; data: { entryId: string; athleteId: string; removedBy: string } };

export const PERFORMANCE_EVENT_TYPES = ['PerformanceLogged', 'PerformanceEntryRemoved'] as const satisfies readonly PerformanceEvent['type'][];

export const entryStream = (entryId: string) => `performance-entry-${entryId}`;
