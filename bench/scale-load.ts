/**
 * What `bench:scale` (its step 4) and `bench:scale:commands` share: the real server as a
 * child process on a scale store, and commands sent to it while this process rebuilds
 * read models (issue 28). `bench:scale:commands` runs that step alone on a kept store, so
 * that a change to what a rebuild costs the live commands is measured in minutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fsSync from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { rebuildProjections } from '../src/platform/projections/rebuild.ts';
import { lowerOwnPriority } from '../src/platform/db/background-priority.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { LIVE_WRITERS } from '../cli/lib/replay.ts';
import { benchServerEnv, httpJson, log, percentile, round } from './lib.ts';
import type { Person } from './scale-generate.ts';
import type { OpenLoopPlan } from './open-loop-client.ts';
import { forkOpenLoop } from './open-loop.ts';

/** Every generated person's password (the generator writes their credentials with it). */
export const SCALE_PASSWORD = 'bench-scale-password';
const CMD_RATE = Number(process.env.BENCH_SCALE_CMD_RATE ?? 200);
/** Athletes the commands are spread over: no stream grows to thousands of events during a rebuild. */
const CMD_USERS = 200;
/** A rebuild that outlasts this (ten million events on a slow machine) is measured over its first hour. */
const CMD_MAX_MS = 3_600_000;

export interface ServerChild {
  proc: ChildProcess;
  url: string;
  peakRssMb(): number;
  /** Its resident memory now and its peak so far, for the log after each step: where the peak comes from. */
  rssNote(): string;
  stop(): Promise<void>;
}

/**
 * The real server in its own process, on the bench database. Its own log (its stderr)
 * goes to `logFile`, kept after the run, unlike its data folder: the first end-to-end
 * run saw it grow to 12.7 GB while busy between requests, and its log is where to read
 * what it was doing.
 */
export async function startServerChild(databaseUrl: string, folder: string, logFile: string): Promise<ServerChild> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./scale-server.ts', import.meta.url))], {
    env: benchServerEnv(databaseUrl, folder, { SPOTTER_DEMO: '0', RECAP_SCHEDULE: 'off' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  const serverLog = fsSync.createWriteStream(logFile);
  proc.stderr.on('data', (d: Buffer) => {
    errors = (errors + d.toString()).slice(-4000);
    serverLog.write(d);
  });
  proc.on('exit', () => serverLog.end());
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void exited.then(() => reject(new Error(`server exited before listening:\n${errors}`)));
  });
  return {
    proc,
    url,
    peakRssMb: () => procStatusMb(proc.pid!, 'VmHWM'),
    rssNote: () => `server RSS ${Math.round(procStatusMb(proc.pid!, 'VmRSS'))} MB, peak ${Math.round(procStatusMb(proc.pid!, 'VmHWM'))} MB`,
    async stop() {
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}

/** A memory figure of a process (VmRSS, VmHWM) from /proc, in MB. */
function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fsSync.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) / 1024;
}

/** Signs a generated person in: their access token and user id. */
export async function signIn(agent: http.Agent, serverUrl: string, email: string): Promise<{ accessToken: string; refreshToken: string; user: { id: string } }> {
  const s = await httpJson(agent, new URL(serverUrl), 'POST', '/api/auth/signin', { email, password: SCALE_PASSWORD });
  if (s.status !== 200) throw new Error(`signin ${email}: ${s.status} ${s.text}`);
  return s.body as { accessToken: string; refreshToken: string; user: { id: string } };
}

/**
 * PUT /api/profile open-loop from a forked client (open-loop-client.ts) over
 * `CMD_USERS` athletes of `coach` (the 400-athlete team), from the start of a rebuild of
 * `readModels` in this process until its switch: the HTTP answer's p50/p99 and command →
 * websocket p50/p99, with the rebuild's length. The rebuild writes as `spotter replay`
 * does beside a live server (one connection, cli/lib/replay.ts; three until 2026-12-04,
 * so the earlier runs' figures do not compare).
 */
export async function commandsDuringRebuild(
  pool: pg.Pool,
  store: PostgresEventStore,
  readModels: Projection[],
  serverUrl: string,
  coach: { athletes: readonly Person[] },
  agent: http.Agent,
  /** The rebuild's writing connections: by default as `spotter replay` writes beside a live server. */
  writers = LIVE_WRITERS,
): Promise<Record<string, number>> {
  const figures: Record<string, number> = {};
  // The same athletes on every store of a size: the population does not depend on it.
  const users = coach.athletes.slice(1, 1 + CMD_USERS);
  // Commands during the whole of one rebuild, from its first batches to its switch: the
  // load stops when the rebuild ends. (Until the 25th run it was measured over the
  // rebuild's first 12 s, the accounts and invitations at the head of the store, where
  // a rebuild writes little.) Spread over 200 athletes, so that no stream grows to
  // thousands of events during it (a long stream's command is slower on its own).
  const plan: OpenLoopPlan = { base: serverUrl, rate: CMD_RATE, warmupMs: 2000, measureMs: CMD_MAX_MS, drainMs: 5000, body: 'profile', targets: [] };
  for (const u of users) {
    const s = await signIn(agent, serverUrl, u.email);
    plan.targets.push({ topic: `user:${s.user.id}`, watcherToken: s.accessToken, method: 'PUT', path: '/api/profile', senderToken: s.accessToken, refreshToken: s.refreshToken });
  }
  // The load client is forked first, at normal priority (a child inherits its parent's);
  // then this process, which now only rebuilds, lowers its own as `spotter replay` does.
  let rebuildDone!: () => void;
  const rebuildEnded = new Promise<void>((resolve) => (rebuildDone = resolve));
  const running = forkOpenLoop(pool, { load: plan }, undefined, rebuildEnded);
  const restorePriority = lowerOwnPriority();
  const underLoad = performance.now();
  const rebuilding = rebuildProjections(pool, store, readModels, { batchSize: 20_000, writers }).finally(() => {
    figures.rebuild_under_load_s = round((performance.now() - underLoad) / 1000, 1);
    rebuildDone();
  });
  const [run] = await Promise.all([running, rebuilding]);
  restorePriority();
  const o = run.outcome;
  const ws = [...o.latenciesMs, ...new Array<number>(o.unmatched).fill(Infinity)];
  const ms = (xs: number[], p: number) => (Number.isFinite(percentile(xs, p)) ? round(percentile(xs, p), 1) : -1);
  figures.cmd_during_rebuild_p50_ms = ms(o.httpLatenciesMs, 50);
  figures.cmd_during_rebuild_p99_ms = ms(o.httpLatenciesMs, 99);
  figures.cmd_to_ws_during_rebuild_p50_ms = ms(ws, 50);
  figures.cmd_to_ws_during_rebuild_p99_ms = ms(ws, 99);
  figures.cmd_during_rebuild_failed = o.measured - o.ok + o.unmatched;
  figures.cmd_during_rebuild_achieved_per_s = round(o.achievedPerS, 1);
  // A failure is shown by status, with the first error's text: a figure with failures
  // behind it is not a figure. (The 33rd run's load outlived its 15-minute access tokens
  // and most of it was 401 before the client learned to renew them.)
  const failedNote = figures.cmd_during_rebuild_failed ? `; by status ${JSON.stringify(o.byStatus)}, first error ${o.firstError}` : '';
  log(
    `  ${CMD_RATE} commands/s over ${users.length} athletes during a rebuild of ${figures.rebuild_under_load_s} s: HTTP p50 ${figures.cmd_during_rebuild_p50_ms} ms p99 ${figures.cmd_during_rebuild_p99_ms} ms; command → ws p50 ${figures.cmd_to_ws_during_rebuild_p50_ms} ms p99 ${figures.cmd_to_ws_during_rebuild_p99_ms} ms; ${figures.cmd_during_rebuild_failed} failed${failedNote}`,
  );
  return figures;
}
