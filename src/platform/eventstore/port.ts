/**
 * The event store port. Two adapters implement it (PostgreSQL, the default, and
 * EventStoreDB) and one contract suite (tests/eventstore-contract.ts) runs against each.
 *
 * A checkpoint is an opaque, fixed-width string that sorts like the store's global
 * order, so callers may compare two checkpoints with `<` without knowing the adapter.
 */

import type { Checkpoint, NewEvent, StoredEvent } from '../../kernel/events.ts';

export type { Checkpoint, EventMetadata, NewEvent, StoredEvent } from '../../kernel/events.ts';

/** Version of the last event in the stream (0-based), or one of the special expectations. */
export type ExpectedVersion = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Version of the last appended event. */
  nextExpectedVersion: number;
  /** Checkpoint of the last appended event: wait for projections to pass it to read your write. */
  checkpoint: Checkpoint;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Stream ${stream}: expected version ${String(expected)}, actual ${actual ?? 'no stream'}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * An append refused because one of its events was written already: an event id that
 * exists, or (PostgreSQL) a client's command id that the user has already applied
 * (migration 015). Nothing of the append was written.
 */
export class DuplicateEventError extends Error {
  constructor(readonly stream: string) {
    super(`Stream ${stream}: an event of this append was written already`);
    this.name = 'DuplicateEventError';
  }
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult>;
  /**
   * Appends to several distinct streams all or nothing, where the store can (PostgreSQL:
   * one transaction). Absent on stores without multi-stream transactions (EventStoreDB).
   */
  appendMany?(appends: { stream: string; events: NewEvent[]; expected: ExpectedVersion }[]): Promise<AppendResult[]>;
  /**
   * The events of one stream in order, from `fromVersion` (default 0) on, at most
   * `maxCount` of them (default all); an empty array when the stream does not exist.
   * A reader that needs a stream's first event, or only whether it exists, asks for
   * one: a conversation or a coach's stream grows to thousands of events.
   */
  readStream(stream: string, fromVersion?: number, maxCount?: number): Promise<StoredEvent[]>;
  /**
   * The events a user's command appended, found by its command id (metadata.commandId
   * of a command run with a client's id, see handleCommand's `command` option), in
   * stream order; empty when that command appended nothing. Absent on stores that
   * cannot look it up (EventStoreDB).
   */
  readCommand?(userId: string, commandId: string): Promise<StoredEvent[]>;
  /**
   * Each named stream's events below its given version, in stream order, in one read
   * where the store can (PostgreSQL): what a projection that keeps no copy of an entity
   * reads to know the entity as it was before a batch. Absent on stores that would read
   * stream by stream anyway (EventStoreDB; see `historyReader`).
   */
  readBelow?(versions: ReadonlyMap<string, number>): Promise<StoredEvent[]>;
  /**
   * Up to `limit` events after `after` (exclusive) in global order, `null` meaning the start.
   * Never returns an event while an earlier one could still commit, so a reader that
   * checkpoints what it saw never skips a late commit.
   *
   * `dataOf`: only events of these types come with their data and metadata; the others
   * come with `data: null` and empty metadata, in their place (their checkpoints still
   * count). A reader that applies a few types (a projection's rebuild) then neither
   * parses nor decrypts the rest. Stores that cannot leave data out ignore it.
   */
  readAll(after: Checkpoint | null, limit: number, dataOf?: readonly string[]): Promise<StoredEvent[]>;
  /**
   * A reader of readAll through a connection of its own at background priority, for a
   * rebuild's long read of the whole history (background-priority.ts): on the database's
   * own machine it then takes only CPU time live commands leave. Release it when done.
   * Absent where a read has no database process of its own to lower (EventStoreDB).
   */
  backgroundReader?(): Promise<BackgroundReader>;
  /** Called after each successful append in this process (the runner's in-process wake-up). */
  onAppended(listener: (checkpoint: Checkpoint) => void): () => void;
  /**
   * Checkpoint of the newest committed event, or null on an empty store: what a reader
   * must reach to have seen everything appended so far (readAll may still hold some
   * of it back for a moment, see above).
   */
  headCheckpoint(): Promise<Checkpoint | null>;
  close(): Promise<void>;
}

export interface BackgroundReader {
  readAll: EventStore['readAll'];
  release(): void;
}

/** readStream's `maxCount`, checked alike by every adapter: absent (all) or a positive integer. */
export function checkMaxCount(maxCount: number | undefined): void {
  if (maxCount !== undefined && !(Number.isSafeInteger(maxCount) && maxCount > 0)) throw new RangeError(`maxCount must be a positive integer, not ${maxCount}`);
}

/** Fixed-width decimal so that string order equals numeric order. */
export function padPosition(n: bigint | number | string): string {
  return BigInt(n).toString().padStart(20, '0');
}
