/**
 * Saving from the editor (coach-core §4): a workout with an id is updated, and
 * created instead when the server no longer knows it (404); one without is created.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import type { Workout } from '@kernel';
import { rememberWrite } from '../../../lib/read-after-write';
import { trainingKey, type NewRecord } from './types';
import { workoutQueryKey } from './get-workout';

type Saved = { success: true; id: string; checkpoint: string | null; newRecords: NewRecord[] };

export type SaveResult = { id: string; created: boolean; newRecords: NewRecord[] };

async function create(workout: Workout): Promise<SaveResult> {
  const result = await api.post<Saved>('/api/manage-workouts', { workout });
  rememberWrite(result.checkpoint);
  return { id: result.id, created: true, newRecords: result.newRecords ?? [] };
}

export async function saveWorkout({ id, workout }: { id: string | null; workout: Workout }): Promise<SaveResult> {
  if (!id) return create(workout);
  try {
    const result = await api.put<Saved>('/api/manage-workouts', { workoutId: id, workout });
    rememberWrite(result.checkpoint);
    return { id, created: false, newRecords: result.newRecords ?? [] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return create(workout);
    throw error;
  }
}

export function useSaveWorkout(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWorkout,
    onSuccess: async (result) => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: trainingKey(clientId) }), queryClient.invalidateQueries({ queryKey: workoutQueryKey(result.id) })]);
    },
  });
}
