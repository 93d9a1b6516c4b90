import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Asks the server to e-mail a reset link. */
export function recoverPassword(input: { email: string }): Promise<{ message?: string }> {
  return api.post('/api/auth/recover', input, { auth: 'none' });
}

export function useRecoverPassword() {
  return useMutation({ mutationFn: recoverPassword });
}
