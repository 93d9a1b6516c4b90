/**
 * The load client of the HTTP throughput benchmarks, in its own process (forked by
 * http_commands.ts) so that sending requests does not take CPU from the server's
 * event loop. Closed loop: each client sends its next command when the previous one
 * is answered. It tells the parent when the measured window starts and ends, then
 * sends its counts.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { httpJson } from './lib.ts';

export interface LoadClient {
  token: string;
  userId: string;
  workoutIds: string[];
}

export interface LoadPlan {
  base: string;
  kind: 'profile' | 'training';
  clients: LoadClient[];
  warmupMs: number;
  measureMs: number;
}

export interface LoadResult {
  ok: number;
  byStatus: Record<string, number>;
  latenciesMs: number[];
  firstError: string | null;
}

const today = new Date().toISOString().slice(0, 10);
const workout = (userId: string, n: number) => ({
  user_id: userId,
  date: today,
  name: `Load ${n}`,
  exercises: Array.from({ length: 3 }, (_, e) => ({ exercise_name: `Lift ${e + 1}`, sets: Array.from({ length: 4 }, () => ({ reps: 5, load: 100 })) })),
});

async function runPlan(plan: LoadPlan): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: plan.clients.length + 4 });
  const base = new URL(plan.base);
  const start = performance.now();
  const from = start + plan.warmupMs;
  const to = from + plan.measureMs;
  const result: LoadResult = { ok: 0, byStatus: {}, latenciesMs: [], firstError: null };
  let startedSent = false;
  const tick = setInterval(() => {
    const now = performance.now();
    if (!startedSent && now >= from) {
      startedSent = true;
      process.send?.({ type: 'measure-start' });
    }
  }, 1);
  await Promise.all(
    plan.clients.map(async (c, k) => {
      let n = 0;
      while (performance.now() < to) {
        n++;
        const roll = (n * 7 + k) % 10; // 60% actuals, 20% revisions, 20% creations
        const wid = c.workoutIds[n % c.workoutIds.length];
        const sentAt = performance.now();
        let r: { status: number; body: unknown; text: string };
        try {
          if (plan.kind === 'profile') r = await httpJson(agent, base, 'PUT', '/api/profile', { displayName: `n${k}-${n}` }, c.token);
          else if (roll < 6) {
            r = await httpJson(
              agent,
              base,
              'POST',
              `/api/athlete/workouts/${wid}/actuals`,
              { exerciseIndex: n % 3, setIndex: (n >> 2) % 4, actual: { reps: 5, load: 100 + (n % 50) } },
              c.token,
            );
          } else if (roll < 8) r = await httpJson(agent, base, 'PUT', '/api/manage-workouts', { workoutId: wid, workout: workout(c.userId, n) }, c.token);
          else {
            r = await httpJson(agent, base, 'POST', '/api/manage-workouts', { workout: workout(c.userId, n) }, c.token);
            const id = (r.body as { id?: string }).id;
            if (id && c.workoutIds.length < 50) c.workoutIds.push(id);
          }
        } catch (e) {
          r = { status: -1, body: null, text: (e as Error).message };
        }
        const doneAt = performance.now();
        if (sentAt >= from && doneAt < to) {
          const key = String(r.status);
          result.byStatus[key] = (result.byStatus[key] ?? 0) + 1;
          if (r.status >= 200 && r.status < 300) {
            result.ok++;
            result.latenciesMs.push(doneAt - sentAt);
          } else result.firstError ??= `${r.status} ${r.text.slice(0, 200)}`;
        }
      }
    }),
  );
  clearInterval(tick);
  process.send?.({ type: 'measure-end' });
  agent.destroy();
  return result;
}

process.on('message', (plan: LoadPlan) => {
  runPlan(plan).then(
    (result) => process.send?.({ type: 'result', result }, () => process.exit(0)),
    (e) => process.send?.({ type: 'error', error: (e as Error).stack }, () => process.exit(1)),
  );
});
