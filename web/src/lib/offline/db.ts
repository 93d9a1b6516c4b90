/**
 * The data a signed-in user keeps on the device, in IndexedDB (one database per user,
 * so a shared phone never mixes two people's sets): the outbox of writes waiting for
 * the network, and snapshots of the last answers of the reads a page needs offline.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** One write, kept until the server has it (then kept a while as `sent`) or refused it (`failed`, set aside). */
export interface OutboxEntry {
  /** A UUIDv7 made on the device: the key order is the order of writing, and it is the request's Idempotency-Key. */
  id: string;
  /** The feature's name for the kind of write, e.g. `set-actual`. */
  kind: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /** Query keys to refetch once the server has applied it. */
  invalidates: readonly (readonly unknown[])[];
  /** What it is, in words, for the list of writes set aside ("Back Squat, set 2"). */
  label: string;
  /** The feature's own record of the write (e.g. what to show before the server has it). */
  meta: unknown;
  createdAt: number;
  status: OutboxStatus;
  attempts: number;
  /** Epoch ms before which it is not tried again (back-off after a network error or 5xx). */
  nextAttemptAt: number;
  /** Why the server refused it (its `error` text). */
  error?: string;
  errorCode?: string;
  errorStatus?: number;
  sentAt?: number;
  /** The server's answer. */
  result?: unknown;
}

/** The last answer of a read: what it was, when it arrived and when it was asked for. */
export interface Snapshot {
  key: string;
  data: unknown;
  savedAt: number;
  requestedAt: number;
}

interface UserDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry };
  snapshots: { key: string; value: Snapshot };
}

export type UserDatabase = IDBPDatabase<UserDb>;

const open = new Map<string, Promise<UserDatabase>>();

export function userDb(userId: string): Promise<UserDatabase> {
  let db = open.get(userId);
  if (!db) {
    db = openDB<UserDb>(`spotter-${userId}`, 1, {
      upgrade(database) {
        database.createObjectStore('outbox', { keyPath: 'id' });
        database.createObjectStore('snapshots', { keyPath: 'key' });
      },
      // Closed by the browser (storage cleared): the next call opens it again.
      terminated: () => open.delete(userId),
    });
    db.catch(() => open.delete(userId));
    open.set(userId, db);
  }
  return db;
}

export async function saveSnapshot(userId: string, key: string, data: unknown, requestedAt: number): Promise<Snapshot> {
  const snapshot: Snapshot = { key, data, savedAt: Date.now(), requestedAt };
  await (await userDb(userId)).put('snapshots', snapshot);
  return snapshot;
}

export async function loadSnapshot(userId: string, key: string): Promise<Snapshot | undefined> {
  return (await userDb(userId)).get('snapshots', key);
}

/** Changes a saved snapshot in place (one transaction); nothing when there is none. */
export async function updateSnapshot(userId: string, key: string, change: (data: unknown) => unknown): Promise<void> {
  const db = await userDb(userId);
  const tx = db.transaction('snapshots', 'readwrite');
  const current = await tx.store.get(key);
  if (current) await tx.store.put({ ...current, data: change(current.data) });
  await tx.done;
}
