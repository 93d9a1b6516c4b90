/** GET /api/athlete/workouts and GET /api/manage-workouts/:id: the signed-in athlete's own training. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { afterWriteHeaders } from '../../../lib/read-after-write';

/** Every query of the athlete's pages starts with this, so `athlete:<me>` refreshes them all. */
export const myTrainingKey = ['my-training'] as const;

/** Statuses ("missed") follow the server's today in the athlete's profile zone; the range is all this sends. */
export function useMyWorkouts(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...myTrainingKey, 'workouts', range],
    queryFn: () => api.get<{ workouts: CalendarWorkout[] }>('/api/athlete/workouts', { query: range, headers: afterWriteHeaders() }),
  });
}

export const myWorkoutKey = (id: string) => [...myTrainingKey, 'workout', id] as const;

export function useMyWorkout(id: string) {
  return useQuery({
    queryKey: myWorkoutKey(id),
    queryFn: () => api.get<{ workout: CalendarWorkout }>(`/api/manage-workouts/${encodeURIComponent(id)}`, { headers: afterWriteHeaders() }),
  });
}
