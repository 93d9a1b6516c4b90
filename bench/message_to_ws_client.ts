/**
 * The load client of message_to_ws.ts, in its own process: websockets of the 50
 * recipients, the open-loop sender, and the conversation-list timing. It gets its plan
 * over IPC and sends back the figures.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { httpJson, log, percentile, round, subscribe } from './lib.ts';
import type { ClientPlan } from './message_to_ws.ts';

interface Live {
  conversationId: string;
  socket: WebSocket;
  changes: { checkpoint: string; at: number }[];
  waiting: Sent[];
}

interface Sent {
  live: Live;
  due: number;
  status?: number;
  respondedAt?: number;
  checkpoint?: string;
  changedAt?: number;
}

const ms = (n: number) => (Number.isFinite(n) ? round(n, 1) : -1);

async function main(plan: ClientPlan): Promise<Record<string, number>> {
  const base = new URL(plan.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const request = (method: string, url: string, body?: unknown, token?: string) => httpJson(agent, base, method, url, body, token);
  const lives: Live[] = [];
  try {
    for (const l of plan.live) {
      const topic = `conversation:${l.conversationId}`;
      const live: Live = { conversationId: l.conversationId, socket: await subscribe(base, l.recipientToken, topic), changes: [], waiting: [] };
      live.socket.on('message', (raw) => onMessage(live, raw.toString()));
      lives.push(live);
    }
    log(`  load client (pid ${process.pid}): ${lives.length} recipients subscribed to their conversation`);

    const sent: Sent[] = [];
    const total = Math.round(((plan.warmupMs + plan.measureMs) / 1000) * plan.rate);
    const start = performance.now();
    let seq = 0;
    let lateSends = 0;
    let firstError: string | undefined;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - start) / 1000) * plan.rate) + 1);
        while (seq < due) {
          const msg: Sent = { live: lives[seq % lives.length]!, due: start + (seq * 1000) / plan.rate };
          if (now - msg.due > 5) lateSends++;
          sent.push(msg);
          send(msg, `Set ${seq}: 5 × 100 kg, felt solid`);
          seq++;
        }
        if (seq >= total) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });

    function send(msg: Sent, content: string): void {
      request('POST', `/api/conversations/${msg.live.conversationId}/messages`, { content }, plan.senderToken).then(
        (r) => {
          msg.respondedAt = performance.now();
          msg.status = r.status;
          const checkpoint = (r.body as { checkpoint?: string | null }).checkpoint;
          if (r.status !== 200 || !checkpoint) {
            firstError ??= `${r.status} ${r.text.slice(0, 200)}`;
            return;
          }
          msg.checkpoint = checkpoint;
          const hit = msg.live.changes.find((c) => c.checkpoint >= checkpoint);
          if (hit) msg.changedAt = hit.at;
          else msg.live.waiting.push(msg);
        },
        (e: Error) => {
          msg.respondedAt = performance.now();
          msg.status = -1;
          firstError ??= e.message;
        },
      );
    }

    const drainUntil = performance.now() + plan.drainMs;
    while (performance.now() < drainUntil && sent.some((s) => s.status === undefined || (s.status === 200 && s.changedAt === undefined))) {
      await new Promise((r) => setTimeout(r, 20));
    }

    const measureFrom = start + plan.warmupMs;
    const measureTo = measureFrom + plan.measureMs;
    const measured = sent.filter((s) => s.due >= measureFrom && s.due < measureTo);
    const ok = measured.filter((s) => s.status === 200);
    const unmatched = ok.filter((s) => s.changedAt === undefined).length;
    const latencies = ok.map((s) => (s.changedAt === undefined ? Infinity : s.changedAt - s.due)).sort((a, b) => a - b);
    const httpLatencies = ok.map((s) => s.respondedAt! - s.due).sort((a, b) => a - b);
    const achieved = sent.filter((s) => s.status === 200 && s.respondedAt! >= measureFrom && s.respondedAt! < measureTo).length / (plan.measureMs / 1000);
    log(`  offered ${plan.rate}/s over ${lives.length} conversations for ${(plan.warmupMs + plan.measureMs) / 1000} s (${lateSends} sends >5 ms late); measured ${measured.length} messages after a ${plan.warmupMs / 1000} s warm-up`);
    log(`  HTTP response       p50 ${ms(percentile(httpLatencies, 50))} ms  p95 ${ms(percentile(httpLatencies, 95))} ms  p99 ${ms(percentile(httpLatencies, 99))} ms`);
    log(`  message → ws msg    p50 ${ms(percentile(latencies, 50))} ms  p95 ${ms(percentile(latencies, 95))} ms  p99 ${ms(percentile(latencies, 99))} ms  max ${ms(latencies.at(-1) ?? NaN)} ms`);
    log(`  ${ok.length} ok, ${measured.length - ok.length} failed${firstError ? ` (first: ${firstError})` : ''}, ${unmatched} without a message within ${plan.drainMs / 1000} s; ${round(achieved, 1)} messages/s completed in the window`);

    // The conversation list of the user with 200 conversations, the load stopped.
    // Interleaved with GET /api/profile (same auth path, one tiny row): on a busy machine
    // that baseline shows how much of the tail is the machine rather than the query.
    const listTimes: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < plan.listWarmup + plan.listRequests; i++) {
      const b0 = performance.now();
      const p = await request('GET', '/api/profile', undefined, plan.senderToken);
      if (p.status !== 200) throw new Error(`profile: ${p.status}`);
      if (i >= plan.listWarmup) baseline.push(performance.now() - b0);
      const t0 = performance.now();
      const r = await request('GET', '/api/conversations', undefined, plan.senderToken);
      const took = performance.now() - t0;
      const count = (r.body as { conversations?: unknown[] }).conversations?.length;
      if (r.status !== 200 || count !== plan.expectedConversations) throw new Error(`conversation list: ${r.status}, ${count} conversations (expected ${plan.expectedConversations})`);
      if (i >= plan.listWarmup) listTimes.push(took);
    }
    listTimes.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    log(`  GET /api/conversations (${plan.expectedConversations} conversations) p50 ${ms(percentile(listTimes, 50))} ms  p95 ${ms(percentile(listTimes, 95))} ms  max ${ms(listTimes.at(-1) ?? NaN)} ms over ${listTimes.length} requests; baseline GET /api/profile p50 ${ms(percentile(baseline, 50))} ms  p95 ${ms(percentile(baseline, 95))} ms`);

    return {
      message_to_ws_p50_ms: ms(percentile(latencies, 50)),
      message_to_ws_p95_ms: ms(percentile(latencies, 95)),
      message_to_ws_p99_ms: ms(percentile(latencies, 99)),
      message_achieved_per_s: round(achieved, 1),
      message_failed: measured.length - ok.length + unmatched,
      conversation_list_p50_ms: ms(percentile(listTimes, 50)),
      conversation_list_p95_ms: ms(percentile(listTimes, 95)),
      conversation_list_baseline_p95_ms: ms(percentile(baseline, 95)),
    };
  } finally {
    for (const l of lives) l.socket.terminate();
    agent.destroy();
  }
}

function onMessage(live: Live, raw: string): void {
  let msg: { type?: string; topic?: string; checkpoint?: string };
  try {
    msg = JSON.parse(raw);
  } catch {
    return;
  }
  if (msg.type !== 'changed' || msg.topic !== `conversation:${live.conversationId}` || typeof msg.checkpoint !== 'string') return;
  const at = performance.now();
  const checkpoint = msg.checkpoint;
  live.changes.push({ checkpoint, at });
  live.waiting = live.waiting.filter((s) => {
    if (s.checkpoint! > checkpoint) return true;
    s.changedAt = at;
    return false;
  });
}

process.once('message', (m: { type: string; plan: ClientPlan }) => {
  if (m.type !== 'plan') return;
  main(m.plan).then(
    (figures) => process.send!({ type: 'figures', figures }, () => process.exit(0)),
    (e: Error) => process.send!({ type: 'error', error: e.stack ?? e.message }, () => process.exit(1)),
  );
});
