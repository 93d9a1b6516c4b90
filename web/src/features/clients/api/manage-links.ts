/** POST /api/manage-links: link an athlete who accepted the coach's invitation. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clientsQueryKey } from './get-clients';
import { invitesQueryKey } from './manage-invites';
import { linksQueryKey } from './accepted-not-linked';
import { rememberWrite } from '../../../lib/read-after-write';

export function linkClient(email: string): Promise<{ message: string; checkpoint: string | null }> {
  return api.post('/api/manage-links', { email });
}

export function useLinkClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkClient,
    onSuccess: async (result) => {
      rememberWrite(result.checkpoint);
      await Promise.all([clientsQueryKey, invitesQueryKey, linksQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
