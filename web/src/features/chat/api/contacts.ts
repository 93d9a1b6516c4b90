/**
 * The chat's left panel shows a few contacts and the pending-request count: the same
 * get_user_connections call (and cache key) the Contacts modal uses.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ChatContact = { user_id: string; display_name: string; email: string; status: 'pending' | 'accepted' | 'blocked' };

export function useChatContacts() {
  return useQuery({
    queryKey: ['connections'],
    queryFn: () => api.post<{ connections: ChatContact[]; totalPending: number }>('/api/rpc/get_user_connections', { status_filter: 'all' }),
  });
}
