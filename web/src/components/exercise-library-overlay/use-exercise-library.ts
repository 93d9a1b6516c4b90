/**
 * Reading the exercise library (GET /api/get-exercises). Shared by the library
 * page and the editor's overlay, so both sit under one query key and a change
 * made on one refreshes the other.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../lib/api-client';

/** The spec's Library exercise, as the server sends it. */
export type LibraryExercise = {
  id: string;
  name: string;
  pattern: string;
  muscles: string[];
  joints: string[];
  use_case: string;
  youtube_url: string | null;
  /** Set on catalogue rows only. */
  exercise_type: string | null;
  /** Null for the shared catalogue, which nobody may edit. */
  created_by: string | null;
  created_at: string;
  updated_at: string;
};

export type ExerciseFilters = { search: string; muscle: string; pattern: string };

export type ExerciseListParams = ExerciseFilters & { limit: number; offset?: number };

export type ExerciseList = {
  success: boolean;
  exercises: LibraryExercise[];
  /** How many match the filters (the X of "Found X of Y exercises"). */
  total: number;
  /** Everything the user can see (the Y). */
  library_size: number;
  filters: { muscles: string[]; patterns: string[] };
};

export const EMPTY_FILTERS: ExerciseFilters = { search: '', muscle: '', pattern: '' };

export const exercisesQueryKey = ['exercises'] as const;

export const LOAD_FAILED = 'Failed to load exercises. Please try refreshing the page.';
export const LOAD_NETWORK_ERROR = 'Network error loading exercises. Please check your connection and try again.';

/** The spec's text for a failed load: the server answered badly, or did not answer at all. */
export function loadErrorMessage(error: unknown): string {
  return error instanceof ApiError ? LOAD_FAILED : LOAD_NETWORK_ERROR;
}

export function getExercises(params: ExerciseListParams, signal?: AbortSignal): Promise<ExerciseList> {
  return api.get<ExerciseList>('/api/get-exercises', {
    query: {
      search: params.search.trim() || undefined,
      muscle: params.muscle || undefined,
      pattern: params.pattern || undefined,
      limit: params.limit,
      offset: params.offset || undefined,
    },
    signal,
  });
}

export function exerciseListQueryOptions(params: ExerciseListParams) {
  return queryOptions({
    queryKey: [...exercisesQueryKey, params],
    queryFn: ({ signal }) => getExercises(params, signal),
    // Typing a search keeps the previous results on screen instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

export function useExerciseLibrary(params: ExerciseListParams, options: { enabled?: boolean; retry?: number } = {}) {
  return useQuery({
    ...exerciseListQueryOptions(params),
    enabled: options.enabled ?? true,
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
  });
}
