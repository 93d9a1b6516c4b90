/**
 * (f) Calendar month query: GET /api/manage-workouts?clientId&from&to for one month,
 * asked by the coach, for an athlete with two years of history (4 workouts a week,
 * 6 exercises × 4 sets, actuals on every past set) on the real server over
 * keep-alive HTTP, one request at a time, months picked at random. Reports the p95
 * of the round trip as the calendar sees it (auth, access check, query, JSON).
 *
 * Also exports the set-up the training benchmarks share (set_to_ws.ts): a server
 * with the demo coach and athletes, signed in.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../src/server.ts';
import { seedDemo, type DemoAccounts } from '../src/training/demo-seed.ts';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { benchServerConfig, httpJson, log, percentile, round, startBenchDatabase } from './lib.ts';

const WEEKS = 104;
const DAYS = [1, 2, 4, 5];
const LIFTS = ['Back Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull Up', 'Romanian Deadlift', 'Walking Lunge', 'Incline Press', 'Hip Thrust'];
const WARMUP = 200;
const REQUESTS = Number(process.env.BENCH_CALENDAR_REQUESTS ?? 3000);

export interface TrainingBench {
  server: RunningServer;
  demo: DemoAccounts;
  /** Access tokens by e-mail (coach and athletes). */
  tokens: Map<string, string>;
  request: (method: string, url: string, body?: unknown, token?: string) => Promise<{ status: number; body: unknown; text: string }>;
  close(): Promise<void>;
}

/** A server on a fresh database with the demo coach and four linked athletes, all signed in. */
export async function startTrainingBench(label: string): Promise<TrainingBench> {
  // Seeding is done here, explicitly; the start hook must not seed as well.
  process.env.SPOTTER_DEMO = '0';
  const db = await startBenchDatabase(label);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), `spotter-bench-server-${label}-`));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let server: RunningServer | null = null;
  const close = async () => {
    agent.destroy();
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  };
  try {
    const config = benchServerConfig(db.url, tmp);
    server = await startServer(config, { rateLimitScale: 1000, log: (m) => console.error(`  [server] ${m}`) });
    const demo = await seedDemo(server, { accessCode: config.signupAccessCode });
    const base = new URL(server.url);
    const request = (method: string, url: string, body?: unknown, token?: string) => httpJson(agent, base, method, url, body, token);
    const tokens = new Map<string, string>();
    for (const email of [demo.coach.email, ...demo.athletes.map((a) => a.email)]) {
      const s = await request('POST', '/api/auth/signin', { email, password: demo.password });
      if (s.status !== 200) throw new Error(`signin ${email}: ${s.status} ${s.text}`);
      tokens.set(email, (s.body as { accessToken: string }).accessToken);
    }
    return { server, demo, tokens, request, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Two years of a 4-day programme: 6 exercises × 4 sets, past sets logged. */
function history(athleteId: string, today: string) {
  const start = addDays(today, -7 * WEEKS);
  const workouts = [];
  for (let w = 0; w < WEEKS; w++) {
    for (const [k, d] of DAYS.entries()) {
      const date = addDays(start, 7 * w + d);
      const past = date < today;
      const exercises = Array.from({ length: 6 }, (_, e) => ({
        exercise_name: LIFTS[(k * 3 + e) % LIFTS.length],
        sets: Array.from({ length: 4 }, (_, s) => {
          const planned = { type: 'standard', reps: 5 + (s % 3), load: 95 + 5 * ((w + e) % 30) };
          return past ? { ...planned, actual: { reps: planned.reps, load: planned.load } } : planned;
        }),
      }));
      workouts.push({ user_id: athleteId, date, name: `Day ${k + 1}`, exercises });
    }
  }
  return workouts;
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('calendar-month');
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const athlete = demo.athletes[0];
    const today = new Date().toISOString().slice(0, 10);
    const t0 = performance.now();
    const all = history(athlete.id, today);
    let checkpoint = '';
    for (let i = 0; i < all.length; i += 100) {
      const r = await request('POST', '/api/manage-workouts', { workouts: all.slice(i, i + 100) }, coach);
      if (r.status !== 201) throw new Error(`bulk create: ${r.status} ${r.text}`);
      checkpoint = (r.body as { checkpoint: string }).checkpoint;
    }
    await server.platform.runner.waitFor(checkpoint, undefined, 120_000);
    log(`  ${all.length} workouts (${all.length * 24} sets) of history planned and projected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Months of the two years, each asked as the calendar asks: first to last day.
    const months: { from: string; to: string }[] = [];
    for (let m = 0; m < 24; m++) {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - m);
      const from = d.toISOString().slice(0, 10);
      d.setUTCMonth(d.getUTCMonth() + 1, 0);
      months.push({ from, to: d.toISOString().slice(0, 10) });
    }
    // Interleaved with GET /api/profile (same auth path, one tiny row): on a busy
    // machine that baseline shows how much of the tail is the machine, not the query.
    const latencies: number[] = [];
    const baseline: number[] = [];
    let bytes = 0;
    let workouts = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const { from, to } = months[Math.floor(Math.random() * months.length)];
      let started = performance.now();
      const r = await request('GET', `/api/manage-workouts?clientId=${athlete.id}&from=${from}&to=${to}`, undefined, coach);
      const elapsed = performance.now() - started;
      if (r.status !== 200) throw new Error(`GET month: ${r.status} ${r.text}`);
      started = performance.now();
      const p = await request('GET', '/api/profile', undefined, coach);
      const profileElapsed = performance.now() - started;
      if (p.status !== 200) throw new Error(`GET profile: ${p.status} ${p.text}`);
      if (i < WARMUP) continue;
      latencies.push(elapsed);
      baseline.push(profileElapsed);
      bytes += r.text.length;
      workouts += (r.body as { workouts: unknown[] }).workouts.length;
    }
    latencies.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const ms = (n: number) => round(n, 2);
    log(`  ${REQUESTS} month queries after ${WARMUP} warm-up: ${round(workouts / REQUESTS, 1)} workouts, ${round(bytes / REQUESTS / 1024, 1)} KiB per answer`);
    log(`  month    p50 ${ms(percentile(latencies, 50))} ms  p95 ${ms(percentile(latencies, 95))} ms  p99 ${ms(percentile(latencies, 99))} ms  max ${ms(latencies.at(-1)!)} ms`);
    log(`  baseline p50 ${ms(percentile(baseline, 50))} ms  p95 ${ms(percentile(baseline, 95))} ms  (GET /api/profile, interleaved)`);
    return {
      calendar_month_p50_ms: ms(percentile(latencies, 50)),
      calendar_month_p95_ms: ms(percentile(latencies, 95)),
      calendar_month_p99_ms: ms(percentile(latencies, 99)),
      calendar_baseline_p95_ms: ms(percentile(baseline, 95)),
    };
  } finally {
    await bench.close();
  }
}
