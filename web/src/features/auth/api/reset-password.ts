import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resetPassword(input: { token: string; password: string }): Promise<{ message?: string }> {
  return api.post('/api/auth/reset-password', input, { auth: 'none' });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
