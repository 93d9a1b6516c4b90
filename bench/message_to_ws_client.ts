/**
 * The load client of message_to_ws.ts, in its own process: the open loop of messages
 * (open-loop-client.ts), then, with the load stopped, the conversation-list timing.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { httpJson, log, percentile, round } from './lib.ts';
import { serveOpenLoop } from './open-loop-client.ts';
import type { ClientPlan } from './message_to_ws.ts';

const ms = (n: number) => (Number.isFinite(n) ? round(n, 1) : -1);

/**
 * The conversation list of the user with 200 conversations. Interleaved with GET
 * /api/profile (same auth path, one tiny row): on a busy machine that baseline shows
 * how much of the tail is the machine rather than the query.
 */
async function timeConversationList(plan: ClientPlan): Promise<Record<string, number>> {
  const base = new URL(plan.load.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const request = (method: string, url: string) => httpJson(agent, base, method, url, undefined, plan.senderToken);
  try {
    const listTimes: number[] = [];
    const baseline: number[] = [];
    for (let i = 0; i < plan.listWarmup + plan.listRequests; i++) {
      const b0 = performance.now();
      const p = await request('GET', '/api/profile');
      if (p.status !== 200) throw new Error(`profile: ${p.status}`);
      if (i >= plan.listWarmup) baseline.push(performance.now() - b0);
      const t0 = performance.now();
      const r = await request('GET', '/api/conversations');
      const took = performance.now() - t0;
      const count = (r.body as { conversations?: unknown[] }).conversations?.length;
      if (r.status !== 200 || count !== plan.expectedConversations)
        throw new Error(`conversation list: ${r.status}, ${count} conversations (expected ${plan.expectedConversations})`);
      if (i >= plan.listWarmup) listTimes.push(took);
    }
    listTimes.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    log(
      `  GET /api/conversations (${plan.expectedConversations} conversations) p50 ${ms(percentile(listTimes, 50))} ms  p95 ${ms(percentile(listTimes, 95))} ms  max ${ms(listTimes.at(-1) ?? NaN)} ms over ${listTimes.length} requests; baseline GET /api/profile p50 ${ms(percentile(baseline, 50))} ms  p95 ${ms(percentile(baseline, 95))} ms`,
    );
    return {
      conversation_list_p50_ms: ms(percentile(listTimes, 50)),
      conversation_list_p95_ms: ms(percentile(listTimes, 95)),
      conversation_list_baseline_p95_ms: ms(percentile(baseline, 95)),
    };
  } finally {
    agent.destroy();
  }
}

serveOpenLoop<ClientPlan, Record<string, number>>((plan) => timeConversationList(plan));
