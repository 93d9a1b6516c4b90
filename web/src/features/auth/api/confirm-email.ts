import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ConfirmEmailResult = {
  success: true;
  userId: string;
  email: string;
  userData: { full_name: string; is_coach: boolean; is_athlete: boolean };
};

export function confirmEmail(token: string): Promise<ConfirmEmailResult> {
  return api.get('/api/confirm-email', { query: { token }, auth: 'none' });
}

/**
 * A confirmation token works once, so this query is never retried or refetched:
 * a second call (StrictMode, a remount) would report the link as used.
 */
export function confirmEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

export function useConfirmEmail(token: string | null) {
  return useQuery({ ...confirmEmailQueryOptions(token ?? ''), enabled: Boolean(token) });
}
