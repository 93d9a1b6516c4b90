/** The coach's clients (GET /api/get-clients): whether the page applies at all, and the athlete list. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TeamAthlete = { id: string; name: string | null; email: string };

export const teamQueryKey = ['team-analytics', 'team'] as const;

export function getTeam(): Promise<{ clients: TeamAthlete[] }> {
  return api.get<{ clients: TeamAthlete[] }>('/api/get-clients');
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: getTeam, retry: false });

export function useTeam() {
  return useQuery(teamQueryOptions());
}
