/**
 * (h) Message → recipient's websocket, and the conversation list.
 *
 * The real server (`startServer`, port 0 on 127.0.0.1, rate limits ×1000, outbox mail)
 * on its own database. 201 users sign up, confirm and sign in; the coach-like user M
 * connects with the other 200 (request + accept) and starts a conversation with each
 * (with an initial message), so M has 200 conversations.
 *
 * The load client runs in its own process (message_to_ws_client.ts, on
 * open-loop-client.ts, which says how latency is measured), so its event loop never
 * competes with the server's: it opens one websocket per recipient of the first 50
 * conversations, subscribed to `conversation:<id>`, then M sends
 * `POST /api/conversations/:id/messages` open-loop at 100 messages/s round-robin over
 * those 50 conversations (2 s warm-up + 10 s measured). Then, with the load stopped, `GET /api/conversations` as M (200 conversations, each with the other's
 * name, last message and unread count): 30 warm-up requests, then 300 timed, one at a time.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, type RunningServer } from '../src/server.ts';
import { confirmationTokens, inBatches } from './cmd_to_ws.ts';
import { conversationListQuery, conversationsOf } from '../src/messaging/queries.ts';
import { benchServerConfig, httpJson, log, percentile, round, startBenchDatabase } from './lib.ts';
import type { OpenLoopPlan } from './open-loop-client.ts';
import { forkOpenLoop, reportOpenLoop } from './open-loop.ts';

const CONVERSATIONS = 200;
const LIVE_CONVERSATIONS = 50;
const PASSWORD = 'bench-password-1';

export interface ClientPlan {
  load: OpenLoopPlan;
  /** M's: the conversation list is M's. */
  senderToken: string;
  listRequests: number;
  listWarmup: number;
  expectedConversations: number;
}

export async function run(): Promise<Record<string, number>> {
  const db = await startBenchDatabase('message-to-ws');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-server-'));
  let server: RunningServer | null = null;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  let closing = false;
  try {
    const config = benchServerConfig(db.url, tmp, { SPOTTER_DEMO: '0' });
    server = await startServer(config, { rateLimitScale: 1000, log: (m) => closing || console.error(`  [server] ${m}`) });
    const runner = server.platform.runner;
    const base = new URL(server.url);
    const request = async (method: string, url: string, body?: unknown, token?: string) => {
      const r = await httpJson(agent, base, method, url, body, token);
      if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.text.slice(0, 200)}`);
      return r.body as Record<string, any>;
    };

    const t0 = performance.now();
    const emails = Array.from({ length: CONVERSATIONS + 1 }, (_, k) => `bench.chat${k}@example.test`);
    await inBatches(emails, 8, async (email, k) => {
      await request('POST', '/api/auth/signup', { fullName: k === 0 ? 'Bench Coach' : `Bench Athlete ${k}`, email, password: PASSWORD, accessCode: config.signupAccessCode });
    });
    const confirmTokens = await confirmationTokens(config.outboxDir, emails, 120_000);
    const sessions = new Map<string, { token: string; id: string }>();
    await inBatches(emails, 8, async (email) => {
      await request('GET', `/api/confirm-email?token=${encodeURIComponent(confirmTokens.get(email)!)}`);
      const s = await request('POST', '/api/auth/signin', { email, password: PASSWORD });
      sessions.set(email, { token: s.accessToken, id: s.user.id });
    });
    const me = sessions.get(emails[0])!;
    const others = emails.slice(1).map((e) => ({ email: e, ...sessions.get(e)! }));
    log(`  ${emails.length} users signed up, confirmed and signed in in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const t1 = performance.now();
    let last = '';
    await inBatches(others, 10, async (o) => {
      const asked = await request('POST', '/api/rpc/send_connection_request', { recipient_email: o.email }, me.token);
      await runner.waitFor(asked.checkpoint, undefined, 30_000);
      await request('POST', '/api/rpc/respond_to_connection_request', { connection_id_param: asked.connection_id, response: 'accept' }, o.token);
    });
    const head = await server.platform.store.headCheckpoint();
    if (head) await runner.waitFor(head, undefined, 60_000);
    const conversationIds = new Map<string, string>();
    await inBatches(others, 10, async (o) => {
      const started = await request('POST', '/api/conversations', { other_user_id: o.id, initial_message: `Welcome, ${o.email}` }, me.token);
      conversationIds.set(o.id, started.id);
      if (started.checkpoint > last) last = started.checkpoint;
    });
    await runner.waitFor(last, undefined, 60_000);
    log(`  ${CONVERSATIONS} connections and conversations (each with a first message) in ${((performance.now() - t1) / 1000).toFixed(1)} s`);

    const plan: ClientPlan = {
      load: {
        base: server.url,
        rate: Number(process.env.BENCH_MESSAGE_RATE ?? 100),
        warmupMs: 2000,
        measureMs: Number(process.env.BENCH_MESSAGE_MS ?? 10_000),
        drainMs: 5000,
        body: 'message',
        targets: others.slice(0, LIVE_CONVERSATIONS).map((o) => {
          const id = conversationIds.get(o.id)!;
          return { topic: `conversation:${id}`, watcherToken: o.token, method: 'POST', path: `/api/conversations/${id}/messages`, senderToken: me.token };
        }),
      },
      senderToken: me.token,
      listRequests: 300,
      listWarmup: 30,
      expectedConversations: CONVERSATIONS,
    };
    const result = await forkOpenLoop<ClientPlan, Record<string, number>>(server.platform.pool, plan, './message_to_ws_client.ts');
    const figures = {
      ...reportOpenLoop({ latency: 'message_to_ws', short: 'message', noun: 'messages', what: 'message → ws msg' }, plan.load, result),
      ...result.after,
    };
    // The list's query alone, in process (no HTTP, no auth): what the database and the
    // mapping cost, apart from the machine's scheduling of the request.
    const queryTimes: number[] = [];
    for (let i = 0; i < 330; i++) {
      const q0 = performance.now();
      const list = await conversationsOf(server.platform.pool, me.id);
      if (i >= 30) queryTimes.push(performance.now() - q0);
      if (list.length !== CONVERSATIONS) throw new Error(`conversationsOf: ${list.length} conversations`);
    }
    queryTimes.sort((a, b) => a - b);
    // The database's own execution time of that query (no network, no Node).
    const q = conversationListQuery(me.id);
    const explained: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { rows } = await server.platform.pool.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`, q.values);
      explained.push(rows[0]['QUERY PLAN'][0]['Execution Time']);
    }
    explained.sort((a, b) => a - b);
    log(
      `  conversationsOf() in process p50 ${round(percentile(queryTimes, 50), 1)} ms  p95 ${round(percentile(queryTimes, 95), 1)} ms; its SQL executes in p50 ${round(percentile(explained, 50), 2)} ms (EXPLAIN ANALYZE)`,
    );
    return { ...figures, conversation_list_query_p95_ms: round(percentile(queryTimes, 95), 1), conversation_list_sql_p50_ms: round(percentile(explained, 50), 2) };
  } finally {
    closing = true;
    agent.destroy();
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
