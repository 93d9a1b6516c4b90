/**
 * The database stopped and started under a light write load, against a real server
 * process: what `pg_ctl stop -m fast` and a start do (a managed database's failover
 * or minor upgrade). Used by tests/db-restart.int.test.ts (what a caller sees) and
 * `npm run bench -- db_restart` (how long it lasted).
 *
 * The database is an embedded PostgreSQL of its own in a folder under the temp dir
 * (the run's shared one must not be stopped); "stop" is its fast shutdown (SIGINT to
 * the postmaster, as pg_ctl -m fast sends), "start" starts it again on the same port.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { freePort, startEmbeddedPostgres, stopEmbeddedAt } from '../../src/platform/db/embedded.ts';
import { decodedEvents } from './decoded-events.ts';
import { processClient, spawnServer } from './server-process.ts';

// Not server.ts's: it imports vitest, and the benchmark runs without it.
const ACCESS_CODE = 'TEST-CODE';

/** Signs an athlete up, confirms through the mailed link and signs in. */
async function signedInAthlete(t: ReturnType<typeof processClient>): Promise<{ accessToken: string; user: { id: string } }> {
  const email = `restart.${Date.now().toString(36)}@example.com`;
  const password = 'correct horse battery';
  const signup = await t.api('POST', '/api/auth/signup', { fullName: 'Restart Athlete', email, password, accessCode: ACCESS_CODE });
  if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
  const link = await t.mailLink(email, /\/confirm\?token=[\w-]+/);
  const confirmed = await t.api('GET', `/api/confirm-email?token=${link.split('token=')[1]}`);
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
  const session = await t.api('POST', '/api/auth/signin', { email, password });
  if (session.status !== 200) throw new Error(`signin failed: ${JSON.stringify(session.body)}`);
  return session.body as { accessToken: string; user: { id: string } };
}

export interface DbRestartRun {
  /** Commands answered 2xx, each under its own Idempotency-Key and workout name. */
  acked: { key: string; name: string }[];
  /** Workout names with how many WorkoutScheduled events each has after the run. */
  effects: Map<string, number>;
  /** A command refused while the database was away (status, Retry-After, body). */
  refusal: { status: number; retryAfter: string | null; body: unknown } | null;
  /** A read (GET /api/profile) while the database was away. */
  readWhileDown: { status: number; retryAfter: string | null; body: unknown } | null;
  /** /api/health while the database was away. */
  healthWhileDown: { status: number; retryAfter: string | null; body: { status?: string } } | null;
  /** Whether the server process was still running after the database came back. */
  serverSurvived: boolean;
  /** Whether a websocket `changed` for a command made after the restart arrived on the socket opened before it. */
  realtimeResumed: boolean;
  /**
   * Whether the socket was told to refetch each topic it follows (`changed` without a
   * checkpoint) once the server listened again: what was committed meanwhile was missed.
   */
  resyncedTopics: boolean;
  /** Whether /api/health answered 200 again. */
  healthBack: boolean;
  /** Exit code of the server's Ctrl-C at the end, and everything it printed. */
  exitCode: number | string;
  output: string;
  figures: {
    /** From the first refused command to the last one, in seconds. */
    refusedSeconds: number;
    /** From the database's start to the first command accepted after it. */
    commandsResumeSeconds: number;
    /** From the database's start to health 200. */
    healthResumeSeconds: number;
    /** From the database's start to the first `changed` on the socket for a change made after it. */
    realtimeResumeSeconds: number;
  };
}

const WRITERS = 2;
/** Each writer waits this long between commands: a light load. */
const PAUSE_MS = 50;
const DOWN_MS = 2000;
const WAIT_MS = 30_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runDbRestart(): Promise<DbRestartRun> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-db-restart-'));
  // The embedded server runs as the user postgres when we are root: it must enter the folder.
  await fs.chmod(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const outboxDir = path.join(dir, 'outbox');
  const port = await freePort();
  let db = await startEmbeddedPostgres(dataDir, { port });
  const server = await spawnServer({ DATABASE_URL: db.url, OUTBOX_DIR: outboxDir, SIGNUP_ACCESS_CODE: ACCESS_CODE });
  const check = new pg.Pool({ connectionString: db.url, max: 2 });
  check.on('error', () => {});
  try {
    await server.waitFor(/Spotter is running/);
    const athlete = await signedInAthlete(processClient(server, outboxDir));
    const token = athlete.accessToken;
    const userId = athlete.user.id;

    // The socket stays open through the restart; its messages are kept with their time.
    const changes: { at: number; checkpoint: string | null }[] = [];
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/realtime?token=${encodeURIComponent(token)}`, { origin: server.url });
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        const msg = JSON.parse((raw as Buffer).toString()) as { type: string; topic?: string; checkpoint?: string | null };
        if (msg.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', topic: `athlete:${userId}` }));
        if (msg.type === 'subscribed') resolve();
        if (msg.type === 'changed') changes.push({ at: Date.now(), checkpoint: msg.checkpoint ?? null });
      });
      socket.on('close', () => reject(new Error('websocket closed')));
    });

    const acked: { key: string; name: string; at: number }[] = [];
    const refused: number[] = [];
    let refusal: DbRestartRun['refusal'] = null;
    let stopLoad = false;
    let n = 0;
    /** One command, sent again under the same key until it is answered 2xx: a careful client. */
    const command = async (w: number) => {
      const key = randomUUID();
      const name = `restart-${w}-${n++}`;
      const body = JSON.stringify({ workout: { user_id: userId, date: '2025-09-01', name, exercises: [{ exercise_name: 'Squat', sets: [{ reps: 5, load: 100 }] }] } });
      for (const end = Date.now() + WAIT_MS; Date.now() < end;) {
        if (server.proc.exitCode !== null || server.proc.signalCode !== null) throw new Error(`the server exited:\n${server.output()}`);
        try {
          const res = await fetch(`${server.url}/api/manage-workouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
            body,
          });
          const text = await res.text();
          if (res.status < 300) return acked.push({ key, name, at: Date.now() });
          refused.push(Date.now());
          if (res.status === 503) refusal ??= { status: res.status, retryAfter: res.headers.get('retry-after'), body: JSON.parse(text) as unknown };
        } catch {
          refused.push(Date.now());
        }
        await sleep(100);
      }
      throw new Error(`command ${name} was never accepted`);
    };
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      while (!stopLoad) {
        await command(w);
        await sleep(PAUSE_MS);
      }
    });
    // Read at the end (allSettled below); until then a failure must not count as unhandled.
    for (const w of writers) w.catch(() => {});

    await sleep(1500);
    const stoppedAt = Date.now();
    await stopEmbeddedAt(dataDir);
    let healthWhileDown: DbRestartRun['healthWhileDown'] = null;
    let readWhileDown: DbRestartRun['readWhileDown'] = null;
    const downUntil = Date.now() + DOWN_MS;
    while (Date.now() < downUntil) {
      if (!readWhileDown) {
        const read = await fetch(`${server.url}/api/profile`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
        if (read && read.status !== 200) readWhileDown = { status: read.status, retryAfter: read.headers.get('retry-after'), body: (await read.json()) as unknown };
        else await read?.body?.cancel();
      }
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      if (res && res.status !== 200) healthWhileDown ??= { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { status?: string } };
      else await res?.body?.cancel();
      await sleep(200);
    }
    db = await startEmbeddedPostgres(dataDir, { port });
    const startedAt = Date.now();

    let healthAt = 0;
    for (const end = Date.now() + WAIT_MS; !healthAt && Date.now() < end; await sleep(100)) {
      const res = await fetch(`${server.url}/api/health`).catch(() => null);
      if (res?.status === 200) healthAt = Date.now();
      await res?.body?.cancel();
    }
    // A change committed after the restart reaches the socket opened before it.
    const afterStart = () => changes.find((c) => c.at > startedAt && c.checkpoint !== null);
    for (const end = Date.now() + WAIT_MS; !afterStart() && Date.now() < end;) await sleep(50);
    // Some more load after everything resumed, then let the writers finish their command.
    const ackedBefore = acked.length;
    for (const end = Date.now() + WAIT_MS; acked.length < ackedBefore + 10 && Date.now() < end;) await sleep(50);
    stopLoad = true;
    const failed = (await Promise.allSettled(writers)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    socket.close();

    const serverSurvived = server.proc.exitCode === null && server.proc.signalCode === null;
    const rows: { name: string; n: number }[] = [];
    for (const e of await decodedEvents(check, (e) => e.type === 'WorkoutScheduled')) {
      const name = (e.data as { name: string }).name;
      const row = rows.find((r) => r.name === name);
      if (row) row.n++;
      else rows.push({ name, n: 1 });
    }
    server.proc.kill('SIGINT');
    const exitCode = await server.exited;

    const firstAck = acked.find((a) => a.at > startedAt);
    const seconds = (ms: number) => Math.round(ms / 100) / 10;
    return {
      acked: acked.map(({ key, name }) => ({ key, name })),
      effects: new Map(rows.map((r) => [r.name, r.n])),
      refusal,
      readWhileDown,
      healthWhileDown,
      serverSurvived,
      realtimeResumed: !!afterStart(),
      resyncedTopics: changes.some((c) => c.at > stoppedAt && c.checkpoint === null),
      healthBack: healthAt > 0,
      exitCode,
      output: server.output(),
      figures: {
        refusedSeconds: refused.length ? seconds(refused[refused.length - 1] - refused[0]) : 0,
        commandsResumeSeconds: firstAck ? seconds(firstAck.at - startedAt) : -1,
        healthResumeSeconds: healthAt ? seconds(healthAt - startedAt) : -1,
        realtimeResumeSeconds: afterStart() ? seconds(afterStart()!.at - startedAt) : -1,
      },
    };
  } finally {
    if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
    await check.end().catch(() => {});
    await db.stop().catch(() => {});
    await stopEmbeddedAt(dataDir).catch(() => {});
    await fs.rm(dir, { recursive: true, force: true });
  }
}
