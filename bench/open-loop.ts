/**
 * The server's side of the command → websocket benchmarks: forks the load client
 * (open-loop-client.ts) so that it has its own event loop, counts what the server did
 * over the client's measured window, and prints and names the figures, with the 409s,
 * version conflicts, retries and new connections beside them.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { OpenLoopOutcome, OpenLoopPlan } from './open-loop-client.ts';
import { log, percentile, round, ServerCounters, type ServerCounts } from './lib.ts';

export interface OpenLoopRun<R> {
  outcome: OpenLoopOutcome;
  /** What the client measured after the load (see serveOpenLoop). */
  after: R;
  server: ServerCounts;
}

/**
 * Runs `plan` in a forked client (open-loop-child.ts unless the benchmark has its own)
 * against the server behind `pool`. When `until` settles the load stops there, before
 * the plan's measured window is over.
 */
export function forkOpenLoop<P extends { load: OpenLoopPlan }, R = null>(
  pool: pg.Pool,
  plan: P,
  client = './open-loop-child.ts',
  until?: Promise<unknown>,
): Promise<OpenLoopRun<R>> {
  const counters = new ServerCounters(pool);
  let server: ServerCounts | null = null;
  return new Promise<OpenLoopRun<R>>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL(client, import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: { outcome: OpenLoopOutcome; after: R } | null = null;
    child.on('message', (m: { type: string; result?: { outcome: OpenLoopOutcome; after: R }; error?: string }) => {
      if (m.type === 'measure-start') counters.start();
      else if (m.type === 'measure-end') server = counters.read();
      else if (m.type === 'result') result = m.result!;
      else if (m.type === 'error') reject(new Error(`load client: ${m.error}`));
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!result) return reject(new Error(`load client exited with ${code} and no result`));
      resolve({ ...result, server: server ?? counters.read() });
    });
    child.send({ type: 'plan', plan });
    void until?.finally(() => child.connected && child.send({ type: 'stop' })).catch(() => {});
  }).finally(() => counters.close());
}

/** How a benchmark names its figures and what it calls its requests. */
export interface OpenLoopNames {
  /** Prefix of the latency figures: `${latency}_p99_ms`. */
  latency: string;
  /** Prefix of the counts: `${short}_achieved_per_s`, `${short}_failed`, `${short}_409s`… */
  short: string;
  /** What one request is, plural ("commands"). */
  noun: string;
  /** The latency's name in the printout ("command → ws msg"). */
  what: string;
}

/** Prints the run the way every open-loop benchmark does and returns its figures. */
export function reportOpenLoop(names: OpenLoopNames, plan: OpenLoopPlan, run: OpenLoopRun<unknown>): Record<string, number> {
  const { outcome: o, server } = run;
  // A request whose message never came counts as infinitely slow, never as skipped.
  const latencies = [...o.latenciesMs, ...new Array<number>(o.unmatched).fill(Infinity)];
  const ms = (n: number) => (Number.isFinite(n) ? round(n, 1) : -1);
  const at = (xs: number[], p: number) => ms(percentile(xs, p));
  const failed = o.measured - o.ok;
  const conflicts409 = o.byStatus['409'] ?? 0;
  log(
    `  offered ${plan.rate}/s over ${plan.targets.length} sockets for ${(plan.warmupMs + plan.measureMs) / 1000} s (sent in ${o.sendSeconds.toFixed(1)} s, ${o.lateSends} sends >5 ms late); measured ${o.measured} ${names.noun} after a ${plan.warmupMs / 1000} s warm-up`,
  );
  log(`  HTTP response     p50 ${at(o.httpLatenciesMs, 50)} ms  p95 ${at(o.httpLatenciesMs, 95)} ms  p99 ${at(o.httpLatenciesMs, 99)} ms`);
  log(`  ${names.what.padEnd(17)} p50 ${at(latencies, 50)} ms  p95 ${at(latencies, 95)} ms  p99 ${at(latencies, 99)} ms  max ${ms(latencies.at(-1) ?? NaN)} ms`);
  if (failed) {
    const statuses = Object.entries(o.byStatus).filter(([k]) => k !== '200');
    log(`  failures by status: ${statuses.map(([k, n]) => `${k}: ${n}`).join(', ')}${o.firstError ? `; first: ${o.firstError}` : ''}`);
  }
  log(
    `  ${o.ok} ok, ${failed} failed, ${o.unmatched} without a websocket message within ${plan.drainMs / 1000} s; ${round(o.achievedPerS, 1)} ${names.noun}/s completed in the window`,
  );
  log(
    `  409s: ${conflicts409}; server version conflicts ${server.conflicts}, retries ${server.retries}; new connections ${server.newConnections}; ${o.ok ? round(server.appendStatements / o.ok, 3) : -1} append statements per request`,
  );
  return {
    [`${names.latency}_p50_ms`]: at(latencies, 50),
    [`${names.latency}_p95_ms`]: at(latencies, 95),
    [`${names.latency}_p99_ms`]: at(latencies, 99),
    [`${names.short}_achieved_per_s`]: round(o.achievedPerS, 1),
    [`${names.short}_failed`]: failed + o.unmatched,
    [`${names.short}_409s`]: conflicts409,
    [`${names.short}_retries`]: server.retries,
    [`${names.short}_new_connections`]: server.newConnections,
  };
}
