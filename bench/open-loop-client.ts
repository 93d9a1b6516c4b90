/**
 * The load client of the command → websocket benchmarks (cmd_to_ws, set_to_ws,
 * message_to_ws), in its own process so that sending requests and reading sockets
 * never take the server's event loop (issue 16, cause 8).
 *
 * Open loop: request n is due at start + n / rate, whatever the earlier ones are
 * doing, so a client or server falling behind shows up rather than being hidden. A
 * request's latency runs from the moment it was due to the arrival of the first
 * `changed` on its target's socket whose checkpoint is at or past the one the
 * request returned. Notifications go out in commit order with the batch's last
 * checkpoint, so that first message is the one that carries this request's change,
 * even when it arrives before the HTTP response.
 *
 * The parent (open-loop.ts) forks open-loop-child.ts or a benchmark's own client,
 * sends a plan and gets the outcome back; it is told when the measured window starts
 * and ends so that it can count the server's conflicts, retries and connections over
 * the same window.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { httpJson, log, subscribe } from './lib.ts';

/** What a request sends; each changes something, so none is a no-op. */
export type OpenLoopBody = 'profile' | 'set-actual' | 'message' | 'comment';

export interface OpenLoopTarget {
  /** The topic the watcher's socket subscribes to, and that the request must change. */
  topic: string;
  watcherToken: string;
  method: 'PUT' | 'POST';
  path: string;
  senderToken: string;
  /**
   * The sender's refresh token, for a load longer than an access token lives (15 min):
   * the client then renews the sender's access token every few minutes, as the web app
   * does, instead of being answered 401 for the rest of the run.
   */
  refreshToken?: string;
}

export interface OpenLoopPlan {
  base: string;
  rate: number;
  warmupMs: number;
  /** The longest the measured window lasts; the parent may end it sooner (OpenLoopWindow.stopped). */
  measureMs: number;
  drainMs: number;
  body: OpenLoopBody;
  /** Requests go round-robin over the targets. */
  targets: OpenLoopTarget[];
}

export interface OpenLoopOutcome {
  /** Requests due in the measured window. */
  measured: number;
  ok: number;
  /** Answered 200 but no message within the drain time: counted as infinitely slow. */
  unmatched: number;
  byStatus: Record<string, number>;
  firstError: string | null;
  lateSends: number;
  sendSeconds: number;
  /** Answered 200 within the measured window, per second. */
  achievedPerS: number;
  /** Request due → matching websocket message, for the answered requests that got one, ascending. */
  latenciesMs: number[];
  /** Request due → HTTP response, for the answered requests, ascending. */
  httpLatenciesMs: number[];
}

interface Target extends OpenLoopTarget {
  socket: WebSocket;
  /** `changed` messages received: checkpoint and arrival time, in arrival order. */
  changes: { checkpoint: string; at: number }[];
  /** Answered requests still waiting for their message. */
  waiting: Sent[];
}

interface Sent {
  target: Target;
  due: number;
  status?: number;
  respondedAt?: number;
  checkpoint?: string;
  changedAt?: number;
}

function bodyOf(kind: OpenLoopBody, seq: number, targets: number): object {
  switch (kind) {
    case 'profile':
      return { displayName: `n${seq}` };
    case 'message':
      return { content: `Set ${seq}: 5 × 100 kg, felt solid` };
    case 'comment':
      return { commentId: randomUUID(), text: `Set ${seq}: left knee felt it` };
    case 'set-actual': {
      // Walk the 24 sets (6 exercises × 4) of each workout; the load changes on every pass.
      const k = Math.floor(seq / targets);
      return { exerciseIndex: Math.floor(k / 4) % 6, setIndex: k % 4, actual: { reps: 5, load: 100 + Math.floor(k / 24) + 1 } };
    }
  }
}

export interface OpenLoopWindow {
  onStart: () => void;
  onEnd: () => void;
  /**
   * Once true, no request is sent any more and the measured window ends there: a
   * benchmark that measures while something else runs (bench:scale, a rebuild) stops
   * the load when that ends, so that the window holds all of it and nothing after.
   */
  stopped?: () => boolean;
}

/** Subscribes every target's watcher, runs the open loop and waits for the stragglers. */
export async function runOpenLoop(plan: OpenLoopPlan, window: OpenLoopWindow = { onStart: () => {}, onEnd: () => {} }): Promise<OpenLoopOutcome> {
  const base = new URL(plan.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const targets: Target[] = [];
  try {
    for (const t of plan.targets) {
      const target: Target = { ...t, socket: await subscribe(base, t.watcherToken, t.topic), changes: [], waiting: [] };
      target.socket.on('message', (raw) => onMessage(target, (raw as Buffer).toString()));
      targets.push(target);
    }
    log(`  load client (pid ${process.pid}): ${targets.length} sockets subscribed`);

    const sent: Sent[] = [];
    let total = Math.round(((plan.warmupMs + plan.measureMs) / 1000) * plan.rate);
    const start = performance.now();
    const measureFrom = start + plan.warmupMs;
    let measureTo = measureFrom + plan.measureMs;
    let seq = 0;
    let lateSends = 0;
    let firstError: string | null = null;
    const windowTimers = [setTimeout(window.onStart, plan.warmupMs), setTimeout(window.onEnd, plan.warmupMs + plan.measureMs)];
    const renewal = setInterval(() => {
      void renewAccessTokens(agent, base, targets).catch((e: Error) => (firstError ??= `token renewal: ${e.message}`));
    }, RENEW_EVERY_MS);

    const send = (s: Sent, body: object) => {
      httpJson(agent, base, s.target.method, s.target.path, body, s.target.senderToken).then(
        (r) => {
          s.respondedAt = performance.now();
          s.status = r.status;
          const checkpoint = (r.body as { checkpoint?: string | null } | null)?.checkpoint;
          if (r.status !== 200 || !checkpoint) {
            if (r.status !== 200) firstError ??= `${r.status} ${r.text.slice(0, 200)}`;
            return;
          }
          s.checkpoint = checkpoint;
          // The message may already be here (it can beat the HTTP response).
          const hit = s.target.changes.find((c) => c.checkpoint >= checkpoint);
          if (hit) s.changedAt = hit.at;
          else s.target.waiting.push(s);
        },
        (e: Error) => {
          s.respondedAt = performance.now();
          s.status = -1;
          firstError ??= e.message;
        },
      );
    };

    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        if (window.stopped?.() && now < measureTo) {
          total = seq;
          measureTo = Math.max(measureFrom, now);
          windowTimers.forEach(clearTimeout);
          window.onEnd();
        }
        const due = Math.min(total, Math.floor(((now - start) / 1000) * plan.rate) + 1);
        while (seq < due) {
          const s: Sent = { target: targets[seq % targets.length], due: start + (seq * 1000) / plan.rate };
          if (now - s.due > 5) lateSends++;
          sent.push(s);
          send(s, bodyOf(plan.body, seq, targets.length));
          seq++;
        }
        if (seq >= total) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });
    const sendSeconds = (performance.now() - start) / 1000;

    // Let the last requests finish.
    const drainUntil = performance.now() + plan.drainMs;
    while (performance.now() < drainUntil && sent.some((s) => s.status === undefined || (s.status === 200 && s.changedAt === undefined))) {
      await new Promise((r) => setTimeout(r, 20));
    }
    windowTimers.forEach(clearTimeout);
    clearInterval(renewal);

    const measured = sent.filter((s) => s.due >= measureFrom && s.due < measureTo);
    const ok = measured.filter((s) => s.status === 200);
    const byStatus: Record<string, number> = {};
    for (const s of measured) byStatus[String(s.status ?? 'no answer')] = (byStatus[String(s.status ?? 'no answer')] ?? 0) + 1;
    const ascending = (xs: number[]) => xs.sort((a, b) => a - b);
    return {
      measured: measured.length,
      ok: ok.length,
      unmatched: ok.filter((s) => s.changedAt === undefined).length,
      byStatus,
      firstError,
      lateSends,
      sendSeconds,
      achievedPerS: sent.filter((s) => s.status === 200 && s.respondedAt! >= measureFrom && s.respondedAt! < measureTo).length / (Math.max(measureTo - measureFrom, 1) / 1000),
      latenciesMs: ascending(ok.filter((s) => s.changedAt !== undefined).map((s) => s.changedAt! - s.due)),
      httpLatenciesMs: ascending(ok.map((s) => s.respondedAt! - s.due)),
    };
  } finally {
    for (const t of targets) t.socket.terminate();
    agent.destroy();
  }
}

/** Well inside an access token's 15 minutes, so that none is used after it expires. */
const RENEW_EVERY_MS = 5 * 60_000;

/** Renews the access token of every target that holds a refresh token (one at a time: a light trickle). */
async function renewAccessTokens(agent: http.Agent, base: URL, targets: Target[]): Promise<void> {
  for (const t of targets) {
    if (!t.refreshToken) continue;
    const r = await httpJson(agent, base, 'POST', '/api/auth/refresh', { refreshToken: t.refreshToken });
    if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 200)}`);
    const session = r.body as { accessToken: string; refreshToken: string };
    if (t.watcherToken === t.senderToken) t.watcherToken = session.accessToken;
    t.senderToken = session.accessToken;
    t.refreshToken = session.refreshToken;
  }
}

function onMessage(target: Target, raw: string): void {
  let msg: { type?: string; topic?: string; checkpoint?: string };
  try {
    msg = JSON.parse(raw);
  } catch {
    return;
  }
  if (msg.type !== 'changed' || msg.topic !== target.topic || typeof msg.checkpoint !== 'string') return;
  const at = performance.now();
  const checkpoint = msg.checkpoint;
  target.changes.push({ checkpoint, at });
  if (target.waiting.length === 0) return;
  target.waiting = target.waiting.filter((s) => {
    if (s.checkpoint! > checkpoint) return true;
    s.changedAt = at;
    return false;
  });
}

/**
 * Run as a child process: one plan in; the open loop's outcome out, with what `after`
 * measures once the load has stopped (message_to_ws times the conversation list).
 */
export function serveOpenLoop<P extends { load: OpenLoopPlan }, R>(after: (plan: P, outcome: OpenLoopOutcome) => R | Promise<R>): void {
  let stopped = false;
  process.on('message', (m: { type: string }) => void (m.type === 'stop' && (stopped = true)));
  process.once('message', (m: { type: string; plan: P }) => {
    if (m.type !== 'plan') return;
    const window = { onStart: () => process.send!({ type: 'measure-start' }), onEnd: () => process.send!({ type: 'measure-end' }), stopped: () => stopped };
    runOpenLoop(m.plan.load, window)
      .then(async (outcome) => ({ outcome, after: await after(m.plan, outcome) }))
      .then(
        (result) => process.send!({ type: 'result', result }, () => process.exit(0)),
        (e: Error) => process.send!({ type: 'error', error: e.stack ?? e.message }, () => process.exit(1)),
      );
  });
}
