/**
 * The performance calls (performance-messaging-templates §7): summary, log, remove,
 * recent PRs, rep-max profile.
 *
 * The athlete's own summary (the exercises they use, their records) and rep-max
 * profiles are kept on the phone (lib/offline) and read from there with no
 * connection, saying so (`offline`, `savedAt`); a coach's views of others are not.
 */
import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchWithOfflineCopy, isNetworkError, knownOffline } from '../../../lib/offline/network';
import { useOutbox } from '../../../lib/offline/outbox-provider';
import { uuidv7 } from '../../../lib/uuid7';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';
import { getSession } from '../../../lib/session';

/** Where an answer came from: the server, or (`offline`) the copy saved on the phone at `savedAt`. */
export type Sourced = { offline: boolean; savedAt: number };

const isMe = (athleteId: string) => !!athleteId && getSession()?.user.id === athleteId;

/** The athlete's own reads go through the phone's copy; others straight to the server. */
async function read<T>(athleteId: string, key: string, fetcher: () => Promise<T>): Promise<T & Sourced> {
  if (!isMe(athleteId)) return { ...(await fetcher()), offline: false, savedAt: Date.now() };
  const answer = await fetchWithOfflineCopy(key, fetcher);
  return { ...answer.data, offline: answer.offline, savedAt: answer.savedAt };
}

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
    queryFn: () =>
      read(athleteId, `performance-summary:${range}`, () =>
        api.get<PerformanceSummary>('/api/performance-summary', { query: { athlete_id: athleteId, range }, headers: afterWriteHeaders() }),
      ),
    placeholderData: keepPreviousData,
    // With no connection the phone's copy answers at once; back online, ask again.
    networkMode: 'always',
  });
}

/** A strength value typed in kilograms goes with `unit: 'kg'`; without it the value is pounds. */
export type LogInput = { exercise_name: string; value: string; reps?: string; date: string; unit?: 'kg' };

export const PERFORMANCE_ENTRY = 'performance-entry';

/** Logged: `queued` when it waits on this device for a connection (the outbox sends it once, with the same key). */
export type Logged = { checkpoint: string | null; queued: boolean };

/**
 * Logs an entry. Online it is sent at once, so the server's "no" shows in the form;
 * with no signal (or an answer lost on the way) it is kept on the device and sent by
 * the outbox under the same Idempotency-Key, so it is applied once either way.
 */
export function useLogPerformance(athleteId: string) {
  const queryClient = useQueryClient();
  const outbox = useOutbox();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: LogInput): Promise<Logged> => {
      const body = { athlete_id: athleteId, ...input };
      const key = uuidv7();
      try {
        if (!knownOffline()) {
          const r = await api.post<{ checkpoint: string | null }>('/api/performance-records', body, { headers: { 'Idempotency-Key': key } });
          return { checkpoint: r.checkpoint, queued: false };
        }
      } catch (e) {
        if (!outbox || !isNetworkError(e)) throw e;
      }
      if (!outbox) throw new Error('You are offline. Please try again when you are back online.');
      await outbox.enqueue({
        id: key,
        kind: PERFORMANCE_ENTRY,
        method: 'POST',
        path: '/api/performance-records',
        body,
        invalidates: [performanceKey(athleteId)],
        label: `${input.exercise_name}, ${input.date}`,
        meta: null,
      });
      return { checkpoint: null, queued: true };
    },
    onSuccess: (result) => {
      if (result.queued) return;
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

const repMaxKey = (athleteId: string, exerciseName: string | null) => [...performanceKey(athleteId), 'rep-max', exerciseName?.toLowerCase()] as const;

const repMaxOptions = (athleteId: string, exerciseName: string) => ({
  queryKey: repMaxKey(athleteId, exerciseName),
  queryFn: () =>
    read(athleteId, `rep-max:${exerciseName.toLowerCase()}`, () =>
      api.get<RepMaxProfile>('/api/rep-max-profile', { query: { athlete_id: athleteId, exercise_name: exerciseName } }),
    ),
  networkMode: 'always' as const,
});

export function useRepMaxProfile(athleteId: string, exerciseName: string | null) {
  return useQuery({ ...repMaxOptions(athleteId, exerciseName ?? ''), enabled: !!exerciseName });
}

/**
 * Online, the athlete's page fetches the rep-max profile of every exercise they use, so
 * each is on the phone for the gym, not only those opened. Not for a coach's views.
 */
export function useKeepRepMaxProfiles(athleteId: string, exercises: readonly string[], online: boolean) {
  const queryClient = useQueryClient();
  const names = exercises.join('\n');
  useEffect(() => {
    if (!online || !isMe(athleteId)) return;
    for (const name of names.split('\n').filter(Boolean)) void queryClient.prefetchQuery({ ...repMaxOptions(athleteId, name), staleTime: 5 * 60_000 });
  }, [queryClient, athleteId, names, online]);
}

export function useExerciseNames() {
  return useQuery({
    queryKey: ['performance', 'exercise-names'],
    queryFn: async () => (await fetchWithOfflineCopy('exercise-names', () => api.get<{ exercises: { name: string }[] }>('/api/get-exercises'))).data,
    networkMode: 'always',
    staleTime: 5 * 60_000,
    select: (d) => d.exercises.map((e) => e.name),
  });
}
