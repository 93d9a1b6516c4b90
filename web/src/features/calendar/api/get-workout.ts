/** GET /api/manage-workouts/:id (the editor's copy) and /:id/history (who changed what, when). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';
import type { WorkoutDetail } from './types';

export const workoutQueryKey = (id: string) => ['workout', id] as const;

export function getWorkout(id: string): Promise<{ workout: WorkoutDetail }> {
  return api.get(`/api/manage-workouts/${encodeURIComponent(id)}`, { headers: afterWriteHeaders() });
}

export const workoutQueryOptions = (id: string) => queryOptions({ queryKey: workoutQueryKey(id), queryFn: () => getWorkout(id) });

export function useWorkout(id: string | null) {
  // Always fetched when the editor opens: a cached copy may predate what the athlete logged.
  return useQuery({ ...workoutQueryOptions(id ?? ''), enabled: id !== null, refetchOnMount: 'always' });
}

export type HistoryEntry = {
  version: number;
  type: string;
  /** When it happened: for a set, when the athlete did it (a phone may send it later). */
  at: string;
  /** When the server recorded it. */
  recorded_at?: string;
  user_id: string | null;
  user_name: string;
  details: Record<string, unknown>;
};

export const historyQueryKey = (id: string) => [...workoutQueryKey(id), 'history'] as const;

export function getWorkoutHistory(id: string): Promise<{ history: HistoryEntry[] }> {
  return api.get(`/api/manage-workouts/${encodeURIComponent(id)}/history`, { headers: afterWriteHeaders() });
}

export function useWorkoutHistory(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: historyQueryKey(id ?? ''),
    queryFn: () => getWorkoutHistory(id!),
    enabled: id !== null && enabled,
  });
}
