/**
 * (g) Logged set → coach's editor: athletes POST /api/athlete/workouts/:id/actuals
 * (RecordSetActual → SetActualRecorded; the training projection writes the
 * workout, compliance and records, and notifies `workout:<id>`) at a steady,
 * open-loop 200 sets/s over keep-alive HTTP, spread over the 4 athletes' 10 open
 * workouts (20 sets/s each), while the coach has one websocket per open workout
 * subscribed to it. Ten: the hub keeps at most MAX_SOCKETS_PER_USER sockets per
 * account and closes older ones; with 40 workouts (until 2026-11-30) 30 of the coach's
 * sockets were closed, and three sets in four "had no message". The load client runs in its own process (open-loop-client.ts,
 * which says how latency is measured). Each recording changes the load, so none is a
 * no-op.
 */
import { log } from './lib.ts';
import { startTrainingBench } from './calendar_month.ts';
import type { OpenLoopPlan } from './open-loop-client.ts';
import { forkOpenLoop, reportOpenLoop } from './open-loop.ts';
import { MAX_SOCKETS_PER_USER } from '../src/platform/realtime/hub.ts';

const RATE = Number(process.env.BENCH_SET_RATE ?? 200);
const WARMUP_MS = 2000;
const MEASURE_MS = Number(process.env.BENCH_SET_MS ?? 10_000);
const DRAIN_MS = 5000;
const WORKOUTS = MAX_SOCKETS_PER_USER;

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('set-to-ws');
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const today = new Date().toISOString().slice(0, 10);
    const plan: OpenLoopPlan = { base: server.url, rate: RATE, warmupMs: WARMUP_MS, measureMs: MEASURE_MS, drainMs: DRAIN_MS, body: 'set-actual', targets: [] };
    let last = '';
    for (const [a, athlete] of demo.athletes.entries()) {
      // The workouts shared out over the athletes, the first ones taking the remainder.
      const count = Math.floor(WORKOUTS / demo.athletes.length) + (a < WORKOUTS % demo.athletes.length ? 1 : 0);
      if (count === 0) continue;
      const workouts = Array.from({ length: count }, (_, i) => ({
        user_id: athlete.id,
        date: today,
        name: `Session ${i + 1}`,
        exercises: Array.from({ length: 6 }, (_, e) => ({ exercise_name: `Lift ${e + 1}`, sets: Array.from({ length: 4 }, () => ({ reps: 5, load: 100 })) })),
      }));
      const r = await request('POST', '/api/manage-workouts', { workouts }, coach);
      if (r.status !== 201) throw new Error(`plan: ${r.status} ${r.text}`);
      const body = r.body as { ids: string[]; checkpoint: string };
      last = body.checkpoint;
      for (const id of body.ids) {
        plan.targets.push({ topic: `workout:${id}`, watcherToken: coach, method: 'POST', path: `/api/athlete/workouts/${id}/actuals`, senderToken: tokens.get(athlete.email)! });
      }
    }
    await server.platform.runner.waitFor(last, undefined, 30_000);
    log(`  ${plan.targets.length} workouts open in the coach's editor, one socket each`);

    const result = await forkOpenLoop(server.platform.pool, { load: plan });
    return reportOpenLoop({ latency: 'set_to_ws', short: 'set', noun: 'sets', what: 'set → ws message' }, plan, result);
  } finally {
    await bench.close();
  }
}
