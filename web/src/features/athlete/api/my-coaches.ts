/** GET /api/my-coaches: who coaches the signed-in athlete, and whose accepted invitation waits for the coach's link. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';

export type MyCoach = { coach_id: string; coach_name: string; status: 'linked' | 'waiting' };

export const myCoachesKey = ['my-coaches'] as const;

export function getMyCoaches(): Promise<{ coaches: MyCoach[] }> {
  return api.get('/api/my-coaches', { headers: afterWriteHeaders() });
}

export const myCoachesQueryOptions = () => queryOptions({ queryKey: myCoachesKey, queryFn: getMyCoaches });

export function useMyCoaches() {
  return useQuery(myCoachesQueryOptions());
}
