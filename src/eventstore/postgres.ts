/**
 * PostgreSQL adapter of the event store port (the default).
 *
 * Global order is (tx_id, position). Positions come from an identity column and are
 * handed out before commit, so a reader ordering by position alone could pass a
 * position whose transaction commits later and skip it forever. Readers therefore
 * only take events from transactions older than the oldest *append* still running
 * (tracked with an advisory lock, see migration 010), which are all committed or
 * aborted, and checkpoint the pair. Other transactions, however long, hold no one back.
 * An append must be the first write of its transaction (es_append refuses otherwise).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import {
  padPosition,
  WrongExpectedVersionError,
  type AppendResult,
  type Checkpoint,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type StoredEvent,
} from './port.ts';
import { upcast } from './upcasters.ts';

const EXPECTED_CODES: Record<Exclude<ExpectedVersion, number>, number> = { no_stream: -1, any: -2, stream_exists: -3 };

export function checkpointOf(txId: string, position: string): Checkpoint {
  return `${padPosition(txId)}:${padPosition(position)}`;
}

function parseCheckpoint(c: Checkpoint): [string, string] {
  const [tx, pos] = c.split(':');
  if (!tx || !pos) throw new Error(`Not a PostgreSQL checkpoint: ${c}`);
  return [BigInt(tx).toString(), BigInt(pos).toString()];
}

interface EventRow {
  position: string;
  tx: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, string>;
  created_at: Date;
}

function toStored(r: EventRow): StoredEvent {
  return upcast({
    id: r.event_id,
    stream: r.stream_id,
    streamVersion: Number(r.stream_version),
    type: r.event_type,
    schemaVersion: r.schema_version,
    data: r.data,
    metadata: r.metadata,
    time: r.created_at,
    checkpoint: checkpointOf(r.tx, r.position),
  });
}

// tx_id is selected under another name: ORDER BY would otherwise sort by the text.
const COLUMNS = 'position, tx_id::text AS tx, stream_id, stream_version, event_id, event_type, schema_version, data, metadata, created_at';

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listeners = new Set<(c: Checkpoint) => void>();

  constructor(private readonly pool: pg.Pool) {}

  async append(stream: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const payload = events.map((e) => ({
      id: e.id ?? randomUUID(),
      type: e.type,
      schemaVersion: e.schemaVersion ?? 1,
      data: e.data,
      metadata: e.metadata ?? {},
    }));
    const code = typeof expected === 'number' ? expected : EXPECTED_CODES[expected];
    let rows: { new_version: string; last_tx: string; last_position: string }[];
    // On a checked-out client, not pool.query(): pg-pool destroys the connection of a
    // query that fails, and a version conflict is an expected answer, not a broken
    // connection (a new one costs ~40 ms of PostgreSQL CPU).
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      ({ rows } = await client.query({
        name: 'es_append',
        text: 'SELECT new_version, last_tx::text, last_position FROM es_append($1, $2, $3, $4)',
        values: [stream, streamType(stream), code, JSON.stringify(payload)],
      }));
    } catch (e) {
      const err = e as { code?: string; detail?: string };
      if (err.code === 'SP409') {
        const actual = err.detail === 'none' || err.detail === undefined ? null : Number(err.detail);
        throw new WrongExpectedVersionError(stream, expected, actual);
      }
      // Errors with a SQLSTATE leave the connection usable; others (a lost socket) do not.
      if (!err.code || !/^[0-9A-Z]{5}$/.test(err.code)) broken = e as Error;
      throw e;
    } finally {
      client.release(broken);
    }
    const last = rows[rows.length - 1]!;
    const checkpoint = checkpointOf(last.last_tx, last.last_position);
    for (const l of this.listeners) l(checkpoint);
    return { nextExpectedVersion: Number(last.new_version), checkpoint };
  }

  /**
   * Several distinct streams in one transaction and one round trip (bulk loads such as
   * `spotter seed`): all or nothing, one commit for the lot. The same es_append per
   * stream, so expected versions are checked exactly as in append().
   */
  async appendMany(appends: { stream: string; events: NewEvent[]; expected: ExpectedVersion }[]): Promise<AppendResult[]> {
    if (appends.length === 0) return [];
    if (appends.some((a) => a.events.length === 0)) throw new Error('append needs at least one event');
    const payloads = appends.map((a) =>
      JSON.stringify(a.events.map((e) => ({ id: e.id ?? randomUUID(), type: e.type, schemaVersion: e.schemaVersion ?? 1, data: e.data, metadata: e.metadata ?? {} }))),
    );
    let rows: { i: number; new_version: string; last_tx: string; last_position: string }[];
    try {
      ({ rows } = await this.pool.query(
        `SELECT x.i::int AS i, r.new_version, r.last_tx::text, r.last_position
           FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[]) WITH ORDINALITY AS x(s, t, c, p, i),
                LATERAL es_append(x.s, x.t, x.c, x.p::jsonb) r
          ORDER BY x.i`,
        [appends.map((a) => a.stream), appends.map((a) => streamType(a.stream)), appends.map((a) => (typeof a.expected === 'number' ? a.expected : EXPECTED_CODES[a.expected])), payloads],
      ));
    } catch (e) {
      const err = e as { code?: string; detail?: string };
      if (err.code === 'SP409') throw new WrongExpectedVersionError('(one of a batch)', 'any', err.detail === 'none' || err.detail === undefined ? null : Number(err.detail));
      throw e;
    }
    // es_append answers one row per call; keep the last per stream should it ever answer more.
    const byIndex = new Map(rows.map((r) => [r.i, r]));
    const results = appends.map((_a, k) => {
      const r = byIndex.get(k + 1)!;
      return { nextExpectedVersion: Number(r.new_version), checkpoint: checkpointOf(r.last_tx, r.last_position) };
    });
    const last = results.reduce((a, b) => (b.checkpoint > a.checkpoint ? b : a));
    for (const l of this.listeners) l(last.checkpoint);
    return results;
  }

  async readStream(stream: string, fromVersion = 0): Promise<StoredEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: `SELECT ${COLUMNS} FROM es_events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      values: [stream, fromVersion],
    });
    return rows.map(toStored);
  }

  async readAll(after: Checkpoint | null, limit: number): Promise<StoredEvent[]> {
    const [tx, pos] = after ? parseCheckpoint(after) : ['0', '0'];
    const { rows } = await this.pool.query<EventRow>({
      name: 'es_read_all',
      // es_read_all (migration 010) passes only transactions that can no longer
      // commit an append below the horizon; unrelated long transactions do not count.
      text: `SELECT ${COLUMNS} FROM es_read_all($1::text::xid8, $2::bigint, $3::int)`,
      values: [tx, pos, limit],
    });
    return rows.map(toStored);
  }

  async headCheckpoint(): Promise<Checkpoint | null> {
    const { rows } = await this.pool.query<{ tx: string; position: string }>(
      `SELECT tx_id::text AS tx, position FROM es_events ORDER BY tx_id DESC, position DESC LIMIT 1`,
    );
    return rows[0] ? checkpointOf(rows[0].tx, rows[0].position) : null;
  }

  onAppended(listener: (checkpoint: Checkpoint) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** Streams are named `<type>-<id>`; the type is kept for operators and replays. */
export function streamType(stream: string): string {
  const dash = stream.indexOf('-');
  return dash > 0 ? stream.slice(0, dash) : stream;
}
