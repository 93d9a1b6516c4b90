/** GET /api/groups: the coach's groups, for the group filter (only their linked members count). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TeamGroup = { id: string; name: string; members: { id: string; linked: boolean }[] };

export const teamGroupsQueryOptions = () => queryOptions({ queryKey: ['team-analytics', 'groups'], queryFn: () => api.get<{ data: TeamGroup[] }>('/api/groups') });
export const useTeamGroups = () => useQuery(teamGroupsQueryOptions());
