/**
 * (e) Command → websocket latency on the real server: PUT /api/profile (appends
 * ProfileUpdated; the user_profiles projection writes the row and notifies
 * `user:<id>`) at a steady, open-loop 500 commands/s over keep-alive HTTP, round-robin
 * over 20 users, each of whom has a websocket subscribed to `user:<id>`. The load
 * client runs in its own process (open-loop-client.ts, which says how latency is
 * measured).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../src/server.ts';
import { benchServerConfig, httpJson, log, startBenchDatabase } from './lib.ts';
import type { OpenLoopPlan } from './open-loop-client.ts';
import { forkOpenLoop, reportOpenLoop } from './open-loop.ts';

const USERS = 20;
const RATE = Number(process.env.BENCH_CMD_RATE ?? 500);
const WARMUP_MS = 2000;
const MEASURE_MS = Number(process.env.BENCH_CMD_MS ?? 10_000);
const DRAIN_MS = 5000;
const PASSWORD = 'bench-password-1';

export async function run(): Promise<Record<string, number>> {
  const db = await startBenchDatabase('cmd-to-ws');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-server-'));
  let server: RunningServer | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let closing = false;
  try {
    // An empty database stays empty: no demo data competing with the measurement.
    const config = benchServerConfig(db.url, tmp, { SPOTTER_DEMO: '0' });
    server = await startServer(config, {
      rateLimitScale: 1000,
      // Once closing, the pool's goodbyes from the stopping database are expected.
      log: (m) => closing || console.error(`  [server] ${m}`),
    });
    const base = new URL(server.url);
    const request = (method: string, url: string, body?: unknown, token?: string) => httpJson(agent, base, method, url, body, token);

    // Accounts: sign up with the access code, confirm through the outboxed link, sign in.
    const t0 = performance.now();
    const emails = Array.from({ length: USERS }, (_, k) => `bench.user${k}@example.test`);
    await inBatches(emails, 5, async (email, k) => {
      const r = await request('POST', '/api/auth/signup', { fullName: `Bench User ${k}`, email, password: PASSWORD, accessCode: config.signupAccessCode });
      if (r.status !== 201) throw new Error(`signup ${email}: ${r.status} ${JSON.stringify(r.body)}`);
    });
    const tokens = await confirmationTokens(config.outboxDir, emails, 30_000);
    const plan: OpenLoopPlan = { base: server.url, rate: RATE, warmupMs: WARMUP_MS, measureMs: MEASURE_MS, drainMs: DRAIN_MS, body: 'profile', targets: [] };
    await inBatches(emails, 5, async (email) => {
      const c = await request('GET', `/api/confirm-email?token=${encodeURIComponent(tokens.get(email)!)}`);
      if (c.status !== 200) throw new Error(`confirm ${email}: ${c.status} ${JSON.stringify(c.body)}`);
      const s = await request('POST', '/api/auth/signin', { email, password: PASSWORD });
      if (s.status !== 200) throw new Error(`signin ${email}: ${s.status} ${JSON.stringify(s.body)}`);
      const session = s.body as { accessToken: string; user: { id: string } };
      plan.targets.push({ topic: `user:${session.user.id}`, watcherToken: session.accessToken, method: 'PUT', path: '/api/profile', senderToken: session.accessToken });
    });
    log(`  ${USERS} users signed up, confirmed and signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s; each one's own socket watches user:<id>`);

    const result = await forkOpenLoop(server.platform.pool, { load: plan });
    return reportOpenLoop({ latency: 'cmd_to_ws', short: 'cmd', noun: 'commands', what: 'command → ws msg' }, plan, result);
  } finally {
    closing = true;
    agent.destroy();
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

export async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map((item, k) => fn(item, i + k)));
  }
}

/** Waits for each address's confirmation mail in the outbox folder and takes the token from its link. */
export async function confirmationTokens(outboxDir: string, emails: string[], timeoutMs: number): Promise<Map<string, string>> {
  const wanted = new Set(emails);
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const deadline = Date.now() + timeoutMs;
  while (found.size < wanted.size) {
    if (Date.now() > deadline) throw new Error(`confirmation mails missing after ${timeoutMs} ms for ${[...wanted].filter((e) => !found.has(e)).join(', ')}`);
    const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith('.json') || name.startsWith('.') || seen.has(name)) continue;
      seen.add(name);
      const mail = JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8')) as { to: string; html?: string; text?: string };
      const token = /confirm\?token=([A-Za-z0-9_\-.~%]+)/.exec(`${mail.text ?? ''} ${mail.html ?? ''}`)?.[1];
      if (token && wanted.has(mail.to)) found.set(mail.to, decodeURIComponent(token));
    }
    if (found.size < wanted.size) await new Promise((r) => setTimeout(r, 50));
  }
  return found;
}
