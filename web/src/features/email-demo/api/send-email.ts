import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { outboxQueryKey } from './get-outbox';

export type EmailTemplate = 'welcome' | 'confirmation' | 'password-reset' | 'invitation' | 'workout-assigned' | 'weekly-recap';

export type SendEmailInput = { to: string; template: EmailTemplate; data: { name?: string } };
export type SendEmailResult = { success: true; messageId: string };

export function sendEmail(input: SendEmailInput): Promise<SendEmailResult> {
  return api.post('/api/send-email', input, { auth: 'optional' });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxQueryKey }),
  });
}
