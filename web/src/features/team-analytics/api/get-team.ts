/**
 * The coach's athletes (GET /api/team-analytics/athletes), most recently active first:
 * whether the page applies at all, the athlete list, and who is preselected.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TeamAthlete = { id: string; name: string; last_active: string | null };

export const teamQueryKey = ['team-analytics', 'team'] as const;

export function getTeam(): Promise<{ athletes: TeamAthlete[] }> {
  return api.get<{ athletes: TeamAthlete[] }>('/api/team-analytics/athletes');
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: getTeam, retry: false });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
