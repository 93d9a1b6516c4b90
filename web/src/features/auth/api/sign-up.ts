import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** An invited athlete sends `inviteToken` and needs no access code. */
export type SignUpInput = {
  fullName: string;
  email: string;
  password: string;
  accessCode?: string;
  inviteToken?: string;
};

export function signUp(input: SignUpInput): Promise<{ message: string; confirmed?: boolean }> {
  return api.post('/api/auth/signup', input, { auth: 'none' });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
