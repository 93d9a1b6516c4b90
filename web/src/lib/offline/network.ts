/**
 * Telling "no connection" apart from an answer: fetch rejects with a TypeError when
 * no answer came back (no signal, DNS, connection refused, the request cut off);
 * every answer, even a 5xx, becomes an ApiError in lib/api-client.
 */
import { getSession } from '../session';
import { loadSnapshot, saveSnapshot } from './db';

export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/** The browser knows it has no connection (it may also not know: then the request fails). */
export function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A read's answer, from the server or, with no connection, the copy saved on the device. */
export type WithOfflineCopy<T> = {
  data: T;
  /** True when the answer is the saved copy. */
  offline: boolean;
  /** When the answer arrived (epoch ms): now, or when the saved copy was fetched. */
  savedAt: number;
  /** When it was asked for: writes sent after this may not be in it yet. */
  requestedAt: number;
};

/** Raised when there is no connection and nothing was saved on the device. */
export class NothingSavedError extends Error {
  constructor(message = 'You are offline, and nothing is saved on this device yet. Connect once to load it.') {
    super(message);
    this.name = 'NothingSavedError';
  }
}

/**
 * Fetches, and saves the answer under `key` for the signed-in user; with no connection
 * answers the saved copy (`offline: true`), or raises NothingSavedError. `restore`
 * adapts a saved copy to now (e.g. a date that depends on the clock).
 */
export async function fetchWithOfflineCopy<T>(key: string, fetcher: () => Promise<T>, restore: (saved: T) => T = (saved) => saved): Promise<WithOfflineCopy<T>> {
  const userId = getSession()?.user.id;
  const requestedAt = Date.now();
  if (!knownOffline()) {
    try {
      const data = await fetcher();
      if (userId) await saveSnapshot(userId, key, data, requestedAt).catch((error: unknown) => console.warn('Could not save an offline copy.', error));
      return { data, offline: false, savedAt: Date.now(), requestedAt };
    } catch (error) {
      if (!isNetworkError(error)) throw error;
    }
  }
  const saved = userId ? await loadSnapshot(userId, key) : undefined;
  if (!saved) throw new NothingSavedError();
  return { data: restore(saved.data as T), offline: true, savedAt: saved.savedAt, requestedAt: saved.requestedAt };
}

/** "14:02": the device's local time of day. */
export function clockTime(epochMs: number): string {
  return new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(epochMs));
}
