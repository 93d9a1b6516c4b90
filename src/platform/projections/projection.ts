/**
 * What a projection declares. The runner (runner.ts) owns reading events, the
 * transaction, the checkpoint and the notification; a projection only turns a batch
 * of events into writes on its own tables and names what changed.
 */
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';

export interface ProjectionContext {
  /** The open transaction: every write goes through it. */
  tx: pg.PoolClient;
  /** Physical name of one of this projection's tables in the generation being written. */
  table: (logical: string) => string;
  /**
   * Earlier events from the store: each named stream's events below its given version
   * (decrypted, upcast, in stream order). A projection that derives figures from an
   * entity's whole state reads it here instead of keeping its own copy of every entity
   * (issue 28: two such copies of every workout were a fifth of the database and of a
   * rebuild's writes).
   */
  history: (below: ReadonlyMap<string, number>) => Promise<StoredEvent[]>;
  /**
   * True in a rebuild: nobody watches the generation being written and the topics apply
   * returns are dropped, so apply may skip the queries that only find topics (issue 28:
   * training looked up every batch's coaches for nothing).
   */
  unwatched?: boolean;
}

const readers = new WeakMap<object, ProjectionContext['history']>();

/**
 * A ProjectionContext's `history`, read from this store: in one statement where it can.
 * One function per store, so that a projection may keep what it folded from it keyed by
 * the function (src/training/workout-history.ts) and never mix two stores' entities.
 */
export function historyReader(store: Pick<EventStore, 'readStream' | 'readBelow'>): ProjectionContext['history'] {
  let reader = readers.get(store);
  if (!reader) {
    reader = async (below) => {
      if (store.readBelow) return store.readBelow(below);
      const streams = await Promise.all([...below].map(async ([stream, version]) => (await store.readStream(stream)).filter((e) => e.streamVersion < version)));
      return streams.flat();
    };
    readers.set(store, reader);
  }
  return reader;
}

export interface Projection {
  /** Unique, snake_case. */
  name: string;
  /**
   * A reactor causes effects (mails) rather than keeping tables: it is run like a
   * projection, but never replayed, since replaying would repeat its effects.
   */
  reactor?: boolean;
  /** Bump when the tables or the handling change: the runner then rebuilds a new copy. */
  version: number;
  /**
   * Logical table name (what queries use; it is a view onto the serving copy) → DDL
   * that creates the copy under the given physical name. Index names must include
   * the physical name so that two copies can coexist.
   */
  tables: Record<string, (physical: string) => string>;
  /**
   * Logical tables an earlier version had and this one has not: the switch to a new
   * generation drops their view, and the old generation's copy goes with the rest of it.
   * Without this they would stay for good (the views and copies are found by `tables`).
   */
  retiredTables?: readonly string[];
  /** Event types this projection reads ('*' for all); others are skipped (the checkpoint still moves). */
  handles: readonly string[];
  /**
   * True when `apply` reads only an event's envelope (stream, type, time, checkpoint),
   * never its data or metadata: a rebuild then reads none, which is most of what
   * reading an event costs (issue 28: parsing and decoding payloads that no one reads).
   */
  envelopeOnly?: boolean;
  /**
   * For a read model nobody watches from one moment to the next (or a reactor whose
   * effect has no hurry): under a steady stream of events its catch-ups start at most
   * this often, so that the events arriving meanwhile share one transaction instead of
   * taking one each. After a quiet spell the first event is applied at once, and a
   * read-your-writes wait for one of its checkpoints cuts the pause short (runner.ts,
   * `hurry`). Absent: every append is applied as soon as it is seen.
   */
  coalesceMs?: number;
  /**
   * Apply a batch (already filtered to `handles`, in global order) and return the
   * realtime topics whose data changed. Must be idempotent for the batch as a whole
   * only in the sense that it runs inside the checkpoint's transaction: a batch is
   * applied exactly once or not at all. `prepared` is what `prepare` returned for these
   * very events, when the caller asked for it ahead (a rebuild does).
   */
  apply(events: StoredEvent[], ctx: ProjectionContext, prepared?: unknown): Promise<Iterable<string>>;
  /**
   * The part of `apply` that needs no transaction (folding, the statements' JSON), for
   * a rebuild to work out for the next batch while PostgreSQL writes this one. It is
   * handed every batch in order, as `apply` is, and must depend on the events alone
   * (and the earlier ones it reads through `history`), never on its tables: a batch that
   * fails is applied again from the same result, or event by event without one.
   */
  prepare?(events: StoredEvent[], ctx: Omit<ProjectionContext, 'tx'>): Promise<unknown>;
}

/**
 * The coalescing pause (Projection.coalesceMs) of the projections that fold every
 * logged set beside training but that nobody reads within a second of it: records,
 * team analytics, assignments' progress, stream summaries and the webhook reactor.
 * Training itself, which the coach's open editor follows, applies each set at once.
 */
export const BACKGROUND_COALESCE_MS = 50;

export function physicalTable(logical: string, generation: number): string {
  return `${logical}_g${generation}`;
}

export function handlesEvent(p: Projection, type: string): boolean {
  return p.handles[0] === '*' || p.handles.includes(type);
}
