/**
 * `spotter backup` and `spotter restore`: what cannot be rebuilt (the events, accounts'
 * secrets, sessions, the mail outbox, idempotency answers, reactors' own state), as
 * gzipped JSON lines read in one snapshot. Read models are not in it: a restore
 * rebuilds them from the events.
 *
 * Why not pg_dump: the embedded PostgreSQL (18) ships no pg_dump, and a pg_dump older
 * than the server refuses to dump it (Debian 12 has 15). Rows travel through the
 * server's own to_jsonb / jsonb_populate_recordset, so every column keeps its type.
 *
 * Events are restored in their global order under new positions and transaction ids:
 * the store orders by (tx_id, position), and the old transaction ids are meaningless
 * (higher than anything) in another cluster, so new appends would sort before them.
 * Reactors keep their place, named by the event they had reached, so a restore
 * neither repeats their effects (mails, commands) nor drops the ones still due.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { once } from 'node:events';
import pg from 'pg';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { installProjection } from '../../src/platform/projections/schema.ts';
import { ProjectionRunner } from '../../src/platform/projections/runner.ts';
import type { Platform } from '../../src/platform/start.ts';
import { rebuildProjections } from '../../src/platform/projections/rebuild.ts';
import { KEYS_ERASED_CHANNEL } from '../../src/platform/eventstore/personal-data.ts';
import { eraseAccount, erasuresInDatabase, type ErasureEntry } from '../../src/privacy/index.ts';
import { userStream } from '../../src/accounts/domain/user.ts';

/** The erase log's default place: next to the backup file (see src/privacy/erase-log.ts). */
export const ERASE_LOG_NAME = 'spotter-erasures.jsonl';
export const defaultEraseLog = (backupFile: string) => process.env.SPOTTER_ERASE_LOG || path.join(path.dirname(path.resolve(backupFile)), ERASE_LOG_NAME);

const FORMAT = 'spotter-backup';
const VERSION = 1;
const BATCH = 2000;

/**
 * Tables a restore leaves empty: derived (projection bookkeeping, parked events name
 * old positions and are parked again by the rebuild), transient (rate-limit hits) or
 * made by the migrations. Read-model tables are told apart by their generation suffix.
 */
const NOT_BACKED_UP = new Set(['es_events', 'schema_migrations', 'projection_checkpoints', 'projection_rebuilds', 'projection_parked_events', 'rate_limit_hits']);
const READ_MODEL_TABLE = /_g\d+$/;

interface Header {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  tables: string[];
  /** Per reactor: the id of the last event it had applied (null: none yet). */
  reactors: Record<string, string | null>;
}

type Line = { header: Header } | { table: string; rows: unknown[] };

export interface BackupSummary {
  events: number;
  tables: Record<string, number>;
}

/** The tables to back up, a referenced table before the tables that reference it (restore order). */
async function sourceTables(db: pg.PoolClient | pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ name: string; refs: string[] }>(
    `SELECT c.relname::text AS name, coalesce(array_agg(r.relname::text) FILTER (WHERE r.relname IS NOT NULL AND r.relname <> c.relname), '{}') AS refs
       FROM pg_class c
       LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'f'
       LEFT JOIN pg_class r ON r.oid = k.confrelid
      WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
      GROUP BY c.relname ORDER BY c.relname`,
  );
  const wanted = rows.filter((r) => !NOT_BACKED_UP.has(r.name) && !READ_MODEL_TABLE.test(r.name));
  const ordered: string[] = [];
  while (ordered.length < wanted.length) {
    const ready = wanted.filter((t) => !ordered.includes(t.name) && t.refs.every((r) => ordered.includes(r) || !wanted.some((w) => w.name === r)));
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle; cannot order the backup');
    ordered.push(...ready.map((t) => t.name));
  }
  return ordered;
}

export async function backupDatabase(pool: pg.Pool, file: string, reactors: Projection[]): Promise<BackupSummary> {
  const client = await pool.connect();
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (line: Line) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  const summary: BackupSummary = { events: 0, tables: {} };
  try {
    // One snapshot for every table, so the events and the rows beside them agree.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await sourceTables(client);
    const { rows: migrations } = await client.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    const reactorPlaces: Record<string, string | null> = {};
    for (const r of reactors) {
      const { rows } = await client.query<{ event_id: string }>(
        `SELECT e.event_id FROM projection_checkpoints c JOIN es_events e
           ON (e.tx_id, e.position) = (split_part(c.checkpoint, ':', 1)::numeric::text::xid8, split_part(c.checkpoint, ':', 2)::bigint)
         WHERE c.projection = $1`,
        [r.name],
      );
      reactorPlaces[r.name] = rows[0]?.event_id ?? null;
    }
    await write({ header: { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), migrations: migrations.map((m) => m.id), tables, reactors: reactorPlaces } });
    // Events in global order, a batch at a time; position and tx_id are the restoring cluster's to give.
    let after: { tx: string; pos: string } = { tx: '0', pos: '0' };
    for (;;) {
      const { rows } = await client.query<{ tx: string; pos: string; row: Record<string, unknown> }>(
        `SELECT tx_id::text AS tx, position::text AS pos, to_jsonb(e) - 'position' - 'tx_id' AS row FROM es_events e
          WHERE (tx_id, position) > ($1::xid8, $2::bigint) ORDER BY tx_id, position LIMIT ${BATCH}`,
        [after.tx, after.pos],
      );
      if (rows.length === 0) break;
      await write({ table: 'es_events', rows: rows.map((r) => r.row) });
      summary.events += rows.length;
      after = { tx: rows[rows.length - 1].tx, pos: rows[rows.length - 1].pos };
    }
    for (const t of tables) {
      const { rows } = await client.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${pg.escapeIdentifier(t)} t`);
      for (let i = 0; i < rows.length; i += BATCH) await write({ table: t, rows: rows.slice(i, i + BATCH).map((r) => r.row) });
      summary.tables[t] = rows.length;
    }
    await client.query('COMMIT');
  } finally {
    client.release();
    gzip.end();
    await once(out, 'close');
  }
  return summary;
}

export class RestoreRefused extends Error {}

/**
 * Loads a backup into a database that holds no events yet (migrated by the caller).
 * Read models are left to the caller to rebuild; reactors' checkpoints are set.
 */
export async function restoreDatabase(pool: pg.Pool, file: string, reactors: Projection[]): Promise<BackupSummary> {
  const { rows: existing } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT 1 FROM es_events LIMIT 1) e');
  if (existing[0].n > 0) throw new RestoreRefused('this database holds events already: restore into a fresh one (a new SPOTTER_DATA_DIR or an empty DATABASE_URL database)');
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  let header: Header | null = null;
  const summary: BackupSummary = { events: 0, tables: {} };
  for await (const text of lines) {
    if (!text) continue;
    const line = JSON.parse(text) as Line;
    if ('header' in line) {
      header = line.header;
      if (header.format !== FORMAT || header.version !== VERSION) throw new RestoreRefused(`${file} is not a Spotter backup of version ${VERSION}`);
      const { rows } = await pool.query<{ id: string }>('SELECT id FROM schema_migrations');
      const known = new Set(rows.map((r) => r.id));
      const unknown = header.migrations.filter((m) => !known.has(m));
      if (unknown.length) throw new RestoreRefused(`the backup comes from a newer Spotter (migrations ${unknown.join(', ')}): restore it with that version`);
      continue;
    }
    if (!header) throw new RestoreRefused(`${file} does not start with a Spotter backup header`);
    if (line.table === 'es_events') {
      // Its own transaction, the insert first (the store's trigger wants appends so), in order:
      // the identity column and the transaction id give the events their new global order.
      await pool.query(
        `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata, created_at)
         SELECT r.stream_id, r.stream_version, r.event_id, r.event_type, r.schema_version, r.data, r.metadata, r.created_at
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(j, ord), jsonb_populate_record(null::es_events, e.j) AS r
          ORDER BY e.ord`,
        [JSON.stringify(line.rows)],
      );
      summary.events += line.rows.length;
    } else {
      if (!header.tables.includes(line.table)) throw new RestoreRefused(`${file} names a table it did not list: ${line.table}`);
      const t = pg.escapeIdentifier(line.table);
      await pool.query(`INSERT INTO ${t} SELECT * FROM jsonb_populate_recordset(null::${t}, $1::jsonb)`, [JSON.stringify(line.rows)]);
      summary.tables[line.table] = (summary.tables[line.table] ?? 0) + line.rows.length;
    }
  }
  if (!header) throw new RestoreRefused(`${file} is empty`);
  for (const r of reactors) {
    const eventId = header.reactors[r.name];
    if (eventId === undefined) continue;
    const state = await installProjection(pool, r);
    await pool.query(
      `UPDATE projection_checkpoints SET checkpoint = (SELECT lpad(tx_id::text, 20, '0') || ':' || lpad(position::text, 20, '0') FROM es_events WHERE event_id = $3)
        WHERE projection = $1 AND generation = $2`,
      [r.name, state.generation, eventId],
    );
  }
  return summary;
}

/**
 * The whole restore: the backup's rows, then every read model built from the restored
 * events before the command returns, so a server started next serves at once.
 * Reactors are not run here: they go on where they were when the server starts.
 */
export async function restoreAndRebuild(
  platform: Pick<Platform, 'pool' | 'store' | 'runner' | 'databaseUrl'>,
  file: string,
  log: (m: string) => void,
  erasures: ErasureEntry[] = [],
): Promise<BackupSummary & { reErased: ReErased }> {
  const all = platform.runner.projections();
  const summary = await restoreDatabase(
    platform.pool,
    file,
    all.filter((p) => p.reactor),
  );
  const readModels = all.filter((p) => !p.reactor);
  const runner = new ProjectionRunner(platform.pool, platform.store, platform.databaseUrl, readModels, { log, batchSize: 5000 });
  await runner.start();
  try {
    const head = await platform.store.headCheckpoint();
    if (head)
      await runner.waitFor(
        head,
        readModels.map((p) => p.name),
        60 * 60_000,
      );
  } finally {
    await runner.stop();
  }
  const reErased = await reapplyErasures(platform, erasures, log);
  return { ...summary, reErased };
}

export interface ReErased {
  /** Accounts erased after the backup was taken, erased again. */
  accounts: string[];
  /** Other keys (an address's pseudo-subject) destroyed again. */
  keys: number;
}

/**
 * Erasures the restored backup predates, applied again before anything serves: the
 * backup still holds the keys they destroyed (and the accounts' sign-ins, links and
 * mail). An account is erased again through the same erasure as Settings (its
 * events still open here, so its address and links are known); another subject's key
 * is destroyed if it is still the one the log names. Then every read model is rebuilt
 * once more, from events that now read "Deleted user".
 */
export async function reapplyErasures(platform: Pick<Platform, 'pool' | 'store' | 'runner'>, entries: ErasureEntry[], log: (m: string) => void): Promise<ReErased> {
  const { pool, store } = platform;
  const done = new Set((await erasuresInDatabase(pool)).map((e) => `${e.subject_id}\u0000${e.key_id}`));
  const finalDone = new Set((await erasuresInDatabase(pool)).filter((e) => e.final).map((e) => e.subject_id));
  const pending = entries.filter((e) => !done.has(`${e.subject_id}\u0000${e.key_id}`) && !(e.final && finalDone.has(e.subject_id)));
  const result: ReErased = { accounts: [], keys: 0 };
  if (pending.length === 0) return result;
  const accounts = [...new Set(pending.filter((e) => e.final).map((e) => e.subject_id))];
  for (const userId of accounts) {
    if ((await store.readStream(userStream(userId), 0, 1)).length === 0) continue; // signed up after the backup: nothing of theirs here
    await eraseAccount({ pool, store, projections: [], log }, userId, 'staff', 'spotter restore (erase log)');
    result.accounts.push(userId);
  }
  // Other subjects (and an account's key the erasure above did not meet): the key named, if still there.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const e of pending) {
      const { rowCount } = await client.query('DELETE FROM personal_data_keys WHERE subject_id = $1 AND (key_id = $2 OR $3)', [e.subject_id, e.key_id, e.final]);
      await client.query('INSERT INTO personal_data_erasures (subject_id, key_id, final) VALUES ($1, $2, $3) ON CONFLICT (subject_id, key_id) DO NOTHING', [
        e.subject_id,
        e.key_id,
        e.final,
      ]);
      if (rowCount) {
        result.keys += 1;
        await client.query('SELECT pg_notify($1, $2)', [KEYS_ERASED_CHANNEL, e.subject_id]);
      }
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  if ('codec' in store) (store as { codec: { keys: { forget(s: string[]): void } } }).codec.keys.forget(pending.map((e) => e.subject_id));
  const readModels = platform.runner.projections().filter((p) => !p.reactor);
  await rebuildProjections(pool, store, readModels, { batchSize: 5000 });
  log(`erase log re-applied: ${result.accounts.length} account(s) erased again, ${result.keys} other key(s) destroyed again; read models rebuilt`);
  return result;
}
