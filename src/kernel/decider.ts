/**
 * A decider is three pure functions (docs/architecture.md, "House style"): decide(command, state, ctx) →
 * events, evolve(state, event) → state, initialState(). Time, ids and the acting user
 * come in through ctx, never from inside.
 */
export interface CommandContext {
  /** The authenticated user, or null for anonymous commands such as sign-up. */
  userId: string | null;
  now: Date;
  newId: () => string;
}

export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState(): State;
  evolve: (state: State, event: Event) => State;
  decide(command: Command, state: State, ctx: CommandContext): Event[];
  /**
   * The state after a run of events: equal to `events.reduce(evolve, state)`, and
   * `state` is left as it was. Only for deciders whose state holds a collection that
   * grows with the stream (a conversation's messages, a coach's invitations). States are
   * immutable, so evolve copies that collection for every event, and a stream of n
   * events read whole cost n copies of up to n entries: a 5,000-message conversation
   * took 2–3 s to fold (issue 28). Given the run at once, the decider copies the
   * collection once and fills the copy in place before anyone else sees it.
   */
  evolveAll?: (state: State, events: readonly Event[]) => State;
}

/** The state after `events`, through the decider's evolveAll where it has one (see above). */
export function foldEvents<S, E extends DomainEvent>(decider: Pick<Decider<S, never, E>, 'evolve' | 'evolveAll'>, state: S, events: readonly E[]): S {
  if (events.length === 0) return state;
  return decider.evolveAll ? decider.evolveAll(state, events) : events.reduce(decider.evolve, state);
}

/**
 * A rule the command broke. `status` follows HTTP: 400 bad input, 403 not allowed,
 * 404 missing, 409 illegal in the current state, 429 too many.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 422 | 429 | 502,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function assertNever(x: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(x)}`);
}
