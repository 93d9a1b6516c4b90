/**
 * EventStoreDB adapter of the event store port (used when EVENTSTORE_URL is set).
 *
 * Streams keep their `<type>-<id>` names. Event data is JSON; the event's metadata is
 * JSON holding our EventMetadata plus `schemaVersion`. Stream versions are ESDB stream
 * revisions (both 0-based). A checkpoint is the event's $all position as
 * `<commit>:<prepare>`, each padded to a fixed width, so string order equals $all order.
 *
 * $all is ESDB's single, append-only transaction log and readers only ever see it up to
 * its committed end, so an event can never appear behind a position a reader has already
 * passed: readAll needs no equivalent of the PostgreSQL adapter's snapshot guard.
 *
 * Filtering of readAll: @eventstore/db-client 6.2.1 has no `filter` option on `readAll`
 * (its ReadAllOptions has none and the request is always sent with `noFilter`); the
 * server-side filters (`streamNameFilter`, `excludeSystemEvents`) only exist for
 * subscriptions. So readAll and headCheckpoint page through $all and filter on the
 * client: system events (stream or event type starting with `$`) are always skipped,
 * and when `streamPrefixes` is given only streams starting with one of them are kept.
 * Paging goes on until `limit` matching events are found or the end of $all is reached,
 * so a page never comes back short just because other streams' events were in the way.
 */
import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type Direction,
  type JSONType,
  type Position,
  type ReadPosition,
  type ReadStreamOptions,
} from '@eventstore/db-client';
import {
  checkMaxCount,
  padPosition,
  WrongExpectedVersionError,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from './port.ts';
import { upcast } from './upcasters.ts';
import type { PersonalDataCodec } from './personal-data.ts';

export interface EventStoreDbOptions {
  /**
   * readAll and headCheckpoint only see events of streams whose name starts with one of
   * these prefixes (e.g. `['workout-', 'user-']`). Empty or absent: every non-system stream.
   * Appends and readStream are not restricted.
   */
  streamPrefixes?: string[];
  /** Seals personal fields on append and opens them on read (issue 26); the keys live in PostgreSQL. */
  codec?: PersonalDataCodec;
}

/** Smallest page read from $all while filtering on the client. */
const MIN_PAGE = 500;
/** Page size when searching $all backwards for the newest matching event. */
const HEAD_PAGE = 500;

export function checkpointOf(position: Position): Checkpoint {
  return `${padPosition(position.commit)}:${padPosition(position.prepare)}`;
}

function parseCheckpoint(c: Checkpoint): Position {
  const [commit, prepare, extra] = c.split(':');
  if (!commit || !prepare || extra !== undefined || !/^\d+$/.test(commit) || !/^\d+$/.test(prepare)) {
    throw new Error(`Not an EventStoreDB checkpoint: ${c}`);
  }
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

/** Order of two $all positions: commit first, then prepare. */
function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`Expected version must be a non-negative integer, got ${expected}`);
      }
      return BigInt(expected);
  }
}

/** The parts of a client RecordedEvent (stream or $all read) this adapter uses. */
interface Recorded {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function toStored(rec: Recorded, position: Position): StoredEvent {
  let schemaVersion = 1;
  let metadata: EventMetadata = {};
  if (isPlainObject(rec.metadata)) {
    const { schemaVersion: sv, ...rest } = rec.metadata;
    if (typeof sv === 'number' && Number.isInteger(sv)) schemaVersion = sv;
    metadata = rest;
  }
  return {
    id: rec.id,
    stream: rec.streamId,
    streamVersion: Number(rec.revision),
    type: rec.type,
    schemaVersion,
    data: rec.data,
    metadata,
    time: rec.created,
    checkpoint: checkpointOf(position),
  };
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly prefixes: string[];
  private readonly listeners = new Set<(c: Checkpoint) => void>();
  private closed: Promise<void> | null = null;
  private readonly codec: PersonalDataCodec | undefined;

  constructor(connectionString: string, options: EventStoreDbOptions = {}) {
    this.client = EventStoreDBClient.connectionString(connectionString);
    this.prefixes = [...(options.streamPrefixes ?? [])];
    this.codec = options.codec;
  }

  /** Personal fields opened first, then upcast: upcasters see plain values. */
  private async decoded(events: StoredEvent[]): Promise<StoredEvent[]> {
    return (this.codec ? await this.codec.decode(events) : events).map(upcast);
  }

  async append(stream: string, plainEvents: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (plainEvents.length === 0) throw new Error('append needs at least one event');
    const events = this.codec ? await this.codec.encode(plainEvents) : plainEvents;
    const expectedRevision = toExpectedRevision(expected);
    const payload = events.map((e) =>
      jsonEvent({
        id: e.id ?? randomUUID(),
        type: e.type,
        // JSON.stringify(undefined) would not be JSON; store null instead.
        data: (e.data === undefined ? null : e.data) as JSONType,
        metadata: { ...(e.metadata ?? {}), schemaVersion: e.schemaVersion ?? 1 },
      }),
    );
    let result;
    try {
      result = await this.client.appendToStream(stream, payload, { expectedRevision });
    } catch (e) {
      if (e instanceof EsdbWrongExpectedVersionError) {
        const actual = typeof e.actualVersion === 'bigint' && e.actualVersion >= 0n ? Number(e.actualVersion) : null;
        throw new WrongExpectedVersionError(stream, expected, actual);
      }
      throw e;
    }
    const nextExpectedVersion = Number(result.nextExpectedRevision);
    // The server always sends the position on success; the typings mark it optional.
    const position = result.position ?? (await this.lastPositionOf(stream));
    const checkpoint = checkpointOf(position);
    for (const l of this.listeners) l(checkpoint);
    return { nextExpectedVersion, checkpoint };
  }

  async readStream(stream: string, fromVersion = 0, maxCount?: number): Promise<StoredEvent[]> {
    checkMaxCount(maxCount);
    const out: StoredEvent[] = [];
    try {
      const from: ReadStreamOptions = { direction: FORWARDS, fromRevision: fromVersion > 0 ? BigInt(fromVersion) : START, resolveLinkTos: false };
      for await (const resolved of this.client.readStream(stream, maxCount === undefined ? from : { ...from, maxCount: BigInt(maxCount) })) {
        const rec = resolved.event;
        if (!rec) continue;
        out.push(toStored(rec, this.positionOfStreamEvent(rec.position, resolved.commitPosition, stream)));
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return this.decoded(out);
  }

  async readAll(after: Checkpoint | null, limit: number): Promise<StoredEvent[]> {
    if (!Number.isSafeInteger(limit) || limit <= 0) return [];
    let cursor: Position | null = after ? parseCheckpoint(after) : null;
    const out: StoredEvent[] = [];
    // +1: a forward read of $all from a position includes the event at that position,
    // which is then skipped (the port's `after` is exclusive).
    const pageSize = Math.max(limit, MIN_PAGE) + 1;
    for (;;) {
      const page = await this.readAllPage(FORWARDS, cursor ?? START, pageSize);
      let advanced = false;
      for (const resolved of page) {
        const rec = resolved.event;
        if (!rec) continue;
        // Everything at or before the cursor was seen already (or is `after` itself).
        if (cursor && comparePositions(rec.position, cursor) <= 0) continue;
        cursor = rec.position;
        advanced = true;
        if (!this.matches(rec.streamId, rec.type)) continue;
        out.push(toStored(rec, rec.position));
        if (out.length >= limit) return this.decoded(out);
      }
      // A short page means the end of $all; a page with nothing new means the same.
      if (!advanced || page.length < pageSize) return this.decoded(out);
    }
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    let cursor: Position | null = null;
    for (;;) {
      const page = await this.readAllPage(BACKWARDS, cursor ?? END, HEAD_PAGE);
      let advanced = false;
      for (const resolved of page) {
        const rec = resolved.event;
        if (!rec) continue;
        if (cursor && comparePositions(rec.position, cursor) >= 0) continue;
        cursor = rec.position;
        advanced = true;
        if (this.matches(rec.streamId, rec.type)) return checkpointOf(rec.position);
      }
      if (!advanced || page.length < HEAD_PAGE) return null;
    }
  }

  onAppended(listener: (checkpoint: Checkpoint) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.codec?.keys.close();
    this.closed ??= this.client.dispose();
    await this.closed;
  }

  /** System events never; otherwise any stream, or only the configured prefixes. */
  private matches(streamId: string, type: string): boolean {
    if (streamId.startsWith('$') || type.startsWith('$')) return false;
    return this.prefixes.length === 0 || this.prefixes.some((p) => streamId.startsWith(p));
  }

  private async readAllPage(direction: Direction, fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ direction, fromPosition, maxCount: BigInt(maxCount), resolveLinkTos: false })) {
      page.push(resolved);
    }
    return page;
  }

  /**
   * $all position of an event read from a stream. Servers from 22.6 send it with every
   * event written outside an explicit transaction (all of ours); the commit position of
   * the resolved event is the fallback.
   */
  private positionOfStreamEvent(position: Position | undefined, commitPosition: bigint | undefined, stream: string): Position {
    if (position) return position;
    if (commitPosition !== undefined) return { commit: commitPosition, prepare: commitPosition };
    throw new Error(`EventStoreDB sent no $all position for an event of ${stream} (server older than 22.6?)`);
  }

  /** Position of the last event of a stream: only used if an append result lacks one. */
  private async lastPositionOf(stream: string): Promise<Position> {
    for await (const resolved of this.client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1n })) {
      if (resolved.event) return this.positionOfStreamEvent(resolved.event.position, resolved.commitPosition, stream);
    }
    throw new Error(`EventStoreDB returned no position for the append to ${stream}`);
  }
}
