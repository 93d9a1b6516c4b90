/** The analytics under the calendar: metrics, the weekly volume trend and capacity per intent. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ExerciseIntent } from '@kernel';
import type { MetricKey, WorkoutMetrics } from '@kernel';
import { afterWriteHeaders } from '../../../lib/read-after-write';
import { trainingKey } from './types';

export type AnalyticsFilter = { from?: string; to?: string; exercise?: string };

export type WorkoutAnalytics = {
  metrics: WorkoutMetrics;
  exercises: { exercise_name: string; sets: number; workouts: number }[];
  labels: Record<MetricKey, string>;
};

export function useWorkoutAnalytics(clientId: string, filter: AnalyticsFilter) {
  return useQuery({
    queryKey: [...trainingKey(clientId), 'analytics', filter],
    queryFn: () => api.get<WorkoutAnalytics>('/api/analytics/workouts', { query: { clientId, ...filter }, headers: afterWriteHeaders() }),
    placeholderData: keepPreviousData,
  });
}

export type WeekVolume = { week_start: string; total_volume: number; total_reps: number; total_sets: number; workouts: number };

export function useWeeklyVolume(clientId: string, today: string) {
  return useQuery({
    queryKey: [...trainingKey(clientId), 'weekly-volume', today],
    // The server takes today from the viewer's profile zone; `today` keys the cache only.
    queryFn: () => api.get<{ weeks: WeekVolume[] }>('/api/analytics/weekly-volume', { query: { clientId }, headers: afterWriteHeaders() }),
  });
}

export type Capacity = {
  total_sets: number;
  intents: { intent: ExerciseIntent; sets: number; percentage: number; color: string }[];
};

export function useCapacity(clientId: string, filter: Pick<AnalyticsFilter, 'from' | 'to'>) {
  return useQuery({
    queryKey: [...trainingKey(clientId), 'capacity', filter],
    queryFn: () => api.get<Capacity>('/api/analytics/capacity', { query: { clientId, ...filter }, headers: afterWriteHeaders() }),
    placeholderData: keepPreviousData,
  });
}
