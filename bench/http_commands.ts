/**
 * Saturation throughput of the command path over HTTP (issue 16): 20 clients, each on
 * its own user (PUT /api/profile), then each on its own training (60% set actuals,
 * 20% workout revisions, 20% creations, on workouts of its own). The load client runs
 * in its own process (load-client.ts), so the server's event loop is the server's.
 * Printed beside each figure: 409s seen by the client, version conflicts and retries
 * inside the server, new database connections, and CPU milliseconds per command of
 * the server process and of PostgreSQL (all its processes), which hold on a noisy
 * machine where the rate does not.
 */
import { fork } from 'node:child_process';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, type RunningServer } from '../src/server.ts';
import { benchServerConfig, httpJson, log, percentile, postgresCpuMs, postmasterOf, round, ServerCounters, startBenchDatabase, type ServerCounts } from './lib.ts';
import { confirmationTokens, inBatches } from './cmd_to_ws.ts';
import type { LoadClient, LoadPlan, LoadResult } from './load-client.ts';

const CLIENTS = 20;
const WARMUP_MS = 1500;
const MEASURE_MS = Number(process.env.BENCH_HTTP_MS ?? 6000);
const PASSWORD = 'bench-password-1';

interface Window extends ServerCounts {
  result: LoadResult;
  serverCpuMs: number;
  postgresCpuMs: number;
  /** Committed transactions of the database, reads included (pg_stat_database). */
  transactions: number;
}

async function committedTransactions(server: RunningServer): Promise<number> {
  const { rows } = await server.platform.pool.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

async function measure(server: RunningServer, plan: LoadPlan, postmaster: number): Promise<Window> {
  const counters = new ServerCounters(server.platform.pool);
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), { stdio: 'inherit' });
  let startCpu = process.cpuUsage();
  let startPg = 0;
  let startTransactions: Promise<number> = Promise.resolve(0);
  // Set by the timer callback; an object, so the type checker does not narrow it to null.
  const ending: { figures?: Promise<Omit<Window, 'result'>> } = {};
  const result = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (m: { type: string; result?: LoadResult; error?: string }) => {
      if (m.type === 'measure-start') {
        startCpu = process.cpuUsage();
        startPg = postgresCpuMs(postmaster);
        counters.start();
        startTransactions = committedTransactions(server);
        setTimeout(() => {
          const cpu = process.cpuUsage(startCpu);
          const figures = { ...counters.read(), serverCpuMs: (cpu.user + cpu.system) / 1000, postgresCpuMs: postgresCpuMs(postmaster) - startPg };
          ending.figures = Promise.all([startTransactions, committedTransactions(server)]).then(([a, b]) => ({ ...figures, transactions: b - a }));
        }, plan.measureMs);
      } else if (m.type === 'result') resolve(m.result!);
      else if (m.type === 'error') reject(new Error(m.error));
    });
    child.on('exit', (code) => code && reject(new Error(`load client exited with ${code}`)));
    child.send(plan);
  }).finally(() => counters.close());
  while (!ending.figures) await new Promise((r) => setTimeout(r, 10));
  return { result, ...(await ending.figures) };
}

function report(name: string, w: Window, measureMs: number): Record<string, number> {
  const perS = w.result.ok / (measureMs / 1000);
  const lat = w.result.latenciesMs.sort((a, b) => a - b);
  const per = (ms: number) => (w.result.ok ? round(ms / w.result.ok, 3) : -1);
  log(`  ${w.result.ok} ok in ${measureMs / 1000} s: ${round(perS)}/s; latency p50 ${round(percentile(lat, 50), 1)} ms, p99 ${round(percentile(lat, 99), 1)} ms`);
  log(
    `  statuses ${JSON.stringify(w.result.byStatus)} (409s: ${w.result.byStatus['409'] ?? 0}); server version conflicts ${w.conflicts}, retries ${w.retries}; new connections ${w.newConnections}`,
  );
  log(`  CPU per command: server ${per(w.serverCpuMs)} ms, PostgreSQL ${per(w.postgresCpuMs)} ms`);
  log(`  per command: ${per(w.appendStatements)} append statements, ${per(w.transactions)} committed transactions (reads included)`);
  if (w.result.firstError) log(`  first error: ${w.result.firstError}`);
  return {
    [`${name}_per_s`]: round(perS),
    [`${name}_409s`]: w.result.byStatus['409'] ?? 0,
    [`${name}_retries`]: w.retries,
    [`${name}_new_connections`]: w.newConnections,
    [`${name}_server_cpu_ms_per_cmd`]: per(w.serverCpuMs),
    [`${name}_pg_cpu_ms_per_cmd`]: per(w.postgresCpuMs),
    [`${name}_transactions_per_cmd`]: per(w.transactions),
  };
}

export async function run(): Promise<Record<string, number>> {
  const db = await startBenchDatabase('http-commands');
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-server-'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let server: RunningServer | null = null;
  let closing = false;
  try {
    const config = benchServerConfig(db.url, tmp, { SPOTTER_DEMO: '0' });
    server = await startServer(config, { rateLimitScale: 1000, log: (m) => closing || console.error(`  [server] ${m}`) });
    const base = new URL(server.url);
    const request = (method: string, url: string, body?: unknown, token?: string) => httpJson(agent, base, method, url, body, token);
    const postmaster = await postmasterOf(server.platform.pool);

    const emails = Array.from({ length: CLIENTS }, (_, k) => `bench.http${k}@example.test`);
    await inBatches(emails, 5, async (email, k) => {
      const r = await request('POST', '/api/auth/signup', { fullName: `Bench Http ${k}`, email, password: PASSWORD, accessCode: config.signupAccessCode });
      if (r.status !== 201) throw new Error(`signup ${email}: ${r.status} ${r.text}`);
    });
    const tokens = await confirmationTokens(config.outboxDir, emails, 30_000);
    const clients: LoadClient[] = [];
    await inBatches(emails, 5, async (email) => {
      const c = await request('GET', `/api/confirm-email?token=${encodeURIComponent(tokens.get(email)!)}`);
      if (c.status !== 200) throw new Error(`confirm ${email}: ${c.status} ${c.text}`);
      const s = await request('POST', '/api/auth/signin', { email, password: PASSWORD });
      if (s.status !== 200) throw new Error(`signin ${email}: ${s.status} ${s.text}`);
      const session = s.body as { accessToken: string; user: { id: string } };
      clients.push({ token: session.accessToken, userId: session.user.id, workoutIds: [] });
    });

    const plan = (kind: LoadPlan['kind']): LoadPlan => ({ base: server!.url, kind, clients, warmupMs: WARMUP_MS, measureMs: MEASURE_MS });
    log(`  ${CLIENTS} clients, each on its own user: PUT /api/profile, closed loop`);
    const profile = report('http_commands', await measure(server, plan('profile'), postmaster), MEASURE_MS);

    // Each client's own training: a few workouts to log sets on and revise.
    const today = new Date().toISOString().slice(0, 10);
    for (const c of clients) {
      const workouts = Array.from({ length: 5 }, (_, i) => ({
        user_id: c.userId,
        date: today,
        name: `Base ${i}`,
        exercises: Array.from({ length: 3 }, (_, e) => ({ exercise_name: `Lift ${e + 1}`, sets: Array.from({ length: 4 }, () => ({ reps: 5, load: 100 })) })),
      }));
      const r = await request('POST', '/api/manage-workouts', { workouts }, c.token);
      if (r.status !== 201) throw new Error(`plan: ${r.status} ${r.text}`);
      c.workoutIds = (r.body as { ids: string[] }).ids;
    }
    log(`  ${CLIENTS} clients, each on its own training: 60% set actuals, 20% revisions, 20% creations`);
    const training = report('http_training_commands', await measure(server, plan('training'), postmaster), MEASURE_MS);
    return { ...profile, ...training };
  } finally {
    closing = true;
    agent.destroy();
    await server?.close().catch(() => {});
    await db.stop();
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}
