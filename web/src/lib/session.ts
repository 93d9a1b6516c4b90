/**
 * The session outside React: read from and written to localStorage, shared by
 * the auth provider, the API client and the realtime client.
 *
 * Refresh tokens are spent on use, so a refresh must never run twice with the
 * same token: calls in this tab share one promise, and tabs take turns through a
 * Web Lock, re-reading storage first in case another tab has just refreshed.
 */
import { AUTH_STORAGE_KEY, SESSION_REFRESH_MARGIN_MS } from '../config/constants';

export type User = {
  id: string;
  email: string;
  fullName: string;
  isCoach: boolean;
  isAthlete: boolean;
};

export type Session = {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  user: User;
};

type Listener = (session: Session | null) => void;

/** Raised when the server refuses a refresh token (spent, revoked, unknown). */
export class RefreshRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefreshRejectedError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Accepts epoch ms, epoch seconds or an ISO date, so a server detail cannot log everyone out. */
function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return value < 1e12 ? value * 1000 : value;
  }
  if (typeof value === 'string') {
    const parsed = /^\d+$/.test(value) ? toEpochMs(Number(value)) : Date.parse(value);
    return parsed !== null && Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function toUser(value: unknown): User | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.email !== 'string') {
    return null;
  }
  return {
    id: value.id,
    email: value.email,
    fullName: typeof value.fullName === 'string' ? value.fullName : '',
    isCoach: value.isCoach === true,
    isAthlete: value.isAthlete === true,
  };
}

/** Turns a sign-in/refresh response (or a stored value) into a session, or null if malformed. */
export function toSession(value: unknown): Session | null {
  if (!isRecord(value)) return null;
  const { accessToken, refreshToken } = value;
  const expiresAt = toEpochMs(value.expiresAt);
  const user = toUser(value.user);
  if (typeof accessToken !== 'string' || !accessToken) return null;
  if (typeof refreshToken !== 'string' || !refreshToken) return null;
  if (expiresAt === null || user === null) return null;
  return { accessToken, refreshToken, expiresAt, user };
}

function readStored(): Session | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
    return raw ? toSession(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function writeStored(session: Session | null): void {
  try {
    if (session) window.localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session));
    else window.localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled; the session still lives in memory.
  }
}

let current: Session | null = typeof window === 'undefined' ? null : readStored();
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(current);
}

export function getSession(): Session | null {
  return current;
}

export function setSession(next: Session | null): void {
  current = next;
  writeStored(next);
  emit();
}

/** Takes a session another tab wrote, without writing it back. */
function adopt(next: Session | null): void {
  if (next?.accessToken === current?.accessToken && next?.expiresAt === current?.expiresAt) {
    return;
  }
  current = next;
  emit();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function expiresWithin(session: Session, ms: number, now = Date.now()): boolean {
  return session.expiresAt - now < ms;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === AUTH_STORAGE_KEY || event.key === null) adopt(readStored());
  });
}

async function requestRefresh(refreshToken: string): Promise<Session> {
  const response = await fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const text = isRecord(data) && typeof data.error === 'string' ? data.error : `HTTP ${response.status}: ${response.statusText}`;
    // A 5xx says nothing about the token: keep it and try again later.
    if (response.status >= 400 && response.status < 500) throw new RefreshRejectedError(text);
    throw new Error(text);
  }
  const session = toSession(data);
  if (!session) throw new Error('The server sent a malformed session.');
  return session;
}

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    return navigator.locks.request(`${AUTH_STORAGE_KEY}:refresh`, task);
  }
  return task();
}

async function performRefresh(staleAccessToken?: string): Promise<Session | null> {
  const latest = readStored() ?? current;
  if (!latest) {
    adopt(null);
    return null;
  }
  // Another tab may have refreshed while this one waited for the lock.
  const known = staleAccessToken ?? current?.accessToken;
  const margin = staleAccessToken ? 0 : SESSION_REFRESH_MARGIN_MS;
  if (latest.accessToken !== known && !expiresWithin(latest, margin)) {
    adopt(latest);
    return latest;
  }
  try {
    const next = await requestRefresh(latest.refreshToken);
    setSession(next);
    return next;
  } catch (error) {
    if (error instanceof RefreshRejectedError) {
      setSession(null);
      return null;
    }
    throw error;
  }
}

let inflight: Promise<Session | null> | null = null;

/**
 * Refreshes the session. Resolves with the new session, or null when the server
 * refused the refresh token (the user is then signed out). Rejects only on
 * network or server failures, leaving the session in place.
 *
 * @param staleAccessToken the token a request was just refused with; if storage
 *   already holds a different, valid one, that one is used without a request.
 */
export function refreshSession(staleAccessToken?: string): Promise<Session | null> {
  inflight ??= withRefreshLock(() => performRefresh(staleAccessToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}
