/**
 * The athlete's daily readiness check-in (issue 27): today's answer
 * (GET /api/athletes/:id/readiness) and saving it (POST /api/readiness/check-ins).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

export type CheckInAnswers = { sleep: number; soreness: number; stress: number; energy: number; note?: string | null };
export type TodayCheckIn = CheckInAnswers & { date: string; note: string | null };

export const myReadinessKey = (athleteId: string) => ['readiness', athleteId] as const;

export const myReadinessOptions = (athleteId: string) =>
  queryOptions({
    queryKey: myReadinessKey(athleteId),
    queryFn: () => api.get<{ today: string; todayCheckIn: TodayCheckIn | null }>(`/api/athletes/${encodeURIComponent(athleteId)}/readiness`, { headers: afterWriteHeaders() }),
  });

export function useMyReadiness(athleteId: string) {
  return useQuery(myReadinessOptions(athleteId));
}

export function useCheckIn(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: CheckInAnswers) => api.post<{ checkIn: TodayCheckIn; checkpoint: string | null }>('/api/readiness/check-ins', answers),
    onSuccess: (result) => {
      rememberWrite(result.checkpoint);
      return queryClient.invalidateQueries({ queryKey: myReadinessKey(athleteId) });
    },
  });
}
