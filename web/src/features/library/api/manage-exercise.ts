/**
 * Adding, editing and deleting one's own exercises (POST/PUT/DELETE
 * /api/manage-exercise). The server answers once its read model shows the change,
 * so the refetch each success triggers already includes it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { exercisesQueryKey } from '../../../components/exercise-library-overlay/use-exercise-library';

export type ExerciseInput = {
  name: string;
  pattern: string;
  muscles: string[];
  joints: string[];
  use_case: string;
  youtube_url: string;
};

type WriteResult = { success: boolean; id: string; checkpoint: string | null };

export function createExercise(input: ExerciseInput): Promise<WriteResult> {
  return api.post<WriteResult>('/api/manage-exercise', input);
}

export function updateExercise({ id, ...input }: ExerciseInput & { id: string }): Promise<WriteResult> {
  return api.put<WriteResult>('/api/manage-exercise', { id, ...input });
}

export function deleteExercise(id: string): Promise<WriteResult> {
  return api.delete<WriteResult>('/api/manage-exercise', { id });
}

function useLibraryMutation<T>(mutationFn: (input: T) => Promise<WriteResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exercisesQueryKey }),
  });
}

export const useCreateExercise = () => useLibraryMutation(createExercise);
export const useUpdateExercise = () => useLibraryMutation(updateExercise);
export const useDeleteExercise = () => useLibraryMutation(deleteExercise);

/** The spec's save error: the server's text, or a generic line when it never answered. */
export function saveErrorMessage(error: unknown): string {
  return error instanceof ApiError ? `Error: ${error.message}` : 'Error saving exercise';
}

/** The spec's delete errors: server refusal, no connection, anything else. */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `Delete failed: ${error.message}`;
  if (error instanceof TypeError) return 'Network error deleting exercise. Please try again.';
  return `Error deleting exercise: ${error instanceof Error ? error.message : String(error)}`;
}
