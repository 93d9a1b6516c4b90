/**
 * The signed-in user's connections (rpc get_user_connections) and what can be done
 * to one: answer a request, remove it, block or unblock the other person.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';
import { userSearchQueryKey } from './search-users';

export type Connection = {
  connection_id: string | null;
  status: 'pending' | 'accepted' | 'blocked';
  connection_type: string | null;
  notes: string | null;
  requester_id: string | null;
  recipient_id: string | null;
  is_requester: boolean;
  user_id: string;
  email: string;
  display_name: string;
  profile_type: string;
  created_at: string;
  updated_at: string;
};

type ConnectionsResponse = { connections: Connection[]; totalPending: number };
type Done = { success: boolean; message: string; checkpoint: string | null };

export const connectionsQueryKey = ['connections'] as const;

export function getConnections(): Promise<ConnectionsResponse> {
  return api.post('/api/rpc/get_user_connections', { status_filter: 'all' }, { headers: afterWriteHeaders() });
}

export const connectionsQueryOptions = () => queryOptions({ queryKey: connectionsQueryKey, queryFn: getConnections });

export function useConnections() {
  return useQuery(connectionsQueryOptions());
}

export const respondToRequest = (input: { connectionId: string; response: 'accept' | 'reject' }): Promise<Done> =>
  api.post('/api/rpc/respond_to_connection_request', { connection_id_param: input.connectionId, response: input.response });

export const removeConnection = (connectionId: string): Promise<Done> => api.delete(`/api/connections/${encodeURIComponent(connectionId)}`);

export const manageBlock = (input: { userId: string; action: 'block' | 'unblock' }): Promise<Done> =>
  api.post('/api/rpc/manage_user_block', { target_user_id: input.userId, action: input.action });

/** Every network change can move a person between tabs and change a search badge. */
export function useNetworkMutation<T, R extends { checkpoint: string | null }>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result) => {
      rememberWrite(result.checkpoint);
      await Promise.all([queryClient.invalidateQueries({ queryKey: connectionsQueryKey }), queryClient.invalidateQueries({ queryKey: userSearchQueryKey })]);
    },
  });
}

export const useRespondToRequest = () => useNetworkMutation(respondToRequest);
export const useRemoveConnection = () => useNetworkMutation(removeConnection);
export const useManageBlock = () => useNetworkMutation(manageBlock);
