/**
 * The calendar's commands on whole workouts: bulk create (paste), delete, restore
 * (undo of a delete) and move (drag and drop).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { stripEmpty, type Workout } from '@kernel';
import { rememberWrite } from '../../../lib/read-after-write';
import { trainingKey, type NewRecord } from './types';

type Checkpointed = { success: true; checkpoint: string | null };

export async function createWorkouts(workouts: Workout[]) {
  // The spec's paste rules: entries without exercises are dropped, empty values stripped.
  const payload = stripEmpty(workouts.filter((w) => Array.isArray(w.exercises) && w.exercises.length > 0));
  const result = await api.post<Checkpointed & { created_count: number; ids: string[]; newRecords: NewRecord[] }>('/api/manage-workouts', { workouts: payload });
  rememberWrite(result.checkpoint);
  return result;
}

export async function deleteWorkouts(workoutIds: string[]) {
  const result = await api.delete<Checkpointed & { deleted_count: number }>('/api/manage-workouts', { workoutIds });
  rememberWrite(result.checkpoint);
  return result;
}

export async function restoreWorkouts(workoutIds: string[]) {
  const result = await api.post<Checkpointed & { restored_count: number }>('/api/manage-workouts/restore', { workoutIds });
  rememberWrite(result.checkpoint);
  return result;
}

export async function moveWorkout({ workoutId, date }: { workoutId: string; date: string }) {
  const result = await api.post<Checkpointed>('/api/manage-workouts/move', { workoutId, date });
  rememberWrite(result.checkpoint);
  return result;
}

/** A mutation that refreshes the athlete's calendar and analytics when it settles. */
function useTrainingMutation<TInput, TResult>(clientId: string, fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKey(clientId) }),
  });
}

export const useCreateWorkouts = (clientId: string) => useTrainingMutation(clientId, createWorkouts);
export const useDeleteWorkouts = (clientId: string) => useTrainingMutation(clientId, deleteWorkouts);
export const useRestoreWorkouts = (clientId: string) => useTrainingMutation(clientId, restoreWorkouts);
export const useMoveWorkout = (clientId: string) => useTrainingMutation(clientId, moveWorkout);
