/**
 * PostgreSQL adapter of the event store port (the default).
 *
 * Global order is (tx_id, position). Positions come from an identity column and are
 * handed out before commit, so a reader ordering by position alone could pass a
 * position whose transaction commits later and skip it forever. Readers therefore
 * only take events from transactions older than the oldest *append* still running
 * (a transaction holding ROW EXCLUSIVE on es_events, see migrations 011 and 014),
 * which are all committed or aborted, and checkpoint the pair. Other transactions,
 * however long, hold no one back. An append must be the first write of its
 * transaction (a trigger refuses it otherwise).
 *
 * An append is one INSERT: the stream's last version is read from the unique
 * (stream_id, stream_version) index in the same statement, and the index itself
 * refuses a concurrent append at the same version. Appends that arrive while others
 * are on their way to the database are sent together as one statement and one commit
 * (group commit, see AppendBatcher); each caller still gets its own answer.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  checkMaxCount,
  DuplicateEventError,
  padPosition,
  WrongExpectedVersionError,
  type AppendResult,
  type BackgroundReader,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from './port.ts';
import { upcast } from './upcasters.ts';
import { KeyRing, PersonalDataCodec } from './personal-data.ts';
import { lowerBackendPriority } from '../db/background-priority.ts';

/**
 * Appends to distinct streams in one statement, all or nothing. $2 the appends as one
 * JSON array: each its stream, its `head` (the version an exact expected version
 * names, -1 for no stream yet, null for 'any' and 'stream_exists') and whether the
 * stream must exist; $1 their events, each with its append's index and its offset in
 * that append. Each stream's last version is read from the unique (stream_id,
 * stream_version) index in this statement (no round trip of its own); the statement
 * inserts nothing, and answers no row, unless every stream is at the head named (a
 * stream's versions have no gaps) and every stream that must exist does. The unique
 * index refuses an event whose version a concurrent append took first (23505).
 * Together: each stream was exactly at its expected version, and an 'any' append whose
 * head another writer moved first fails whole, to be tried again. The caller finds out
 * which append of a group failed by trying each alone.
 *
 * No EXISTS over es_events: with one beside the head's subquery, `append_batch` twice
 * slowed to a tenth within seconds, PostgreSQL's CPU per row rising as the table grew
 * (as a plan scanning the whole table each time would).
 *
 * JSON rather than arrays: the planner guesses the length of both alike, so the
 * prepared statement settles on its generic plan instead of planning every call. The
 * events' data and metadata are taken with `->` (a binary copy): jsonb_to_recordset
 * would print and parse each again, which tripled the statement's time for workouts.
 */
const APPEND_SQL = `
  WITH a AS MATERIALIZED (
    SELECT w.i, w.stream, w.head, w.must_exist,
           coalesce((SELECT max(x.stream_version) FROM es_events x WHERE x.stream_id = w.stream), -1) AS at
      FROM jsonb_to_recordset($2::jsonb) AS w(i int, stream text, head bigint, must_exist boolean))
  INSERT INTO es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT a.stream, a.at + 1 + (e->>'n')::bigint, (e->>'id')::uuid, e->>'type', (e->>'sv')::int, e->'data', e->'metadata'
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS ev(e, k) JOIN a ON a.i = (e->>'a')::int
   WHERE NOT EXISTS (SELECT FROM a WHERE a.at <> a.head OR (a.must_exist AND a.at < 0))
   ORDER BY ev.k
  RETURNING stream_id, stream_version, tx_id::text AS tx, position`;

/**
 * How often an 'any' or 'stream_exists' append tries again after another writer took
 * the version it went for. Each round has one winner among the writers racing: with
 * four processes appending 15 events each to one stream, a bound of 10 refused one of
 * the 60 'any' appends in about one run in four.
 */
const MAX_HEAD_RACES = 100;

/** Unique violation of es_events' (stream_id, stream_version): another writer got there first. */
const isVersionRace = (e: unknown) =>
  (e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'es_events_stream_id_stream_version_key';

/**
 * Unique violation of an event id, or of a user's command id (migration 015): this
 * append, or the command behind it, was written already.
 */
const isDuplicate = (e: unknown) =>
  (e as { code?: string }).code === '23505' && ['es_events_event_id_key', 'es_events_command_id'].includes((e as { constraint?: string }).constraint ?? '');

interface Append {
  stream: string;
  events: NewEvent[];
  expected: ExpectedVersion;
}

interface AppendRow {
  stream_id: string;
  stream_version: string;
  tx: string;
  position: string;
}

/** APPEND_SQL's two JSON arrays: the events, and the appends they belong to. */
function parametersOf(appends: Append[]): [string, string] {
  const events = JSON.stringify(
    appends.flatMap((append, a) =>
      append.events.map((e, n) => ({
        a,
        n,
        id: e.id ?? randomUUID(),
        type: e.type,
        sv: e.schemaVersion ?? 1,
        data: e.data,
        metadata: e.metadata ?? {},
      })),
    ),
  );
  const heads = JSON.stringify(
    appends.map(({ stream, expected }, i) => ({
      i,
      stream,
      head: typeof expected === 'number' ? expected : expected === 'no_stream' ? -1 : null,
      must_exist: expected === 'stream_exists',
    })),
  );
  return [events, heads];
}

export function checkpointOf(txId: string, position: string): Checkpoint {
  return `${padPosition(txId)}:${padPosition(position)}`;
}

function parseCheckpoint(c: Checkpoint): [string, string] {
  const [tx, pos] = c.split(':');
  if (!tx || !pos) throw new Error(`Not a PostgreSQL checkpoint: ${c}`);
  return [BigInt(tx).toString(), BigInt(pos).toString()];
}

interface EventRow {
  checkpoint: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  /** Absent from an envelope read (ENVELOPE_COLUMNS). */
  data?: unknown;
  metadata?: Record<string, string>;
  /** created_at in whole milliseconds since the epoch (cut, as a Date's parse of it would). */
  created_ms: number;
}

function toStored(r: EventRow): StoredEvent {
  return {
    id: r.event_id,
    stream: r.stream_id,
    streamVersion: Number(r.stream_version),
    type: r.event_type,
    schemaVersion: r.schema_version,
    data: r.data ?? null,
    metadata: r.metadata ?? {},
    time: new Date(r.created_ms),
    checkpoint: r.checkpoint,
  };
}

// The checkpoint is formatted (as checkpointOf does) and created_at given as a number
// by PostgreSQL: reading a million events for a rebuild, the process's share was
// mostly parsing timestamptz text, joining strings and collecting what they left.
const columns = (t: string, payload = true) =>
  `lpad(${t}tx_id::text, 20, '0') || ':' || lpad(${t}position::text, 20, '0') AS checkpoint, ` +
  `${t}stream_id, ${t}stream_version, ${t}event_id, ${t}event_type, ${t}schema_version, ${payload ? `${t}data, ${t}metadata, ` : ''}` +
  `floor(extract(epoch FROM ${t}created_at) * 1000)::float8 AS created_ms`;
const COLUMNS = columns('');
/**
 * An event's envelope alone, for a reader that wants no type's data (a rebuild of
 * projections that read envelopes only): no data or metadata column at all. Empty ones
 * still cost PostgreSQL a jsonb output and node a JSON.parse per row (issue 28).
 */
const ENVELOPE_COLUMNS = columns('', false);
/** COLUMNS, with data and metadata only for the event types in $5 (readAll's dataOf). */
const DATA_OF_COLUMNS = COLUMNS.replace(
  'data, metadata,',
  `CASE WHEN event_type = ANY($5::text[]) THEN data END AS data, CASE WHEN event_type = ANY($5::text[]) THEN metadata ELSE '{}'::jsonb END AS metadata,`,
);

/**
 * readAll's events: the next $3 after checkpoint ($1, $2) of transactions below the
 * horizon $4, straight from the (tx_id, position) index. The horizon comes from a
 * statement before this one: a transaction it passes had ended by then, so this
 * statement's snapshot, taken later, sees its events. Computed inside this statement
 * (a subquery), it would be newer than the snapshot, and an append committed between
 * the two would be passed over unseen, for good.
 *
 * Not through the function es_read_all (migration 010) any more: a plpgsql RETURN
 * QUERY collects every row, payloads included, in a tuplestore before the first goes
 * out, and a rebuild's batch (20,000 events, or 100,000 envelopes) outgrew work_mem and
 * went through a temporary file (issue 28).
 */
const READ_BELOW = `FROM es_events
  WHERE (tx_id, position) > ($1::text::xid8, $2::bigint) AND tx_id < $4::text::xid8
  ORDER BY tx_id, position LIMIT $3`;

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listeners = new Set<(c: Checkpoint) => void>();
  private readonly batcher: AppendBatcher;
  /** Per stream, the append still encrypting: a later one waits for it, so one process's appends to a stream keep their order. */
  private readonly encoding = new Map<string, Promise<unknown>>();

  constructor(
    private readonly pool: pg.Pool,
    /** Seals personal fields on append and opens them on read (issue 26). */
    readonly codec = new PersonalDataCodec(new KeyRing(pool)),
  ) {
    this.batcher = new AppendBatcher((batch) => this.insert(batch));
  }

  append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const before = this.encoding.get(stream);
    // Events without personal fields go straight on, as before (unless one of the stream's is still encrypting).
    if (!before && !PersonalDataCodec.needsEncoding(events)) return this.batcher.add({ stream, events, expected });
    const encoded = (before ?? Promise.resolve()).then(
      () => this.codec.encode(events),
      () => this.codec.encode(events),
    );
    this.encoding.set(stream, encoded);
    const added = encoded.then((sealed) => this.batcher.add({ stream, events: sealed, expected }));
    void encoded
      .finally(() => {
        if (this.encoding.get(stream) === encoded) this.encoding.delete(stream);
      })
      .catch(() => {});
    return added;
  }

  /**
   * Several distinct streams in one transaction and one round trip (bulk loads such as
   * `spotter seed`): all or nothing, one commit for the lot, each expected version
   * checked exactly as in append().
   */
  async appendMany(appends: Append[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
    if (new Set(appends.map((a) => a.stream)).size !== appends.length) throw new Error('appendMany takes each stream once');
    const sealed = await Promise.all(appends.map(async (a) => ({ ...a, events: await this.codec.encode(a.events) })));
    const results = await this.insert(sealed);
    if (!results) throw new WrongExpectedVersionError('(one of a batch)', 'any', null);
    return results;
  }

  /**
   * One statement for appends to distinct streams. Null when an expected version did
   * not hold (nothing written); a single append says which version it met instead.
   */
  private async insert(appends: Append[]): Promise<AppendResult[] | null> {
    const single = appends.length === 1 ? appends[0] : null;
    // On a checked-out client, not pool.query(): pg-pool destroys the connection of a
    // query that fails, and a version conflict is an expected answer, not a broken
    // connection (a new one costs ~40 ms of PostgreSQL CPU).
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      // 'any' and 'stream_exists' append at the head the statement finds; should another
      // writer move it first, they simply try again at the new one. Each lost race is
      // another append written, so this ends; the bound only guards against a fault.
      for (let attempt = 1; ; attempt++) {
        let rows: AppendRow[] = [];
        let raced = false;
        try {
          ({ rows } = await client.query<AppendRow>({ name: 'es_append', text: APPEND_SQL, values: parametersOf(appends) }));
        } catch (e) {
          if (isDuplicate(e)) throw new DuplicateEventError(single?.stream ?? '(one of a batch)');
          if (!isVersionRace(e)) throw e;
          raced = true;
        }
        if (rows.length === 0) {
          if (!single) return null;
          if (raced && typeof single.expected !== 'number' && single.expected !== 'no_stream' && attempt < MAX_HEAD_RACES) continue;
          throw new WrongExpectedVersionError(single.stream, single.expected, await this.head(client, single.stream));
        }
        const last = new Map<string, AppendRow>();
        for (const r of rows) last.set(r.stream_id, r);
        const results = appends.map((a) => {
          const r = last.get(a.stream)!;
          return { nextExpectedVersion: Number(r.stream_version), checkpoint: checkpointOf(r.tx, r.position) };
        });
        for (const { checkpoint } of results) for (const l of this.listeners) l(checkpoint);
        return results;
      }
    } catch (e) {
      // Errors with a SQLSTATE leave the connection usable; others (a lost socket) do not.
      const code = (e as { code?: string }).code;
      if (!(e instanceof WrongExpectedVersionError) && !(e instanceof DuplicateEventError) && (!code || !/^[0-9A-Z]{5}$/.test(code))) broken = e as Error;
      throw e;
    } finally {
      client.release(broken);
    }
  }

  private async head(client: pg.PoolClient, stream: string): Promise<number | null> {
    const { rows } = await client.query<{ v: string | null }>({ name: 'es_head', text: 'SELECT max(stream_version) AS v FROM es_events WHERE stream_id = $1', values: [stream] });
    return rows[0].v === null ? null : Number(rows[0].v);
  }

  async readStream(stream: string, fromVersion = 0, maxCount?: number): Promise<StoredEvent[]> {
    checkMaxCount(maxCount);
    // LIMIT NULL is no limit: one prepared statement for both.
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: `SELECT ${COLUMNS} FROM es_events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version LIMIT $3`,
      values: [stream, fromVersion, maxCount ?? null],
    });
    return this.decoded(rows);
  }

  async readBelow(versions: ReadonlyMap<string, number>): Promise<StoredEvent[]> {
    if (versions.size === 0) return [];
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_below_versions',
      text: `SELECT ${COLUMNS} FROM es_events JOIN unnest($1::text[], $2::bigint[]) AS w(stream, below) ON stream_id = w.stream AND stream_version < w.below
              ORDER BY stream_id, stream_version`,
      values: [[...versions.keys()], [...versions.values()]],
    });
    return this.decoded(rows);
  }

  /**
   * A command's events by its client command id: the command's first event carries
   * the request hash and is found through es_events_command_id (migration 015); the
   * others are the events its append wrote to the same stream in the same transaction.
   */
  async readCommand(userId: string, commandId: string): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_command',
      text: `SELECT ${columns('e.')}
               FROM es_events f JOIN es_events e ON e.stream_id = f.stream_id AND e.tx_id = f.tx_id AND e.stream_version >= f.stream_version
              WHERE f.metadata ? 'requestHash' AND f.metadata->>'userId' = $1 AND f.metadata->>'commandId' = $2
              ORDER BY e.stream_version`,
      values: [userId, commandId],
    });
    return this.decoded(rows);
  }

  readAll(after: Checkpoint | null, limit: number, dataOf?: readonly string[]): Promise<StoredEvent[]> {
    return this.readAllThrough(this.pool, after, limit, dataOf);
  }

  /**
   * Issue 28: a rebuild's reads used to go through the pool at normal priority, and
   * PostgreSQL's side of each (20,000 events found, detoasted and sent as text) then
   * competed with live commands for the CPU, although the rebuild's own writes were
   * already in the background. The connection is never pooled again (its priority
   * cannot be raised back).
   */
  async backgroundReader(): Promise<BackgroundReader> {
    const client = await this.pool.connect();
    const lowered = await lowerBackendPriority(client);
    return {
      readAll: (after, limit, dataOf) => this.readAllThrough(client, after, limit, dataOf),
      release: () => client.release(lowered),
    };
  }

  private async readAllThrough(db: pg.Pool | pg.PoolClient, after: Checkpoint | null, limit: number, dataOf?: readonly string[]): Promise<StoredEvent[]> {
    const [tx, pos] = after ? parseCheckpoint(after) : ['0', '0'];
    // es_read_horizon (migration 014) passes only transactions that can no longer commit
    // an append below it; unrelated long transactions do not count. It is asked first,
    // in a statement of its own, so the read's snapshot is taken after it (READ_BELOW).
    const { rows: at } = await db.query<{ horizon: string }>({ name: 'es_horizon', text: 'SELECT es_read_horizon()::text AS horizon' });
    const horizon = at[0].horizon;
    if (dataOf?.length === 0) {
      const { rows } = await db.query<EventRow>({ name: 'es_read_below_envelopes', text: `SELECT ${ENVELOPE_COLUMNS} ${READ_BELOW}`, values: [tx, pos, limit, horizon] });
      return rows.map(toStored);
    }
    if (dataOf) {
      // Issue 28: a rebuild's time went into parsing and decrypting events it skips.
      const { rows } = await db.query<EventRow>({
        name: 'es_read_below_data_of',
        text: `SELECT ${DATA_OF_COLUMNS} ${READ_BELOW}`,
        values: [tx, pos, limit, horizon, dataOf],
      });
      const wanted = await this.decoded(rows.filter((r) => r.data !== null));
      let k = 0;
      return rows.map((r) => (r.data === null ? toStored(r) : wanted[k++]));
    }
    const { rows } = await db.query<EventRow>({ name: 'es_read_below', text: `SELECT ${COLUMNS} ${READ_BELOW}`, values: [tx, pos, limit, horizon] });
    return this.decoded(rows);
  }

  /** Personal fields opened first, then upcast: upcasters see plain values. */
  private async decoded(rows: EventRow[]): Promise<StoredEvent[]> {
    return (await this.codec.decode(rows.map(toStored))).map(upcast);
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    const { rows } = await this.pool.query<{ tx: string; position: string }>(`SELECT tx_id::text AS tx, position FROM es_events ORDER BY tx_id DESC, position DESC LIMIT 1`);
    return rows[0] ? checkpointOf(rows[0].tx, rows[0].position) : null;
  }

  onAppended(listener: (checkpoint: Checkpoint) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.codec.keys.close();
  }
}

/**
 * Counters of this process, for the benchmarks' printouts: statements sent, appends
 * they carried, and groups that had to be retried one by one.
 */
export const appendStats = { statements: 0, appends: 0, regrouped: 0 };

/** Appends waiting for their turn, with what to tell their callers. */
interface Pending extends Append {
  resolve: (r: AppendResult) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit. An append goes to the database at once when no statement is on its
 * way; otherwise it waits, and the next statement takes everything that waited (up
 * to MAX_BATCH appends, one per stream), so a busy server pays one round trip and one
 * commit for many appends instead of one each. When a statement comes back, the next
 * waits one turn of the event loop, so the callers it answered, who often append again
 * at once, go with it rather than a whole round trip later.
 *
 * One statement at a time, measured (`npm run bench -- append`, 8 writers, 2 cores):
 * 18.1k appends/s at 8 per statement, against 17.3k with two in flight (the groups
 * split and each pays the statement's fixed cost, ~150 µs of PostgreSQL CPU) and 9k
 * with no grouping; an idle server answers a lone append as soon as before.
 *
 * A stream is never in two statements at once, which keeps one process's appends to
 * it in order. When an expected version fails inside a group, nothing of it was
 * written and each append is tried alone, so only the stale one is refused.
 */
class AppendBatcher {
  static readonly MAX_IN_FLIGHT = 1;
  static readonly MAX_BATCH = 100;
  private queue: Pending[] = [];
  private inFlight = 0;
  /** A statement has just come back: the next waits one turn of the event loop. */
  private settling = false;
  private readonly busy = new Set<string>();

  constructor(private readonly insert: (appends: Append[]) => Promise<AppendResult[] | null>) {}

  add(append: Append): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ ...append, resolve, reject });
      if (!this.settling) this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < AppendBatcher.MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const p of batch) this.busy.add(p.stream);
      void this.send(batch).finally(() => {
        this.inFlight--;
        for (const p of batch) this.busy.delete(p.stream);
        // The callers just answered usually append again at once (the next command of
        // a busy client): let them queue before the next statement goes, so it carries
        // them too instead of leaving them a whole round trip behind.
        this.settling = true;
        setImmediate(() => {
          this.settling = false;
          this.pump();
        });
      });
    }
  }

  /** The oldest waiting appends of streams not already on their way, one per stream. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const streams = new Set<string>();
    const rest: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < AppendBatcher.MAX_BATCH && !this.busy.has(p.stream) && !streams.has(p.stream)) {
        batch.push(p);
        streams.add(p.stream);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async send(batch: Pending[]): Promise<void> {
    appendStats.statements++;
    appendStats.appends += batch.length;
    if (batch.length > 1) {
      try {
        const results = await this.insert(batch);
        if (results) return batch.forEach((p, i) => p.resolve(results[i]));
      } catch {
        // Whatever one append did wrong (a stale version, a duplicate event id) is its
        // own answer, not its neighbours': nothing was written, each is tried alone.
      }
      appendStats.regrouped++;
    }
    await Promise.all(batch.map((p) => this.insert([p]).then((r) => p.resolve(r![0]), p.reject)));
  }
}
