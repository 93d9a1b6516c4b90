import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { useAuth, type SignInInput } from '../../../lib/auth';

export const EMAIL_NOT_CONFIRMED = 'Please confirm your email address before signing in.';

/** Signs in and stores the session (the provider owns the session, so the fetcher lives there). */
export function useSignIn() {
  const { signIn } = useAuth();
  return useMutation({ mutationFn: (input: SignInInput) => signIn(input) });
}

/** True when the server refused because the e-mail is not confirmed yet. */
export function isUnconfirmedEmailError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'email_not_confirmed' || /confirm/i.test(error.message));
}
