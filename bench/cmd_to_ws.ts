/**
 * (e) Command → websocket latency on the real server: PUT /api/profile (appends
 * ProfileUpdated; the user_profiles projection writes the row and notifies
 * `user:<id>`) at a steady, open-loop 500 commands/s over keep-alive HTTP, round-robin
 * over 20 users, each of whom has a websocket subscribed to `user:<id>`.
 *
 * A command's latency runs from the moment it is due to be sent (so a client or
 * server falling behind shows up rather than being hidden) to the arrival of the
 * first `changed` message on that user's socket whose checkpoint is at or past the
 * checkpoint the PUT returned. Notifications go out in commit order with the batch's
 * last checkpoint, so that first message is the one that carries this command's
 * change, even when it arrives before the HTTP response.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../src/server.ts';
import { benchServerConfig, httpJson, log, percentile, round, startBenchDatabase, subscribe } from './lib.ts';

const USERS = 20;
const RATE = Number(process.env.BENCH_CMD_RATE ?? 500);
const WARMUP_MS = 2000;
const MEASURE_MS = Number(process.env.BENCH_CMD_MS ?? 10_000);
const DRAIN_MS = 5000;
const PASSWORD = 'bench-password-1';

interface User {
  id: string;
  email: string;
  accessToken: string;
  socket: WebSocket;
  /** `changed` messages received: checkpoint and arrival time, in arrival order. */
  changes: { checkpoint: string; at: number }[];
  /** Answered commands still waiting for their message. */
  waiting: Command[];
}

interface Command {
  user: User;
  due: number;
  status?: number;
  respondedAt?: number;
  checkpoint?: string;
  changedAt?: number;
}

export async function run(): Promise<Record<string, number>> {
  const db = await startBenchDatabase('cmd-to-ws');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-server-'));
  let server: RunningServer | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const users: User[] = [];
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
    await inBatches(emails, 5, async (email) => {
      const c = await request('GET', `/api/confirm-email?token=${encodeURIComponent(tokens.get(email)!)}`);
      if (c.status !== 200) throw new Error(`confirm ${email}: ${c.status} ${JSON.stringify(c.body)}`);
      const s = await request('POST', '/api/auth/signin', { email, password: PASSWORD });
      if (s.status !== 200) throw new Error(`signin ${email}: ${s.status} ${JSON.stringify(s.body)}`);
      const session = s.body as { accessToken: string; user: { id: string } };
      const socket = await subscribe(base, session.accessToken, `user:${session.user.id}`);
      const user: User = { id: session.user.id, email, accessToken: session.accessToken, socket, changes: [], waiting: [] };
      socket.on('message', (raw) => onMessage(user, (raw as Buffer).toString()));
      users.push(user);
    });
    log(`  ${USERS} users signed up, confirmed, signed in and subscribed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Open loop: command n is due at start + n / RATE, whatever the earlier ones are doing.
    const commands: Command[] = [];
    const total = Math.round(((WARMUP_MS + MEASURE_MS) / 1000) * RATE);
    const start = performance.now();
    let seq = 0;
    let lateSends = 0;
    let firstError: string | undefined;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - start) / 1000) * RATE) + 1);
        while (seq < due) {
          const user = users[seq % users.length];
          const cmd: Command = { user, due: start + (seq * 1000) / RATE };
          if (now - cmd.due > 5) lateSends++;
          commands.push(cmd);
          send(cmd, `n${seq}`);
          seq++;
        }
        if (seq >= total) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });
    const sendSeconds = (performance.now() - start) / 1000;

    function send(cmd: Command, name: string): void {
      request('PUT', '/api/profile', { displayName: name }, cmd.user.accessToken).then(
        (r) => {
          cmd.respondedAt = performance.now();
          cmd.status = r.status;
          if (r.status !== 200) {
            firstError ??= `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`;
            return;
          }
          const checkpoint = (r.body as { checkpoint: string | null }).checkpoint;
          if (!checkpoint) return;
          cmd.checkpoint = checkpoint;
          // The message may already be here (it can beat the HTTP response).
          const hit = cmd.user.changes.find((c) => c.checkpoint >= checkpoint);
          if (hit) cmd.changedAt = hit.at;
          else cmd.user.waiting.push(cmd);
        },
        (e: Error) => {
          cmd.respondedAt = performance.now();
          cmd.status = -1;
          firstError ??= e.message;
        },
      );
    }

    // Let the last commands finish.
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && commands.some((c) => c.status === undefined || (c.status === 200 && c.changedAt === undefined))) {
      await new Promise((r) => setTimeout(r, 20));
    }

    const measureFrom = start + WARMUP_MS;
    const measureTo = measureFrom + MEASURE_MS;
    const measured = commands.filter((c) => c.due >= measureFrom && c.due < measureTo);
    const ok = measured.filter((c) => c.status === 200);
    const failed = measured.length - ok.length;
    const statuses = new Map<string, number>();
    for (const c of measured) if (c.status !== 200) statuses.set(String(c.status ?? 'no answer'), (statuses.get(String(c.status ?? 'no answer')) ?? 0) + 1);
    const unmatched = ok.filter((c) => c.changedAt === undefined).length;
    // A command whose message never came counts as infinitely slow, never as skipped.
    const latencies = ok.map((c) => (c.changedAt === undefined ? Infinity : c.changedAt - c.due)).sort((a, b) => a - b);
    const completedInWindow = commands.filter((c) => c.status === 200 && c.respondedAt! >= measureFrom && c.respondedAt! < measureTo).length;
    const achieved = completedInWindow / (MEASURE_MS / 1000);
    const httpLatencies = ok.map((c) => c.respondedAt! - c.due).sort((a, b) => a - b);
    const ms = (n: number) => (Number.isFinite(n) ? round(n, 1) : -1);

    log(
      `  offered ${RATE}/s for ${(WARMUP_MS + MEASURE_MS) / 1000} s (sent in ${sendSeconds.toFixed(1)} s, ${lateSends} sends >5 ms late); measured ${measured.length} commands after a ${WARMUP_MS / 1000} s warm-up`,
    );
    log(`  HTTP response     p50 ${ms(percentile(httpLatencies, 50))} ms  p95 ${ms(percentile(httpLatencies, 95))} ms  p99 ${ms(percentile(httpLatencies, 99))} ms`);
    log(
      `  command → ws msg  p50 ${ms(percentile(latencies, 50))} ms  p95 ${ms(percentile(latencies, 95))} ms  p99 ${ms(percentile(latencies, 99))} ms  max ${ms(latencies[latencies.length - 1] ?? NaN)} ms`,
    );
    if (statuses.size) log(`  failures by status: ${[...statuses].map(([k, v]) => `${k}: ${v}`).join(', ')}${firstError ? `; first: ${firstError}` : ''}`);
    log(`  ${ok.length} ok, ${failed} failed, ${unmatched} without a websocket message within ${DRAIN_MS / 1000} s; ${round(achieved, 1)} commands/s completed in the window`);

    return {
      cmd_to_ws_p50_ms: ms(percentile(latencies, 50)),
      cmd_to_ws_p95_ms: ms(percentile(latencies, 95)),
      cmd_to_ws_p99_ms: ms(percentile(latencies, 99)),
      cmd_achieved_per_s: round(achieved, 1),
      cmd_failed: failed + unmatched,
    };
  } finally {
    closing = true;
    for (const u of users) u.socket.terminate();
    agent.destroy();
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

function onMessage(user: User, raw: string): void {
  let msg: { type?: string; topic?: string; checkpoint?: string };
  try {
    msg = JSON.parse(raw);
  } catch {
    return;
  }
  if (msg.type !== 'changed' || msg.topic !== `user:${user.id}` || typeof msg.checkpoint !== 'string') return;
  const at = performance.now();
  const checkpoint = msg.checkpoint;
  user.changes.push({ checkpoint, at });
  if (user.waiting.length === 0) return;
  user.waiting = user.waiting.filter((c) => {
    if (c.checkpoint! > checkpoint) return true;
    c.changedAt = at;
    return false;
  });
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
