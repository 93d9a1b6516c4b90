/**
 * The invitee's side: coaches' invitations addressed to the signed-in user, who
 * already has an account and so accepts here rather than through a signup link.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

export type Invitation = { id: string; coach_id: string; coach_name: string; coach_email: string | null; created_at: string };

export const invitationsQueryKey = ['invitations'] as const;

export function getInvitations(): Promise<{ invitations: Invitation[] }> {
  return api.get('/api/invitations', { headers: afterWriteHeaders() });
}

export const invitationsQueryOptions = () => queryOptions({ queryKey: invitationsQueryKey, queryFn: getInvitations });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

export function acceptInvitation(inviteId: string): Promise<{ message: string; checkpoint: string | null }> {
  return api.post(`/api/invitations/${encodeURIComponent(inviteId)}/accept`);
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: (result) => {
      rememberWrite(result.checkpoint);
      return queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
