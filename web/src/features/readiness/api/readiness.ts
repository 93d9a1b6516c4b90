/**
 * What a coach reads of readiness (issue 27): one athlete's last 28 days and status
 * (GET /api/athletes/:id/readiness) and the team's (GET /api/readiness/team).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type ReadinessStatus = { recentAverage: number | null; recentCheckIns: number; baseline: number | null; baselineCheckIns: number; belowBaseline: boolean };
export type AthleteReadiness = { today: string; trend: { date: string; score: number }[]; status: ReadinessStatus };
export type TeamReadinessRow = ReadinessStatus & { athlete_id: string; name: string; last_check_in: string | null };

export const readinessKey = ['readiness'] as const;

export const athleteReadinessOptions = (athleteId: string) =>
  queryOptions({
    queryKey: [...readinessKey, athleteId],
    queryFn: () => api.get<AthleteReadiness>(`/api/athletes/${encodeURIComponent(athleteId)}/readiness`, { headers: afterWriteHeaders() }),
  });

export const useAthleteReadiness = (athleteId: string) => useQuery(athleteReadinessOptions(athleteId));

export const teamReadinessOptions = () =>
  queryOptions({ queryKey: [...readinessKey, 'team'], queryFn: () => api.get<{ athletes: TeamReadinessRow[] }>('/api/readiness/team', { headers: afterWriteHeaders() }) });

export const useTeamReadiness = () => useQuery(teamReadinessOptions());
