/**
 * The session in React: who is signed in, sign in, sign out, and the timer that
 * keeps the access token fresh. Storage and refresh live in ./session.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { expiresWithin, getSession, refreshSession, setSession, subscribeSession, toSession, type Session, type User } from './session';
import { SESSION_CHECK_INTERVAL_MS, SESSION_REFRESH_MARGIN_MS } from '../config/constants';

export type { Session, User } from './session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export type SignInInput = { email: string; password: string };

type AuthContextValue = {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  signIn: (input: SignInInput) => Promise<Session>;
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

/** Revokes the refresh token on the server. Best effort: signing out never waits long or fails. */
async function revoke(session: Session): Promise<void> {
  try {
    await fetch('/api/auth/signout', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${session.accessToken}`,
      },
      body: JSON.stringify({ refreshToken: session.refreshToken }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch (error) {
    console.warn('Sign-out could not reach the server; the session is cleared locally.', error);
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSyncExternalStore(subscribeSession, getSession, () => null);
  // A stored session that has already expired is refreshed before anything renders.
  const [ready, setReady] = useState(() => {
    const stored = getSession();
    return !stored || !expiresWithin(stored, 0);
  });

  useEffect(() => {
    if (ready) return;
    // No answer (no signal in the gym) keeps the session: the pages work from what is
    // saved on the device, and the first request once online refreshes it (a 401 does).
    // Only a refresh the server refuses signs the user out (refreshSession does that).
    refreshSession()
      .catch((error: unknown) => console.warn('Session refresh failed; keeping the session until the server can be reached.', error))
      .finally(() => setReady(true));
  }, [ready]);

  const signedIn = session !== null;
  useEffect(() => {
    if (!signedIn) return;
    const check = () => {
      const current = getSession();
      if (!current || !expiresWithin(current, SESSION_REFRESH_MARGIN_MS)) return;
      // The server could not be reached: keep the session (writes wait in the outbox,
      // pages show what is saved); the next check or a request's 401 refreshes it.
      refreshSession().catch((error: unknown) => console.warn('Session refresh failed.', error));
    };
    check();
    const timer = window.setInterval(check, SESSION_CHECK_INTERVAL_MS);
    // Background tabs throttle timers; check as soon as the tab is visible again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [signedIn]);

  // Whatever ends the session (sign-out, refused refresh, another tab), drop the old user's data.
  const previousUserId = useRef(session?.user.id);
  useEffect(() => {
    const userId = session?.user.id;
    if (previousUserId.current && previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [session, queryClient]);

  const signIn = useCallback(async (input: SignInInput) => {
    const data = await api.post<unknown>('/api/auth/signin', input, { auth: 'none' });
    const next = toSession(data);
    if (!next) throw new Error('The server sent a malformed session.');
    setSession(next);
    return next;
  }, []);

  const signOut = useCallback(async () => {
    const current = getSession();
    if (current) await revoke(current);
    setSession(null);
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: !ready ? 'loading' : session ? 'authenticated' : 'unauthenticated',
      session,
      user: session?.user ?? null,
      signIn,
      signOut,
    }),
    [ready, session, signIn, signOut],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}

/** The signed-in user; only for components rendered behind the route guard. */
export function useUser(): User {
  const { user } = useAuth();
  if (!user) throw new Error('useUser needs a signed-in user.');
  return user;
}
