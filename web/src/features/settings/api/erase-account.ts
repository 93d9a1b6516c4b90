/** Erasing one's own account (`POST /api/account/erase`): the password and the word DELETE. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const ERASE_CONFIRMATION = 'DELETE';

export function useEraseAccount() {
  return useMutation({
    mutationFn: (input: { password: string; confirmation: string }) => api.post<{ erased: boolean }>('/api/account/erase', input),
  });
}
