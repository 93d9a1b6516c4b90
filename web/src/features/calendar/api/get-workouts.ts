/** GET /api/manage-workouts: one athlete's workouts between two dates, with their status. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { trainingKey } from './types';

/** `today` (the coach's profile day) is not sent, the server decides it; it keys the cache so a new day refetches the statuses. */
export type WorkoutRange = { from: string; to: string; today: string };

export const workoutsQueryKey = (clientId: string, range: WorkoutRange) => [...trainingKey(clientId), 'calendar', range.from, range.to, range.today] as const;

export function getWorkouts(clientId: string, range: WorkoutRange): Promise<{ workouts: CalendarWorkout[] }> {
  return api.get('/api/manage-workouts', { query: { clientId, from: range.from, to: range.to }, headers: afterWriteHeaders() });
}

export const workoutsQueryOptions = (clientId: string, range: WorkoutRange) =>
  queryOptions({
    queryKey: workoutsQueryKey(clientId, range),
    queryFn: () => getWorkouts(clientId, range),
    // Moving to the next month keeps the old grid on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useWorkouts(clientId: string, range: WorkoutRange) {
  return useQuery({ ...workoutsQueryOptions(clientId, range), enabled: clientId !== '' });
}
