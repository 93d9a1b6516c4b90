import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';

export type BecomeCoachResult = { success: true; message: string };

/**
 * "Become a coach": an athlete-only account enters the access code. The session is
 * refreshed afterwards so the stored user (and with it the navigation) says coach.
 */
export async function becomeCoach(accessCode: string): Promise<BecomeCoachResult> {
  const result = await api.post<BecomeCoachResult>('/api/auth/become-coach', { accessCode });
  await refreshSession();
  return result;
}

export function useBecomeCoach() {
  return useMutation({ mutationFn: becomeCoach });
}
