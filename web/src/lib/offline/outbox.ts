/**
 * The outbox: writes made on the device wait here (IndexedDB, so they outlive a
 * reload, a closed tab and a phone restart) until the server has them.
 *
 * - Each write gets a UUIDv7 when it is made; it is sent as the `Idempotency-Key`,
 *   so a write sent twice (an answer lost on the way back, a reload mid-request) is
 *   applied once: the server replays its first answer.
 * - Writes go one at a time, in the order they were made. No answer (no signal) or
 *   a 5xx keeps the write at the head and tries it again after a back-off (doubling,
 *   capped, with jitter); the connection coming back tries at once.
 * - A 4xx is the server's "no" (the set was removed, the workout deleted): the write
 *   is set aside with the server's reason and the ones after it go on.
 * - Tabs take turns with a Web Lock and tell each other of changes on a
 *   BroadcastChannel, so two open tabs never send the same write together.
 */
import { ApiError, apiFetch, NO_TOKEN_MESSAGE } from '../api-client';
import { uuidv7 } from '../uuid7';
import { userDb, type OutboxEntry } from './db';
import { isNetworkError, knownOffline } from './network';

export type { OutboxEntry } from './db';

/** A write to keep; `id` when it was already tried online under that Idempotency-Key (its answer may have been lost). */
export type NewOutboxEntry = Pick<OutboxEntry, 'kind' | 'method' | 'path' | 'body' | 'invalidates' | 'label' | 'meta'> & { id?: string };

export type OutboxState = {
  /** Every entry in the order made: waiting (`pending`), set aside (`failed`) and recently `sent`. */
  entries: readonly OutboxEntry[];
  /** A write is on its way to the server. */
  syncing: boolean;
  /** The entries have been read from the device. */
  ready: boolean;
};

export const EMPTY_OUTBOX: OutboxState = { entries: [], syncing: false, ready: false };

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_CAP_MS = 60_000;
/** Sent writes are kept a day: until then a page whose data was read before one was sent still shows it. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000;
/** The server's answer while the first request with the same key is still running: ask again. */
const STILL_RUNNING = 'A request with this Idempotency-Key is still running.';

/** The wait before try number `attempts + 1`: doubling from 1 s, capped at 60 s, between half and all of it. */
export function backoff(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A refusal of the write itself; anything else (no answer, 5xx, 401, 408, 429, still running) is tried again. */
function refusal(error: unknown): ApiError | null {
  if (!(error instanceof ApiError)) return null;
  const { status } = error;
  if (status < 400 || status >= 500 || status === 401 || status === 408 || status === 429) return null;
  if (status === 409 && error.message === STILL_RUNNING) return null;
  return error;
}

export class Outbox {
  private entries: OutboxEntry[] = [];
  /** Made in this tab and not yet written to IndexedDB: shown at once all the same. */
  private readonly unsaved = new Map<string, OutboxEntry>();
  private syncing = false;
  private ready = false;
  private state: OutboxState = EMPTY_OUTBOX;
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  /** The connection just came back: try the head now, whatever its back-off says. */
  private skipBackoff = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private channel: BroadcastChannel | null = null;
  private askedToPersist = false;

  constructor(
    private readonly userId: string,
    /** Called after a run that sent writes, with those writes and the server's answers. */
    private readonly onSent: (sent: OutboxEntry[]) => void,
  ) {}

  start(): void {
    window.addEventListener('online', this.onOnline);
    document.addEventListener('visibilitychange', this.onVisible);
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(`spotter-outbox:${this.userId}`);
      this.channel.onmessage = () => void this.reload();
    }
    void this.prune()
      .then(() => this.reload())
      .then(() => this.kick())
      .catch((error: unknown) => {
        // No IndexedDB (a private window of some browsers): writes made now still show.
        console.warn('The outbox could not be read.', error);
        this.ready = true;
        this.emit();
      });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.channel?.close();
    this.listeners.clear();
  }

  getState = (): OutboxState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Keeps a write on the device (shown at once) and sends it when it can. */
  async enqueue(input: NewOutboxEntry): Promise<OutboxEntry> {
    const entry: OutboxEntry = { ...input, id: input.id ?? uuidv7(), createdAt: Date.now(), status: 'pending', attempts: 0, nextAttemptAt: 0 };
    this.unsaved.set(entry.id, entry);
    this.entries = [...this.entries, entry];
    this.emit();
    try {
      await (await userDb(this.userId)).put('outbox', entry);
    } finally {
      this.unsaved.delete(entry.id);
    }
    this.persistStorage();
    await this.changed();
    this.kick();
    return entry;
  }

  /** Forgets a write the server refused, once the user has read why. */
  async dismiss(id: string): Promise<void> {
    const db = await userDb(this.userId);
    const entry = await db.get('outbox', id);
    if (entry?.status === 'failed') await db.delete('outbox', id);
    await this.changed();
  }

  /** Sends what is waiting (after any run in progress, in this tab or another). */
  kick = (): void => {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.withLock(() => this.drain())
      .catch((error: unknown) => console.warn('The outbox stopped sending.', error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  };

  private readonly onOnline = () => {
    this.skipBackoff = true;
    this.kick();
  };

  private readonly onVisible = () => {
    if (document.visibilityState === 'visible') this.kick();
  };

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    const db = await userDb(this.userId);
    const sent: OutboxEntry[] = [];
    try {
      for (;;) {
        if (this.stopped) return;
        // Another tab may have sent or added some since.
        await this.reload();
        const next = this.entries.find((e) => e.status === 'pending');
        if (!next || knownOffline()) return; // `online` kicks again
        const wait = this.skipBackoff ? 0 : next.nextAttemptAt - Date.now();
        this.skipBackoff = false;
        if (wait > 0) {
          this.timer = setTimeout(this.kick, wait);
          return;
        }
        this.setSyncing(true);
        let done: OutboxEntry;
        try {
          const result = await apiFetch<unknown>(next.path, { method: next.method, body: next.body, headers: { 'Idempotency-Key': next.id } });
          done = { ...next, status: 'sent', sentAt: Date.now(), result };
          sent.push(done);
        } catch (error) {
          // Signed out: the writes wait for this user's next session on this device.
          if (error instanceof Error && error.message === NO_TOKEN_MESSAGE) return;
          const refused = refusal(error);
          if (!refused) {
            if (!isNetworkError(error)) console.warn(`Sending ${next.label} failed; trying again later.`, error);
            const attempts = next.attempts + 1;
            await db.put('outbox', { ...next, attempts, nextAttemptAt: Date.now() + backoff(attempts) });
            await this.changed();
            continue;
          }
          done = { ...next, status: 'failed', error: refused.message, errorCode: refused.code, errorStatus: refused.status };
        }
        await db.put('outbox', done);
        await this.changed();
      }
    } finally {
      this.setSyncing(false);
      if (sent.length > 0) this.onSent(sent);
    }
  }

  private async withLock(task: () => Promise<void>): Promise<void> {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`spotter-outbox:${this.userId}`, task);
    } else {
      await task();
    }
  }

  private async reload(): Promise<void> {
    const stored = await (await userDb(this.userId)).getAll('outbox');
    const ids = new Set(stored.map((e) => e.id));
    this.entries = [...stored, ...[...this.unsaved.values()].filter((e) => !ids.has(e.id))];
    this.ready = true;
    this.emit();
  }

  /** Reads the entries again and tells the other tabs to. */
  private async changed(): Promise<void> {
    await this.reload();
    this.channel?.postMessage('changed');
  }

  private async prune(): Promise<void> {
    const db = await userDb(this.userId);
    const old = Date.now() - KEEP_SENT_MS;
    for (const entry of await db.getAll('outbox')) {
      if (entry.status === 'sent' && (entry.sentAt ?? 0) < old) await db.delete('outbox', entry.id);
    }
  }

  /** Asks the browser not to clear this site's storage under pressure: the outbox must outlive it. */
  private persistStorage(): void {
    if (this.askedToPersist || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    this.askedToPersist = true;
    void navigator.storage.persist().catch(() => false);
  }

  private setSyncing(syncing: boolean): void {
    if (this.syncing === syncing) return;
    this.syncing = syncing;
    this.emit();
  }

  private emit(): void {
    if (this.stopped) return;
    this.state = { entries: this.entries, syncing: this.syncing, ready: this.ready };
    for (const listener of this.listeners) listener();
  }
}
