/** The performance calls (performance-messaging-templates §7): summary, log, remove, recent PRs, rep-max profile. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

export type RangeKey = '7d' | '30d' | '90d' | '1y' | '2y' | '3y' | '5y' | 'all';

export type Metric = {
  name: string;
  value: number;
  unit: string;
  reps: number;
  date: string;
  isPR: boolean;
  source: 'workout' | 'manual';
  workout_id: string | null;
  entry_id: string | null;
};

export type CategorySummary = { name: string; icon: string; color: string; score: number; metricsCount: number; metrics: Metric[] };

export type PerformanceSummary = {
  overallScore: number;
  categories: CategorySummary[];
  recentMetrics: Metric[];
  allRecords: Metric[];
  completion: { workouts: number; completedWorkouts: number; sets: number; completedSets: number; rate: number };
  from: string | null;
  today: string;
};

export const performanceKey = (athleteId: string) => ['performance', athleteId] as const;

export function usePerformanceSummary(athleteId: string, range: RangeKey) {
  return useQuery({
    queryKey: [...performanceKey(athleteId), 'summary', range],
    queryFn: () => api.get<PerformanceSummary>('/api/performance-summary', { query: { athlete_id: athleteId, range }, headers: afterWriteHeaders() }),
    placeholderData: keepPreviousData,
  });
}

export type LogInput = { exercise_name: string; value: string; reps?: string; date: string };

export function useLogPerformance(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LogInput) => api.post<{ id: string; checkpoint: string | null }>('/api/performance-records', { athlete_id: athleteId, ...input }),
    onSuccess: (result) => {
      rememberWrite(result.checkpoint);
      return queryClient.invalidateQueries({ queryKey: performanceKey(athleteId) });
    },
  });
}

export function useRemoveEntry(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) => api.delete<{ checkpoint: string | null }>(`/api/performance-records/${encodeURIComponent(entryId)}`),
    onSuccess: (result) => {
      rememberWrite(result.checkpoint);
      return queryClient.invalidateQueries({ queryKey: performanceKey(athleteId) });
    },
  });
}

export type PrNews = {
  id: string;
  athlete_id: string;
  athlete_name: string;
  exercise_name: string;
  rep_range: number;
  weight: number;
  previous: number;
  unit: string;
  date_achieved: string;
  recorded_at: string;
};

export const recentPrsKey = ['performance', 'recent-prs'] as const;

/** Personal-record news of every athlete the user follows (themself, and as a coach their athletes). */
export function useRecentPrs() {
  return useQuery({
    queryKey: recentPrsKey,
    queryFn: () => api.get<{ prs: PrNews[] }>('/api/recent-prs', { query: { days: 30 } }),
  });
}

export type RepMaxRecord = { rep_range: number; best_weight: number; date_achieved: string; workout_id: string | null; entry_id: string | null };
export type RepMaxProfile = {
  exercise_name: string;
  formula: string;
  one_rm: number | null;
  source: RepMaxRecord | null;
  profile: { reps: number; best: RepMaxRecord | null; estimated: number | null }[];
};

export function useRepMaxProfile(athleteId: string, exerciseName: string | null) {
  return useQuery({
    queryKey: [...performanceKey(athleteId), 'rep-max', exerciseName?.toLowerCase()],
    queryFn: () => api.get<RepMaxProfile>('/api/rep-max-profile', { query: { athlete_id: athleteId, exercise_name: exerciseName } }),
    enabled: !!exerciseName,
  });
}

export function useExerciseNames() {
  return useQuery({
    queryKey: ['performance', 'exercise-names'],
    queryFn: () => api.get<{ exercises: { name: string }[] }>('/api/get-exercises'),
    staleTime: 5 * 60_000,
    select: (d) => d.exercises.map((e) => e.name),
  });
}
