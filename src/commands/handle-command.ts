/**
 * Load stream → fold → decide → append at the expected version. On a version
 * conflict someone else wrote first: re-read, re-decide, try again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { WrongExpectedVersionError, type AppendResult, type EventMetadata, type EventStore } from '../eventstore/port.ts';
import type { CommandContext, Decider, DomainEvent } from '../domain/decider.ts';

const MAX_ATTEMPTS = 5;

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
}

export async function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
  command: C,
  opts: HandleOptions,
): Promise<CommandResult<E>> {
  const commandId = opts.commandId ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const history = await store.readStream(stream);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
    const now = opts.now?.() ?? new Date();
    const ctx: CommandContext = { userId: opts.userId, now, newId: randomUUID };
    const events = decider.decide(command, state, ctx);
    if (events.length === 0) return { events, append: null };
    const metadata: EventMetadata = {
      ...(opts.userId ? { userId: opts.userId } : {}),
      commandId,
      correlationId: opts.correlationId ?? commandId,
      at: now.toISOString(),
    };
    const expected = history.length === 0 ? 'no_stream' : history.length - 1;
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
