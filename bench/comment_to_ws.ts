/**
 * Workout comment → the other side's open screen: athletes POST
 * /api/workouts/:id/comments (PostWorkoutComment → WorkoutCommentPosted; the comments
 * projection writes the thread and notifies `comments:<id>`) at a steady, open-loop
 * 100 comments/s over keep-alive HTTP, spread over 10 workouts of 4 athletes, while
 * the coach has one websocket per workout subscribed to its thread (10: the hub keeps
 * at most MAX_SOCKETS_PER_USER sockets per account and closes older ones). The method is
 * set_to_ws's: the load client runs in its own process (open-loop-client.ts says how
 * latency is measured), and each post carries a fresh comment id, so none is a no-op.
 */
import { log } from './lib.ts';
import { startTrainingBench } from './calendar_month.ts';
import type { OpenLoopPlan } from './open-loop-client.ts';
import { forkOpenLoop, reportOpenLoop } from './open-loop.ts';
import { MAX_SOCKETS_PER_USER } from '../src/platform/realtime/hub.ts';

const RATE = Number(process.env.BENCH_COMMENT_RATE ?? 100);
const WARMUP_MS = 2000;
const MEASURE_MS = Number(process.env.BENCH_COMMENT_MS ?? 10_000);
const DRAIN_MS = 5000;
const THREADS = MAX_SOCKETS_PER_USER;

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('comment-to-ws');
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const today = new Date().toISOString().slice(0, 10);
    const plan: OpenLoopPlan = { base: server.url, rate: RATE, warmupMs: WARMUP_MS, measureMs: MEASURE_MS, drainMs: DRAIN_MS, body: 'comment', targets: [] };
    let last = '';
    for (const [a, athlete] of demo.athletes.entries()) {
      // The threads shared out over the athletes, the first ones taking the remainder.
      const count = Math.floor(THREADS / demo.athletes.length) + (a < THREADS % demo.athletes.length ? 1 : 0);
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
        plan.targets.push({ topic: `comments:${id}`, watcherToken: coach, method: 'POST', path: `/api/workouts/${id}/comments`, senderToken: tokens.get(athlete.email)! });
      }
    }
    await server.platform.runner.waitFor(last, undefined, 30_000);
    log(`  ${plan.targets.length} workout threads open in the coach's editor, one socket each`);

    const result = await forkOpenLoop(server.platform.pool, { load: plan });
    return reportOpenLoop({ latency: 'comment_to_ws', short: 'comment', noun: 'comments', what: 'comment → ws msg' }, plan, result);
  } finally {
    await bench.close();
  }
}
