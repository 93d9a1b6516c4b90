/** GET/POST/DELETE /api/manage-invites: the coach's invitations. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

export type Invite = {
  id: string;
  email: string;
  status: 'pending' | 'accepted';
  athlete_id: string | null;
  created_at: string;
  accepted_at: string | null;
};

export type InviteSent = {
  message: string;
  userExists: boolean;
  emailSent: boolean;
  emailError: string | null;
  inviteId: string;
  checkpoint: string | null;
};

export const invitesQueryKey = ['invites'] as const;

export function getInvites(): Promise<{ invites: Invite[] }> {
  return api.get('/api/manage-invites', { headers: afterWriteHeaders() });
}

export const invitesQueryOptions = () => queryOptions({ queryKey: invitesQueryKey, queryFn: getInvites });

export function useInvites() {
  return useQuery(invitesQueryOptions());
}

export function sendInvite(email: string): Promise<InviteSent> {
  return api.post('/api/manage-invites', { email });
}

export function cancelInvite(inviteId: string): Promise<{ checkpoint: string | null }> {
  return api.delete('/api/manage-invites', { inviteId });
}

export type InviteResent = { message: string; emailSent: boolean; emailError: string | null; checkpoint: string | null };

/** Mails a pending invitation again; it counts against the same limits as a new one. */
export function resendInvite(inviteId: string): Promise<InviteResent> {
  return api.post(`/api/manage-invites/${encodeURIComponent(inviteId)}/resend`);
}

function useInviteMutation<T, R extends { checkpoint: string | null }>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      rememberWrite(result.checkpoint);
      return queryClient.invalidateQueries({ queryKey: invitesQueryKey });
    },
  });
}

export const useSendInvite = () => useInviteMutation(sendInvite);
export const useCancelInvite = () => useInviteMutation(cancelInvite);
export const useResendInvite = () => useInviteMutation(resendInvite);
