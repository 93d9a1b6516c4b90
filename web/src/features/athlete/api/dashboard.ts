/** GET /api/athlete/dashboard: workouts, progress, time totals and the workout streak. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { WorkoutStatus } from '@kernel';
import { myTrainingKey } from './my-workouts';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type DashboardWorkout = {
  id: string;
  date: string;
  name: string | null;
  status: WorkoutStatus;
  exercise_count: number;
  set_count: number;
  done_sets: number;
  prescribed_sets: number;
};

export type AthleteDashboard = {
  today: string;
  upcoming: DashboardWorkout[];
  recent: DashboardWorkout[];
  totals: { workouts: number; completed: number; minutes: number };
  /** Planned workouts logged in a row; `definition` says so in words. */
  streak: { current: number; best: number; definition: string };
  progress: { week_start: string; workouts: number; completed: number; completion: number | null }[];
};

/** The server decides "today" (the athlete's profile zone); `today` here only keys the cache, so a new day refetches. */
export const athleteDashboardQuery = (today: string) =>
  queryOptions({
    queryKey: [...myTrainingKey, 'dashboard', today],
    queryFn: () => api.get<AthleteDashboard>('/api/athlete/dashboard', { headers: afterWriteHeaders() }),
  });

export function useAthleteDashboard(today: string) {
  return useQuery(athleteDashboardQuery(today));
}
