/**
 * Runs projections: read a batch of events → apply it → compare-and-set the
 * checkpoint → pg_notify the changed topics, all in one transaction, so a read model
 * never holds an event twice or misses one, whatever crashes when.
 *
 * One process owns a projection at a time (a session advisory lock, ownership-locks.ts);
 * other processes stand by and take over if the owner goes away.
 */
import pg from 'pg';
import type { Checkpoint, EventStore, StoredEvent } from '../eventstore/port.ts';
import { handlesEvent, historyReader, type Projection } from './projection.ts';
import { installProjection, tableMap, type InstalledState } from './schema.ts';
import { OwnershipLocks } from './ownership-locks.ts';
import { rebuildProjection, rebuildProjections, type RebuildProgress } from './rebuild.ts';
import { applyIsolating, shouldIsolate } from './poison.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { claimScope } from '../command-claim.ts';

export const CHANGES_CHANNEL = 'spotter_changes';
const PERSIST_EVERY_MS = 1000;
const NOTIFY_LIMIT = 7000;

export interface ProjectionStatus {
  name: string;
  version: number;
  generation: number;
  checkpoint: Checkpoint | null;
  owned: boolean;
  /** Events readable in the store that this projection has not applied yet. */
  lag: number;
  lastError: string | null;
  /** Events this projection could not apply and parked (see `spotter parked`). */
  parked: number;
  /** Why the last of them was parked (operators only, like lastError). */
  lastParkedError: string | null;
  rebuilding: { generation: number; checkpoint: Checkpoint | null } | null;
}

export interface RunnerOptions {
  batchSize?: number;
  /** Fallback poll for events appended by other processes. */
  pollMs?: number;
  log?: (msg: string) => void;
  /** Told each time a projection this process owns has applied up to a checkpoint (the projection thread reports it to the serving thread). */
  onApplied?: (projection: string, checkpoint: Checkpoint) => void;
  /** Told when this process takes or gives up a projection (the projection thread reports it too). */
  onOwnership?: (projection: string, owned: boolean) => void;
}

/**
 * Projections usually sit at or near the head of the store, so one read serves them
 * all. The reader keeps the newest events it has read as one contiguous stretch (the
 * tail): a projection whose checkpoint lies in it gets the events after it without a
 * query, and projections at its end share one read for what is new. Contiguous,
 * because readAll hands out everything after a checkpoint below its horizon and an
 * earlier event never appears later, so the events of successive reads from the
 * tail's end are exactly what follows it.
 *
 * A projection further behind reads on its own; identical reads in flight are shared,
 * and so are full batches for a moment (a lagging projection reads the same stretch
 * others just read). A partial batch outside the tail is never kept: it is the head
 * of the store, and a worker arriving later must look again for what was appended
 * since rather than re-read a stale short batch. Joining a read already in flight is
 * safe for the same reason a worker's own read is: an append it has not seen wakes
 * it again.
 */
class SharedReader {
  /**
   * The tail keeps whatever its events carry: the three workout projections share the
   * row each WorkoutScheduled starts (training/domain/workout-row.ts) and the record
   * entries of that row, both held by the event. At 10,000 events, during the scale
   * bench's burst of template assignments (12,800 workouts), the projection thread's
   * heap held up to 133 MB (87 MB with 2,500); see projection-thread.ts for the figures
   * of 5,000. A projection further behind reads from the store, shared as below.
   */
  private static readonly TAIL_SIZE = 5_000;
  private readonly recent = new Map<string, { at: number; events: Promise<StoredEvent[]> }>();
  /** The newest events read, in order, and the checkpoint just before the first; null: no tail yet. */
  private tail: { before: Checkpoint | null; events: StoredEvent[] } | null = null;
  private tailRead: Promise<StoredEvent[]> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly keepMs = 200,
  ) {}

  async read(after: Checkpoint | null, limit: number): Promise<StoredEvent[]> {
    const known = this.fromTail(after, limit);
    if (known) return known;
    if (this.tail && after === this.tailEnd()) return (await this.extendTail(limit)).slice(0, limit);
    const events = await this.readShared(after, limit);
    // A read that reached the head of the store starts the tail when there is none.
    if (!this.tail && events.length < limit) this.tail = { before: after, events };
    return events;
  }

  private tailEnd(): Checkpoint | null {
    const t = this.tail!;
    return t.events.length ? t.events[t.events.length - 1].checkpoint : t.before;
  }

  /** The events after `after` when it lies inside the tail and something follows it there. */
  private fromTail(after: Checkpoint | null, limit: number): StoredEvent[] | null {
    const t = this.tail;
    if (!t || t.events.length === 0) return null;
    let start: number;
    if (after === t.before) start = 0;
    else {
      if (after === null || (t.before !== null && after < t.before)) return null;
      // Checkpoints sort in global order: find the event `after` names.
      let lo = 0;
      let hi = t.events.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (t.events[mid].checkpoint < after) lo = mid + 1;
        else hi = mid;
      }
      if (t.events[lo].checkpoint !== after) return null;
      start = lo + 1;
    }
    return start < t.events.length ? t.events.slice(start, start + limit) : null;
  }

  /** One read of what follows the tail, shared by everyone at its end; the new events join the tail. */
  private extendTail(limit: number): Promise<StoredEvent[]> {
    if (!this.tailRead) {
      const read = this.store.readAll(this.tailEnd(), limit);
      this.tailRead = read;
      const done = () => {
        if (this.tailRead === read) this.tailRead = null;
      };
      read.then((events) => {
        done();
        const t = this.tail!;
        t.events.push(...events);
        const excess = t.events.length - SharedReader.TAIL_SIZE;
        if (excess > 0) {
          t.before = t.events[excess - 1].checkpoint;
          t.events.splice(0, excess);
        }
      }, done);
    }
    return this.tailRead;
  }

  private readShared(after: Checkpoint | null, limit: number): Promise<StoredEvent[]> {
    const now = Date.now();
    for (const [k, v] of this.recent) if (now - v.at > this.keepMs) this.recent.delete(k);
    const key = `${after ?? ''}|${limit}`;
    const hit = this.recent.get(key);
    if (hit) return hit.events;
    const events = this.store.readAll(after, limit);
    this.recent.set(key, { at: now, events });
    events.then(
      (list) => list.length < limit && this.recent.delete(key),
      () => this.recent.delete(key),
    );
    return events;
  }
}

class Worker {
  state: InstalledState | null = null;
  owned = false;
  /** Ownership ended with its connection (not given up): take it back at the next poll, not the eighth. */
  lost = false;
  lastError: string | null = null;
  /** The row's last_error holds an error of ours: cleared there once we run cleanly again. */
  private errorInDatabase = false;
  private running: Promise<void> | null = null;
  private again = false;
  /** When the last batch that applied anything began: a projection's `coalesceMs` counts from it. */
  private lastBatchAt = -Infinity;
  private coalesceTimer: NodeJS.Timeout | null = null;
  /**
   * The newest checkpoint someone waits for (hurry): no coalescing pause until it is
   * applied. Kept until then, not for one run: a hurried run that did not reach it yet
   * (its event not readable for a moment, see the store's late-commit rule) must not
   * let the retry that follows sit out the pause.
   */
  private hurriedTo: Checkpoint | null = null;
  /** A hurry for whatever there is (stop): no pause before the next catch-up only. */
  private hurriedOnce = false;
  /** Newest checkpoint appended by this process: catch-up retries until it is visible. */
  target: Checkpoint | null = null;
  private waiters: { checkpoint: Checkpoint; resolve: () => void }[] = [];
  /**
   * The checkpoint stored in the database. Batches with nothing for this projection
   * only move the in-memory checkpoint (state.checkpoint); the stored one catches up
   * with the next real batch or within PERSIST_EVERY_MS, which saves a transaction per
   * projection per foreign event. After a crash the skipped events are read again and
   * skipped again.
   */
  private persisted: Checkpoint | null = null;
  private persistedAt = 0;
  /** Failed tries of the current batch: an error of unknown class parks only after a few (poison.ts). */
  private failedTries = 0;

  constructor(
    readonly projection: Projection,
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly reader: SharedReader,
    private readonly locks: OwnershipLocks,
    private readonly opts: Required<RunnerOptions>,
  ) {}

  private async reload(): Promise<void> {
    this.state = await installProjection(this.pool, this.projection);
    this.persisted = this.state.checkpoint;
  }

  async tryAcquire(): Promise<boolean> {
    if (this.owned) return true;
    // When the database drops the lock's session (restart, failover) ownership is gone,
    // and the runner's poll takes it again (lost = true).
    const locked = await this.locks.tryLock(this.projection.name, () => {
      if (!this.owned) return;
      this.release();
      this.lost = true;
    });
    if (!locked) return false;
    this.owned = true;
    this.lost = false;
    this.opts.onOwnership(this.projection.name, true);
    try {
      await this.reload();
      // An error a previous owner left in the row (it died, or the database did) is not
      // this owner's: health and `spotter status` would report it until the next failure.
      await this.recordError(null);
    } catch (e) {
      this.release();
      this.lost = true;
      throw e;
    }
    if (this.state!.version !== this.projection.version) this.upgrade();
    return true;
  }

  /**
   * The code's version differs from the serving copy's: build the new version beside
   * it. Until the switch the old copy keeps serving as it was (catch-up pauses, since
   * new code must not write into old tables), then the worker reloads and goes on.
   */
  private upgrade(): void {
    if (this.projection.reactor) return;
    this.opts.log(`projection ${this.projection.name}: rebuilding for version ${this.projection.version}`);
    rebuildProjection(this.pool, this.store, this.projection, { batchSize: 5000 })
      .then(async () => {
        await this.reload();
        await this.wake();
      })
      .catch((e) => {
        this.lastError = `upgrade to version ${this.projection.version} failed: ${(e as Error).message}`;
        this.opts.log(`projection ${this.projection.name}: ${this.lastError}`);
      });
  }

  release(): void {
    if (this.owned) this.opts.onOwnership(this.projection.name, false);
    this.owned = false;
    this.clearCoalesceTimer();
    this.locks.unlock(this.projection.name);
  }

  /**
   * Coalesces wake-ups: at most one catch-up runs, and one more is queued behind it. A
   * projection with `coalesceMs` starts its next catch-up no sooner than that after its
   * last batch began (a timer wakes it then), unless a wait for a checkpoint hurries it.
   */
  wake(): Promise<void> {
    if (!this.owned) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.holdBack()) return Promise.resolve();
    this.running = (async () => {
      try {
        do {
          this.again = false;
          this.hurriedOnce = false;
          await this.catchUp();
        } while (this.again && !this.holdBack());
        if (this.errorInDatabase || this.lastError) await this.recordError(null);
        this.lastError = null;
        // An append of ours can be invisible for a moment while an older transaction
        // is still open (see the store's late-commit rule): look again very soon
        // rather than waiting for the poll.
        if (this.target && (!this.state?.checkpoint || this.state.checkpoint < this.target)) {
          setTimeout(() => void this.wake(), 2);
        }
        // A wake-up (a hurry) that came while the error above was being cleared found this
        // run still going and its loop already left: run again once this one has ended.
        if (this.again && !this.coalesceTimer) queueMicrotask(() => void this.wake());
      } catch (e) {
        const message = (e as Error).message;
        // While the database is away every poll fails the same way: say it once.
        if (!(isDatabaseUnavailable(e) && this.lastError === message)) this.opts.log(`projection ${this.projection.name}: ${message}`);
        this.lastError = message;
        await this.recordError(this.lastError);
        // Whatever failed, start the next try from what the database says.
        await this.reload().catch(() => {});
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** True when the next catch-up must wait for the projection's coalescing pause; a timer then wakes it. */
  private holdBack(): boolean {
    if (this.hurriedTo && this.state?.checkpoint && this.state.checkpoint >= this.hurriedTo) this.hurriedTo = null;
    const hurried = this.hurriedOnce || this.hurriedTo !== null;
    const pause = hurried ? 0 : this.lastBatchAt + (this.projection.coalesceMs ?? 0) - performance.now();
    if (pause <= 0) {
      this.clearCoalesceTimer();
      return false;
    }
    this.coalesceTimer ??= setTimeout(() => {
      this.coalesceTimer = null;
      void this.wake();
    }, pause);
    return true;
  }

  private clearCoalesceTimer(): void {
    if (this.coalesceTimer) clearTimeout(this.coalesceTimer);
    this.coalesceTimer = null;
  }

  /** Catches up without a coalescing pause when `checkpoint` (null: whatever there is) is not applied yet. */
  hurry(checkpoint: Checkpoint | null = null): Promise<void> {
    if (checkpoint && this.state?.checkpoint && this.state.checkpoint >= checkpoint) return Promise.resolve();
    if (!checkpoint) this.hurriedOnce = true;
    else if (!this.hurriedTo || this.hurriedTo < checkpoint) this.hurriedTo = checkpoint;
    return this.wake();
  }

  private async catchUp(): Promise<void> {
    if (this.state!.version !== this.projection.version && !this.projection.reactor) return;
    for (;;) {
      const from = this.state!.checkpoint;
      const events = await this.reader.read(from, this.opts.batchSize);
      if (events.length === 0) break;
      const last = events[events.length - 1].checkpoint;
      const relevant = events.filter((e) => handlesEvent(this.projection, e.type));
      if (relevant.length > 0 || this.persistDue()) {
        if (relevant.length > 0) this.lastBatchAt = performance.now();
        if (!(await this.commitOrIsolate(last, relevant))) {
          // A rebuild switched generations (or another owner moved on): reload and go on.
          await this.reload();
          if (this.state!.checkpoint) this.settleWaiters();
          continue;
        }
      }
      this.state = { ...this.state!, checkpoint: last };
      // A batch went through: the failure is over, and whoever waited for this checkpoint
      // must not read it from status (CI once did, between the waiter and the end of the run).
      this.lastError = null;
      this.settleWaiters();
      if (events.length < this.opts.batchSize) break;
    }
    if (this.state!.checkpoint !== this.persisted && this.persistDue()) {
      if (!(await this.commitBatch(this.state!.checkpoint!, []))) await this.reload();
    }
  }

  private persistDue(): boolean {
    return Date.now() - this.persistedAt >= PERSIST_EVERY_MS;
  }

  /**
   * The batch as one call; if that fails for a reason in the events (or of a class
   * unknown, a few times), once more with the failing events isolated and parked (see
   * poison.ts), so the projection moves on.
   */
  private async commitOrIsolate(to: Checkpoint, events: StoredEvent[]): Promise<boolean> {
    try {
      const done = await this.commitBatch(to, events, false);
      this.failedTries = 0;
      return done;
    } catch (e) {
      if (events.length === 0 || !shouldIsolate(e, ++this.failedTries)) throw e;
      this.failedTries = 0;
      return this.commitBatch(to, events, true);
    }
  }

  /** Applies `events` and moves the stored checkpoint from `persisted` to `to`, atomically. */
  private async commitBatch(to: Checkpoint, events: StoredEvent[], isolate = false): Promise<boolean> {
    const tx = await this.pool.connect();
    const state = this.state!;
    const from = this.persisted;
    try {
      // The read model and its checkpoint commit together, so a commit lost in a crash
      // is simply applied again: no need to wait for the disk (the append itself does).
      // The checkpoint row is moved first, in the transaction's first round trip: that
      // locks it before anything is written (a rebuild switching generations takes the
      // same lock, so a batch never writes into a copy that was just retired), and a
      // row that changed meanwhile means someone else moved on: reload instead.
      // Literals, not parameters: several statements go in one simple-protocol query.
      const lit = (v: string | null) => (v === null ? 'NULL' : tx.escapeLiteral(v));
      const opened = (await tx.query(
        `BEGIN; SET LOCAL synchronous_commit = off;
         UPDATE projection_checkpoints SET checkpoint = ${lit(to)}, updated_at = now()
          WHERE projection = ${lit(this.projection.name)} AND generation = ${state.generation} AND checkpoint IS NOT DISTINCT FROM ${lit(from)}`,
      )) as unknown as pg.QueryResult[];
      if (opened[2].rowCount !== 1) {
        await tx.query('ROLLBACK');
        return false;
      }
      const ctx = { tx, table: tableMap(this.projection, state.generation), history: historyReader(this.store) };
      let topics: Iterable<string> = [];
      if (isolate) {
        const done = await applyIsolating(this.projection, events, ctx, { projection: this.projection.name, generation: state.generation });
        topics = done.topics;
        if (done.parked) this.opts.log(`projection ${this.projection.name}: parked ${done.parked} event(s) it could not apply (spotter parked)`);
      } else if (events.length) {
        topics = await this.projection.apply(events, ctx);
      }
      // The notifications and the commit in one round trip.
      const notices = notifyPayloads(this.projection.name, to, [...topics]).map((payload) => `SELECT pg_notify(${lit(CHANGES_CHANNEL)}, ${lit(payload)});`);
      await tx.query([...notices, 'COMMIT'].join(' '));
      this.persisted = to;
      this.persistedAt = Date.now();
      return true;
    } catch (e) {
      await tx.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      tx.release();
    }
  }

  /** Stores the in-memory checkpoint now (on shutdown), so a restart starts there. */
  async flush(): Promise<void> {
    if (!this.owned || !this.state?.checkpoint || this.state.checkpoint === this.persisted) return;
    await this.commitBatch(this.state.checkpoint, []).catch(() => false);
  }

  /** Kept in the database so `spotter status` in another process sees it too. */
  private async recordError(message: string | null): Promise<void> {
    await this.pool
      .query('UPDATE projection_checkpoints SET last_error = $2 WHERE projection = $1', [this.projection.name, message])
      .then(() => void (this.errorInDatabase = message !== null))
      .catch(() => {});
  }

  /** Resolves once `checkpoint` is applied; `cancel` removes the waiter (on timeout), so none piles up. */
  waitFor(checkpoint: Checkpoint): { done: Promise<void>; cancel: () => void } {
    if (this.state?.checkpoint && this.state.checkpoint >= checkpoint) return { done: Promise.resolve(), cancel: () => {} };
    let waiter!: { checkpoint: Checkpoint; resolve: () => void };
    const done = new Promise<void>((resolve) => this.waiters.push((waiter = { checkpoint, resolve })));
    void this.hurry(checkpoint);
    return { done, cancel: () => void (this.waiters = this.waiters.filter((w) => w !== waiter)) };
  }

  get waiterCount(): number {
    return this.waiters.length;
  }

  private settleWaiters(): void {
    const at = this.state!.checkpoint!;
    this.opts.onApplied(this.projection.name, at);
    this.waiters = this.waiters.filter((w) => (w.checkpoint <= at ? (w.resolve(), false) : true));
  }
}

/** Splits topics over several notifications: pg_notify payloads are capped near 8 kB. */
export function notifyPayloads(projection: string, checkpoint: Checkpoint, topics: string[]): string[] {
  if (topics.length === 0) return [];
  const unique = [...new Set(topics)];
  const out: string[] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const t of unique) {
    if (size + t.length + 3 > NOTIFY_LIMIT && chunk.length) {
      out.push(JSON.stringify({ p: projection, c: checkpoint, t: chunk }));
      chunk = [];
      size = 0;
    }
    chunk.push(t);
    size += t.length + 3;
  }
  out.push(JSON.stringify({ p: projection, c: checkpoint, t: chunk }));
  return out;
}

export class ProjectionRunner {
  private readonly workers = new Map<string, Worker>();
  private readonly locks: OwnershipLocks;
  private readonly opts: Required<RunnerOptions>;
  private timer: NodeJS.Timeout | null = null;
  private offAppended: (() => void) | null = null;
  private stopped = false;
  private polls = 0;
  /**
   * How far each projection is applied by an owner in another thread of this process
   * (the projection thread, src/projection-thread.ts), as it reports; and who waits for
   * its next report. Read-after-write then waits for a message, not a poll.
   */
  private readonly remote = new Map<string, Checkpoint>();
  /** Projections the projection thread owns: this server runs them, though not on this thread. */
  private readonly remoteOwned = new Set<string>();
  private remoteWaiters: (() => void)[] = [];
  /** Told of each wait for a projection owned elsewhere in this process (the projection thread hurries its coalescing projections). */
  private readonly remoteWaitListeners = new Set<(checkpoint: Checkpoint) => void>();
  /** Waits in progress for a projection owned elsewhere (counted by waiterCount). */
  private remoteWaits = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly databaseUrl: string,
    projections: Projection[],
    opts: RunnerOptions = {},
  ) {
    this.opts = { batchSize: 1000, pollMs: 250, log: (m) => console.error(m), onApplied: () => {}, onOwnership: () => {}, ...opts };
    const reader = new SharedReader(store);
    this.locks = new OwnershipLocks(databaseUrl);
    for (const p of projections) this.workers.set(p.name, new Worker(p, pool, store, reader, this.locks, this.opts));
  }

  async start(): Promise<void> {
    for (const w of this.workers.values()) await w.tryAcquire();
    this.offAppended = this.store.onAppended((checkpoint) => this.noteAppended(checkpoint));
    await Promise.all([...this.workers.values()].map((w) => w.wake()));
    this.schedulePoll();
  }

  /** An append of this process (or of the serving thread, for the projection thread): catch up now rather than at the next poll. */
  noteAppended(checkpoint: Checkpoint): void {
    for (const w of this.workers.values()) if (!w.target || w.target < checkpoint) w.target = checkpoint;
    // Outside the appending request's Idempotency-Key claim: a reactor's commands are not that request's.
    claimScope.exit(() => void this.wakeAll());
  }

  /** Someone waits for `checkpoint`: projections paused by `coalesceMs` below it catch up now. */
  hurry(checkpoint: Checkpoint): void {
    for (const w of this.workers.values()) void w.hurry(checkpoint);
  }

  /** Calls `listener` with the checkpoint of every wait for a projection this thread does not own. */
  onRemoteWait(listener: (checkpoint: Checkpoint) => void): () => void {
    this.remoteWaitListeners.add(listener);
    return () => this.remoteWaitListeners.delete(listener);
  }

  /** The projection thread applied `projection` up to `checkpoint`. */
  noteApplied(projection: string, checkpoint: Checkpoint): void {
    const known = this.remote.get(projection);
    if (known && known >= checkpoint) return;
    this.remote.set(projection, checkpoint);
    const waiting = this.remoteWaiters;
    this.remoteWaiters = [];
    for (const wake of waiting) wake();
  }

  /** The projection thread took (or gave up) `projection`; all of them when it stopped. */
  noteOwnership(projection: string | null, owned: boolean): void {
    if (projection === null) this.remoteOwned.clear();
    else if (owned) this.remoteOwned.add(projection);
    else this.remoteOwned.delete(projection);
  }

  private appliedHere(name: string, checkpoint: Checkpoint): boolean {
    const w = this.workers.get(name);
    if (w?.owned) return !!w.state?.checkpoint && w.state.checkpoint >= checkpoint;
    const remote = this.remote.get(name);
    return !!remote && remote >= checkpoint;
  }

  /** Resolves at the projection thread's next report, or after `ms`. */
  private nextRemoteReport(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.remoteWaiters.push(done);
    });
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.poll(), this.opts.pollMs);
  }

  private async poll(): Promise<void> {
    // Stand-by workers try to take over a projection whose owner went away; every few
    // polls only, since each try is a query (and opens the lock session if it dropped).
    const standBy = this.polls++ % 8 === 0;
    for (const w of this.workers.values()) {
      if (w.owned || !(standBy || w.lost)) continue;
      // While the database is away one failed try says enough for this poll.
      const reached = await w.tryAcquire().then(
        () => true,
        (e) => !isDatabaseUnavailable(e),
      );
      if (!reached) break;
    }
    await this.wakeAll();
    this.schedulePoll();
  }

  wakeAll(): Promise<void> {
    return Promise.all([...this.workers.values()].map((w) => w.wake())).then(() => {});
  }

  /**
   * Resolves when every named projection (all by default) has applied `checkpoint`,
   * or rejects after `timeoutMs`. Projections owned by another process are polled.
   */
  async waitFor(checkpoint: Checkpoint, names: string[] = [...this.workers.keys()], timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    if (names.some((name) => !this.workers.get(name)?.owned)) for (const listener of this.remoteWaitListeners) listener(checkpoint);
    await Promise.all(
      names.map(async (name) => {
        const w = this.workers.get(name);
        if (!w) throw new Error(`Unknown projection ${name}`);
        if (w.owned) {
          let timer: NodeJS.Timeout | undefined;
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`Projection ${name} did not reach ${checkpoint} in time`)), timeoutMs);
          });
          const wait = w.waitFor(checkpoint);
          try {
            await Promise.race([wait.done, timeout]);
          } finally {
            clearTimeout(timer);
            wait.cancel();
          }
          return;
        }
        // Owned elsewhere: the projection thread's reports, or the stored checkpoint
        // (another process), polled less often while reports come.
        this.remoteWaits++;
        try {
          for (;;) {
            if (this.appliedHere(name, checkpoint)) return;
            // Listening before the query: a report that comes during it is not missed.
            const report = this.nextRemoteReport(this.remote.size > 0 ? 100 : 10);
            const { rows } = await this.pool.query<{ checkpoint: string | null }>('SELECT checkpoint FROM projection_checkpoints WHERE projection = $1', [name]);
            if (rows[0]?.checkpoint && rows[0].checkpoint >= checkpoint) return;
            if (Date.now() > deadline) throw new Error(`Projection ${name} did not reach ${checkpoint} in time`);
            await report;
          }
        } finally {
          this.remoteWaits--;
        }
      }),
    );
  }

  async status(): Promise<ProjectionStatus[]> {
    const { rows } = await this.pool.query<{ projection: string; generation: number; version: number; checkpoint: string | null; last_error: string | null }>(
      'SELECT projection, generation, version, checkpoint, last_error FROM projection_checkpoints',
    );
    const { rows: rebuilds } = await this.pool.query<{ projection: string; generation: number; checkpoint: string | null }>(
      'SELECT projection, generation, checkpoint FROM projection_rebuilds',
    );
    const { rows: parked } = await this.pool.query<{ projection: string; n: number; last_error: string }>(
      `SELECT projection, count(*)::int AS n, (array_agg(error ORDER BY parked_at DESC, id DESC))[1] AS last_error FROM projection_parked_events GROUP BY projection`,
    );
    return Promise.all(
      [...this.workers.values()].map(async (w) => {
        const row = rows.find((r) => r.projection === w.projection.name);
        const rb = rebuilds.find((r) => r.projection === w.projection.name);
        // The owner knows its position best: it stores skipped stretches lazily.
        const remote = this.remote.get(w.projection.name);
        const stored = row?.checkpoint ?? null;
        const checkpoint = (w.owned ? w.state?.checkpoint : remote && (!stored || remote > stored) ? remote : stored) ?? null;
        return {
          name: w.projection.name,
          version: row?.version ?? w.projection.version,
          generation: row?.generation ?? 0,
          checkpoint,
          owned: w.owned || this.remoteOwned.has(w.projection.name),
          lag: await countAfter(this.pool, this.store, checkpoint),
          lastError: w.owned ? w.lastError : (row?.last_error ?? null),
          parked: parked.find((r) => r.projection === w.projection.name)?.n ?? 0,
          lastParkedError: parked.find((r) => r.projection === w.projection.name)?.last_error ?? null,
          rebuilding: rb ? { generation: rb.generation, checkpoint: rb.checkpoint } : null,
        };
      }),
    );
  }

  /** True when every named projection has applied `checkpoint` as far as this process knows (its own or the projection thread's; no waiting, no query). */
  hasApplied(checkpoint: Checkpoint, names: string[]): boolean {
    return names.every((n) => this.appliedHere(n, checkpoint));
  }

  /** Read-your-writes waits held in this process (all projections): what a timeout must clean up. */
  waiterCount(): number {
    let n = this.remoteWaits;
    for (const w of this.workers.values()) n += w.waiterCount;
    return n;
  }

  projections(): Projection[] {
    return [...this.workers.values()].map((w) => w.projection);
  }

  /** Builds a fresh copy of a projection's tables from the first event and switches to it. */
  async rebuild(name: string, onProgress?: (p: RebuildProgress) => void): Promise<RebuildProgress> {
    const [result] = await this.rebuildTogether([name], onProgress);
    return result;
  }

  /**
   * Rebuilds these projections from one read of the store (rebuild.ts), each switching
   * when done; `writers`: connections writing at once (rebuild.ts's default when absent).
   */
  async rebuildTogether(names: string[], onProgress?: (p: RebuildProgress) => void, writers?: number): Promise<RebuildProgress[]> {
    const projections = names.map((name) => {
      const w = this.workers.get(name);
      if (!w) throw new Error(`Unknown projection ${name}`);
      if (w.projection.reactor) throw new Error(`${name} is a reactor: replaying it would repeat its effects`);
      return w.projection;
    });
    for (const p of projections) await installProjection(this.pool, p);
    return rebuildProjections(this.pool, this.store, projections, { batchSize: 20_000, onProgress, writers });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.offAppended?.();
    // Whatever a coalescing pause held back is applied before the checkpoints are stored.
    await Promise.all([...this.workers.values()].map((w) => w.hurry()));
    await Promise.all([...this.workers.values()].map((w) => w.flush()));
    for (const w of this.workers.values()) w.release();
    await this.locks.close();
  }
}

/** Lag in events. Exact for the PostgreSQL store; other stores report 0 or 1. */
async function countAfter(pool: pg.Pool, store: EventStore, checkpoint: Checkpoint | null): Promise<number> {
  if (store.kind === 'postgres') {
    const [tx, pos] = checkpoint ? checkpoint.split(':').map((s) => BigInt(s).toString()) : ['0', '0'];
    const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM es_events WHERE (tx_id, position) > ($1::text::xid8, $2::bigint)`, [tx, pos]);
    return Number(rows[0].n);
  }
  const head = await store.headCheckpoint();
  return head && (!checkpoint || head > checkpoint) ? 1 : 0;
}
