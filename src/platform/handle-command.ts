/**
 * Load stream → fold → decide → append at the expected version. On a version
 * conflict someone else wrote first: re-read, re-decide, try again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { DuplicateEventError, WrongExpectedVersionError, type AppendResult, type EventMetadata, type EventStore, type StoredEvent } from './eventstore/port.ts';
import { foldEvents, type CommandContext, type Decider, type DomainEvent } from '../kernel/decider.ts';
import { currentRequestId } from './observability/request-context.ts';
import { claimScope } from './command-claim.ts';

/** Appends tried per command; refusals on unchecked state and reads do not count as tries of their own. */
const MAX_ATTEMPTS = 20;
/** The longest pause between two tries, in ms (see the backoff below). */
const MAX_BACKOFF_MS = 100;

/**
 * The last known state of recently used streams, so a command reads only the events
 * appended since (a user's or a workout's stream grows with every change). Deciders'
 * states are immutable values, so sharing one between commands is safe; the store
 * stays the truth: whatever was appended elsewhere is read and folded in first.
 */
interface CachedState {
  decider: unknown;
  /** Version of the last folded event, -1 for none. */
  version: number;
  state: unknown;
}
/**
 * Streams whose state is kept. Bounded by count, so by the largest states: a scheduled
 * workout's folded state is ~11 KB of heap (6 exercises × 4 sets), and a burst of
 * template assignments (20 to 40 athletes: 12,800 new workouts, each commanded once by
 * the assignment reactor) filled 10,000 entries, ~110 MB the server kept for good
 * (issue 28: its resident memory went 327 → 662 MB over the scale bench's assignments).
 * 2,000 still holds every workout being logged by 2,000 athletes at once and every
 * coach's stream of a busy hour; a stream that fell out is read again, one round trip.
 */
const STATE_CACHE_SIZE = 2_000;
/** One cache per store: two stores (two databases in one test process) never mix. */
const stateCaches = new WeakMap<EventStore, Map<string, CachedState>>();

function cacheOf(store: EventStore): Map<string, CachedState> {
  let cache = stateCaches.get(store);
  if (!cache) stateCaches.set(store, (cache = new Map<string, CachedState>()));
  return cache;
}

/** Least recently used entries go first once the cache is full. */
function remember(cache: Map<string, CachedState>, stream: string, entry: CachedState): void {
  cache.delete(stream);
  cache.set(stream, entry);
  if (cache.size > STATE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

export interface CommandResult<E extends DomainEvent, S = unknown> {
  events: E[];
  /** Null when the decider decided nothing needed to happen. */
  append: AppendResult | null;
  /** The state the command was decided on (e.g. to compare a new personal record with). */
  before: S;
}

export interface HandleOptions {
  userId: string | null;
  commandId?: string;
  correlationId?: string;
  /** Makes event ids deterministic, so a repeated command cannot append twice. */
  idempotencyKey?: string;
  /**
   * A client's id for this command (an HTTP command's Idempotency-Key) and the hash of
   * its request. The id goes into every event's metadata as `commandId`, in the same
   * append, and the first event also carries the hash, so the store applies the
   * command id at most once per user (PostgreSQL: migration 015) and a repeat finds
   * the effect after a crash. A repeat that meets the effect (its append refused as a
   * duplicate, or its decision empty or refused on a state that already holds it) gets
   * CommandAlreadyApplied with the events the first run appended. Implies
   * `idempotencyKey` (deterministic event ids).
   */
  command?: { id: string; requestHash: string };
  now?: () => Date;
  /** Extra metadata for the events (the CLI's staff user, a seed's source). */
  metadata?: Pick<EventMetadata, 'staff' | 'source'>;
}

/**
 * Counters of this process, for the benchmarks' printouts: version conflicts met by
 * appends, and stream reads that decided again after one.
 */
export const commandStats = { conflicts: 0, retries: 0 };

/**
 * The command (by its client command id) was applied already, by an earlier request:
 * `events` are what that request appended. Answer the caller with success from them.
 */
export class CommandAlreadyApplied extends Error {
  constructor(
    readonly commandId: string,
    readonly events: StoredEvent[],
  ) {
    super(`Command ${commandId} was applied already`);
    this.name = 'CommandAlreadyApplied';
  }
}

/** The events of a command already applied under this client command id, or null (or no way to tell). */
async function appliedBefore(store: EventStore, opts: HandleOptions): Promise<CommandAlreadyApplied | null> {
  if (!opts.command || !opts.userId || !store.readCommand) return null;
  const events = await store.readCommand(opts.userId, opts.command.id);
  return events.length > 0 ? new CommandAlreadyApplied(opts.command.id, events) : null;
}

/**
 * Commands on one stream run one at a time in this process: in-flight commands on
 * the same stream would otherwise all append at the same version and all but one
 * conflict and retry (a conflict storm). Across processes the expected version still
 * decides, and a conflict is retried as before.
 */
const streamQueues = new WeakMap<EventStore, Map<string, Promise<void>>>();
const settle = () => {};

export function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
  command: C,
  opts: HandleOptions,
): Promise<CommandResult<E, S>> {
  let queues = streamQueues.get(store);
  if (!queues) streamQueues.set(store, (queues = new Map<string, Promise<void>>()));
  const before = queues.get(stream);
  const result = before ? before.then(() => handleNow(store, stream, decider, command, opts)) : handleNow(store, stream, decider, command, opts);
  const tail = result.then(settle, settle);
  queues.set(stream, tail);
  void tail.then(() => {
    if (queues.get(stream) === tail) queues.delete(stream);
  });
  return result;
}

async function handleNow<S, C, E extends DomainEvent>(store: EventStore, stream: string, decider: Decider<S, C, E>, command: C, opts: HandleOptions): Promise<CommandResult<E, S>> {
  const commandId = opts.command?.id ?? opts.commandId ?? randomUUID();
  const idempotencyKey = opts.command?.id ?? opts.idempotencyKey;
  const cache = cacheOf(store);
  // A cached state is used as it is and the append's expected version checks it
  // (optimistic: no read round trip). Only a conflict, or an answer that would not be
  // checked by an append (nothing to do, or a refusal), reads what is new first.
  let mustRead = false;
  for (let attempt = 1; ; attempt++) {
    const cached = cache.get(stream);
    const hit = !!cached && cached.decider === decider;
    const known = hit ? cached : { decider, version: -1, state: decider.initialState() };
    const read = !hit || mustRead;
    const fresh = read ? await store.readStream(stream, known.version + 1) : [];
    const state = foldEvents(decider, known.state as S, fresh as unknown as E[]);
    const version = known.version + fresh.length;
    const now = opts.now?.() ?? new Date();
    const ctx: CommandContext = { userId: opts.userId, now, newId: randomUUID };
    let events: E[];
    try {
      events = decider.decide(command, state, ctx);
    } catch (e) {
      if (read) throw (await appliedBefore(store, opts)) ?? e;
      mustRead = true;
      continue;
    }
    if (fresh.length) remember(cache, stream, { decider, version, state });
    if (events.length === 0) {
      if (read) {
        const applied = await appliedBefore(store, opts);
        if (applied) throw applied;
        return { events, append: null, before: state };
      }
      mustRead = true;
      continue;
    }
    const metadata = metadataOf(opts, commandId, now);
    const expected = version === -1 ? 'no_stream' : version;
    try {
      const append = await store.append(
        stream,
        events.map((e, i) => ({
          type: e.type,
          data: e.data,
          metadata: i === 0 && opts.command ? { ...metadata, requestHash: opts.command.requestHash } : metadata,
          ...(idempotencyKey ? { id: deterministicId(`${opts.userId}:${idempotencyKey}:${stream}:${i}`) } : {}),
        })),
        expected,
      );
      remember(cache, stream, { decider, version: append.nextExpectedVersion, state: foldEvents(decider, state, events) });
      return { events, append, before: state };
    } catch (e) {
      if (e instanceof DuplicateEventError) {
        // The command was applied already (by a run whose answer was lost): say so with its events.
        cache.delete(stream);
        throw (await appliedBefore(store, opts)) ?? e;
      }
      if (!(e instanceof WrongExpectedVersionError)) throw e;
      commandStats.conflicts++;
      if (attempt >= MAX_ATTEMPTS) throw e;
      commandStats.retries++;
      mustRead = true;
      // Another process keeps winning this stream: step aside, a little longer each time
      // (jittered, doubling up to MAX_BACKOFF_MS). The winner appends from its cache
      // without a read, so under a burst it can win many times in a row; pauses that
      // stayed a few ms let a slow machine's loser run out of tries (one in a CI run of
      // 50 commands on one stream from two processes). The first retry is immediate.
      if (attempt >= 2) await new Promise((r) => setTimeout(r, Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt)));
    }
  }
}

/**
 * Commands that each start a new stream (a bulk paste of workouts): each is decided on
 * the empty state, and all are appended in one transaction where the store can
 * (PostgreSQL), so an outage half-way leaves none of them written. On a store without
 * multi-stream transactions they are appended one stream after another.
 */
export async function handleNewStreams<S, C, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  items: { stream: string; command: C }[],
  opts: HandleOptions,
): Promise<CommandResult<E, S>[]> {
  if (!store.appendMany) {
    // A few streams at a time: a 500-workout paste should not open 500 appends at once.
    const results: CommandResult<E, S>[] = [];
    for (let k = 0; k < items.length; k += 8) results.push(...(await Promise.all(items.slice(k, k + 8).map((i) => handleCommand(store, i.stream, decider, i.command, opts)))));
    return results;
  }
  const commandId = opts.commandId ?? randomUUID();
  const now = opts.now?.() ?? new Date();
  const ctx: CommandContext = { userId: opts.userId, now, newId: randomUUID };
  const metadata = metadataOf(opts, commandId, now);
  const before = decider.initialState();
  const decided = items.map((i) => ({ ...i, events: decider.decide(i.command, before, ctx) }));
  const appended = decided.filter((d) => d.events.length > 0);
  const results = await store.appendMany(
    appended.map((d) => ({ stream: d.stream, events: d.events.map((e) => ({ type: e.type, data: e.data, metadata })), expected: 'no_stream' })),
  );
  const cache = cacheOf(store);
  const byStream = new Map(appended.map((d, k) => [d.stream, results[k]]));
  return decided.map((d) => {
    const append = byStream.get(d.stream) ?? null;
    if (append) remember(cache, d.stream, { decider, version: append.nextExpectedVersion, state: foldEvents(decider, before, d.events) });
    return { events: d.events, append, before };
  });
}

/** What every event of a command carries: who, which command, when it was decided, and the HTTP request that asked. */
function metadataOf(opts: HandleOptions, commandId: string, now: Date): EventMetadata {
  const requestId = currentRequestId();
  // Only the requester's own commands: work the request merely set off is not its command.
  const claim = opts.userId && claimScope.getStore()?.user === opts.userId ? claimScope.getStore() : undefined;
  return {
    ...opts.metadata,
    ...(opts.userId ? { userId: opts.userId } : {}),
    commandId,
    correlationId: opts.correlationId ?? commandId,
    at: now.toISOString(),
    ...(requestId ? { requestId } : {}),
    // Marks the HTTP command's Idempotency-Key claim applied in the append's transaction.
    ...(claim ? { claim } : {}),
  };
}

/** A UUID-shaped digest: the same input always names the same event. */
export function deterministicId(input: string): string {
  const h = createHash('sha256').update(input).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
