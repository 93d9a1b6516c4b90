/** GET /api/athlete/workouts and GET /api/manage-workouts/:id: the signed-in athlete's own training. */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { WorkoutExercise, WorkoutStatus } from '@shared';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type MyWorkout = {
  id: string;
  user_id: string;
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  status: WorkoutStatus;
};

/** Every query of the athlete's pages starts with this, so `athlete:<me>` refreshes them all. */
export const myTrainingKey = ['my-training'] as const;

/** Statuses ("missed") follow the server's today in the athlete's profile zone; the range is all this sends. */
export function useMyWorkouts(range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...myTrainingKey, 'workouts', range],
    queryFn: () => api.get<{ workouts: MyWorkout[] }>('/api/athlete/workouts', { query: range, headers: afterWriteHeaders() }),
  });
}

export const myWorkoutKey = (id: string) => [...myTrainingKey, 'workout', id] as const;

export function useMyWorkout(id: string) {
  return useQuery({
    queryKey: myWorkoutKey(id),
    queryFn: () => api.get<{ workout: MyWorkout }>(`/api/manage-workouts/${encodeURIComponent(id)}`, { headers: afterWriteHeaders() }),
  });
}
