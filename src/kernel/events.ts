/**
 * The shapes of events as deciders, projections and the store see them: pure types,
 * here so that pure code (a fold in a context's domain/) can name them without
 * importing the platform. The store's port (src/platform/eventstore/port.ts) re-exports them.
 *
 * A checkpoint is an opaque, fixed-width string that sorts like the store's global
 * order, so callers may compare two checkpoints with `<` without knowing the adapter.
 */

export interface EventMetadata {
  userId?: string;
  commandId?: string;
  correlationId?: string;
  causationId?: string;
  /** ISO time the command was decided; the store also records its own `time`. */
  at?: string;
  /** The staff member (operating-system user) who issued the command from the CLI. */
  staff?: string;
  /** Where a batch of commands came from when not from a person, e.g. 'seed'. */
  source?: string;
  /** The HTTP request that appended the event (its X-Request-ID, also in the request's log lines). */
  requestId?: string;
  /**
   * On the first event of a command sent with a client's command id (Idempotency-Key,
   * then also `commandId`): a hash of the request, so that a repeat of the id with
   * another request is told apart even when its kept answer is gone.
   */
  requestHash?: string;
  /**
   * The Idempotency-Key claim (command_results) of the HTTP command that appended the
   * event: the append marks the claim applied in its own transaction (migration 016).
   */
  claim?: { user: string; key: string };
}

export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  /** Defaults to a random UUID. */
  id?: string;
  /** Defaults to 1. Bump when the shape of `data` changes, and add an upcaster. */
  schemaVersion?: number;
  metadata?: EventMetadata;
}

export interface StoredEvent<T extends string = string, D = unknown> {
  id: string;
  stream: string;
  /** 0-based position inside the stream. */
  streamVersion: number;
  type: T;
  schemaVersion: number;
  data: D;
  metadata: EventMetadata;
  time: Date;
  checkpoint: Checkpoint;
}

export type Checkpoint = string;
