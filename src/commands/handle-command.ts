/**
 * Load stream → fold → decide → append at the expected version. On a version
 * conflict someone else wrote first: re-read, re-decide, try again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, type AppendResult, type EventMetadata, type EventStore } from '../eventstore/port.ts';
import type { CommandContext, Decider, DomainEvent } from '../domain/decider.ts';

const MAX_ATTEMPTS = 5;

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
const STATE_CACHE_SIZE = 10_000;
/** One cache per store: two stores (two databases in one test process) never mix. */
const stateCaches = new WeakMap<EventStore, Map<string, CachedState>>();

function cacheOf(store: EventStore): Map<string, CachedState> {
  let cache = stateCaches.get(store);
  if (!cache) stateCaches.set(store, (cache = new Map()));
  return cache;
}

/** Least recently used entries go first once the cache is full. */
function remember(cache: Map<string, CachedState>, stream: string, entry: CachedState): void {
  cache.delete(stream);
  cache.set(stream, entry);
  if (cache.size > STATE_CACHE_SIZE) cache.delete(cache.keys().next().value!);
}

export interface CommandResult<E extends DomainEvent> {
  events: E[];
  /** Null when the decider decided nothing needed to happen. */
  append: AppendResult | null;
}

export interface HandleOptions {
  userId: string | null;
  commandId?: string;
  correlationId?: string;
  /** Makes event ids deterministic, so a repeated command cannot append twice. */
  idempotencyKey?: string;
  now?: () => Date;
  /** Extra metadata for the events (the CLI's staff user, a seed's source). */
  metadata?: Pick<EventMetadata, 'staff' | 'source'>;
}

export async function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
  command: C,
  opts: HandleOptions,
): Promise<CommandResult<E>> {
  const commandId = opts.commandId ?? randomUUID();
  const cache = cacheOf(store);
  for (let attempt = 1; ; attempt++) {
    const cached = cache.get(stream);
    const known = cached && cached.decider === decider ? cached : { decider, version: -1, state: decider.initialState() };
    const fresh = await store.readStream(stream, known.version + 1);
    const state = fresh.reduce((s, e) => decider.evolve(s, e as unknown as E), known.state as S);
    const version = known.version + fresh.length;
    const now = opts.now?.() ?? new Date();
    const ctx: CommandContext = { userId: opts.userId, now, newId: randomUUID };
    const events = decider.decide(command, state, ctx);
    if (fresh.length) remember(cache, stream, { decider, version, state });
    if (events.length === 0) return { events, append: null };
    const metadata: EventMetadata = {
      ...opts.metadata,
      ...(opts.userId ? { userId: opts.userId } : {}),
      commandId,
      correlationId: opts.correlationId ?? commandId,
      at: now.toISOString(),
    };
    const expected = version === -1 ? 'no_stream' : version;
    try {
      const append = await store.append(
        stream,
        events.map((e, i) => ({
          type: e.type,
          data: e.data,
          metadata,
          ...(opts.idempotencyKey ? { id: deterministicId(`${opts.userId}:${opts.idempotencyKey}:${stream}:${i}`) } : {}),
        })),
        expected,
      );
      remember(cache, stream, { decider, version: append.nextExpectedVersion, state: events.reduce(decider.evolve, state) });
      return { events, append };
    } catch (e) {
      if (e instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
      throw e;
    }
  }
}

/** A UUID-shaped digest: the same input always names the same event. */
export function deterministicId(input: string): string {
  const h = createHash('sha256').update(input).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
