import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resendConfirmation(input: { email: string }): Promise<{ message?: string }> {
  return api.post('/api/auth/resend-confirmation', input, { auth: 'none' });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
