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
