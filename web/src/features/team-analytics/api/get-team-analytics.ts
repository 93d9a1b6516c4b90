/** GET /api/team-analytics: the team summary, athlete entries and exercise rankings of a coach's selected athletes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TEAM_RANGES = [
  { id: '7d', label: '7D' },
  { id: '30d', label: '30D' },
  { id: '90d', label: '90D' },
  { id: '1y', label: '1Y' },
  { id: 'all', label: 'All' },
] as const;
export type TeamRange = (typeof TEAM_RANGES)[number]['id'];
export type CompletionMode = 'reps' | 'sets';

export type TeamSummary = {
  athlete_count: number;
  active_athletes: number;
  completed_volume: number;
  prescribed_volume: number;
  completed_sets: number;
  total_sets: number;
  total_volume: number;
  completion_rate: number;
  rep_completion_rate: number;
  set_completion_rate: number;
  avg_team_intensity: number;
  team_trend: number | null;
  most_active_athlete: string | null;
};

export type AthleteEntry = {
  athlete_id: string;
  athlete_name: string;
  recent_workouts: number;
  total_volume: number;
  total_sets: number;
  completed_sets: number;
  completed_volume: number;
  prescribed_volume: number;
  completion_rate: number;
  rep_completion_rate: number;
  set_completion_rate: number;
  avg_intensity: number;
  active_exercises: number;
};

export type ExerciseRanking = {
  exercise_name: string;
  total_team_volume: number;
  completed_sets: number;
  top_performers: { athlete_id: string; athlete_name: string; volume: number }[];
  /** The volume of each entry of `athletes`, in that order. */
  athlete_volumes?: number[];
};

export type TeamAnalytics = {
  range: { key: TeamRange; from: string | null; to: string };
  team_summary: TeamSummary;
  athletes: AthleteEntry[];
  exercise_rankings: ExerciseRanking[];
};

export const teamAnalyticsBaseKey = ['team-analytics', 'data'] as const;

/** `athleteIds` null: the whole team (no `athletes=`, which keeps the URL short for teams of hundreds). */
export function getTeamAnalytics(range: TeamRange, athleteIds: readonly string[] | null): Promise<TeamAnalytics> {
  return api.get<TeamAnalytics>('/api/team-analytics', { query: { range, athletes: athleteIds?.join(',') } });
}

export const teamAnalyticsQueryOptions = (range: TeamRange, athleteIds: readonly string[] | null) =>
  queryOptions({
    queryKey: [...teamAnalyticsBaseKey, range, athleteIds ? [...athleteIds].sort() : 'all'],
    queryFn: () => getTeamAnalytics(range, athleteIds),
    // Switching range or athletes keeps the last figures on screen until the new ones arrive.
    placeholderData: (previous) => previous,
  });

export function useTeamAnalytics(range: TeamRange, athleteIds: readonly string[] | null, enabled: boolean) {
  return useQuery({ ...teamAnalyticsQueryOptions(range, athleteIds), enabled });
}
