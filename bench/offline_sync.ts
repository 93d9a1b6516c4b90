/**
 * Gym mode, the server's side of a reconnect: an athlete's phone comes back online
 * with 100 queued set actuals (each with its own command id in `Idempotency-Key`, as
 * the web outbox sends them: in order, one at a time) while the coach has the
 * workout open (one websocket on `workout:<id>`).
 *
 * - `offline_sync_100_sets_ms`: from the first send until the coach's socket has a
 *   `changed` at or past the last command's checkpoint (every set is in the read model
 *   the editor refetches).
 * - `offline_duplicate_effects`: the athlete then changes every set again (new command
 *   ids), and the phone, unsure what arrived, resends the first 100 commands in three
 *   rounds (the third all at once). Any event appended by those resends is an effect
 *   applied twice: a stale actual written over the newer one. Goal 0.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type WebSocket from 'ws';
import { startTrainingBench } from './calendar_month.ts';
import { log, round, subscribe } from './lib.ts';

const EXERCISES = 10;
const SETS = 10;

interface Command {
  id: string;
  body: { exerciseIndex: number; setIndex: number; actual: { reps: number; load: number } };
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('offline-sync');
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const athlete = demo.athletes[0];
    const athleteToken = tokens.get(athlete.email)!;
    const today = new Date().toISOString().slice(0, 10);
    const planned = await request(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.id,
          date: today,
          name: 'Gym day',
          exercises: Array.from({ length: EXERCISES }, (_, e) => ({ exercise_name: `Lift ${e + 1}`, sets: Array.from({ length: SETS }, () => ({ reps: 5, load: 100 })) })),
        },
      },
      coach,
    );
    if (planned.status !== 201) throw new Error(`plan: ${planned.status} ${planned.text}`);
    const { id: workoutId, checkpoint: plannedAt } = planned.body as { id: string; checkpoint: string };
    await server.platform.runner.waitFor(plannedAt, undefined, 30_000);

    const base = server.url;
    const send = async (c: Command) => {
      const res = await fetch(`${base}/api/athlete/workouts/${workoutId}/actuals`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${athleteToken}`, 'idempotency-key': c.id },
        body: JSON.stringify(c.body),
      });
      const body = (await res.json()) as { checkpoint?: string | null; error?: string };
      if (res.status !== 200) throw new Error(`actual: ${res.status} ${body.error ?? ''}`);
      return body.checkpoint ?? null;
    };
    const commands = (load: number): Command[] =>
      Array.from({ length: EXERCISES * SETS }, (_, i) => ({
        id: randomUUID(),
        body: { exerciseIndex: Math.floor(i / SETS), setIndex: i % SETS, actual: { reps: 5, load: load + (i % SETS) } },
      }));
    const streamEvents = async () =>
      (await server.platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [`workout-${workoutId}`])).rows[0].n;

    // 1. The reconnect: 100 queued sets, in order.
    const socket = await subscribe(new URL(base), coach, `workout:${workoutId}`);
    const seen = collectChanged(socket);
    const first = commands(150);
    const t0 = performance.now();
    let last: string | null = null;
    for (const c of first) last = (await send(c)) ?? last;
    const syncMs = (await seen.reaching(last!)) - t0;
    socket.close();
    log(`  100 queued sets synced and on the coach's socket in ${round(syncMs, 1)} ms`);

    // 2. Newer values for every set, then the old commands again, three rounds.
    for (const c of commands(200)) await send(c);
    const before = await streamEvents();
    for (const c of first) await send(c);
    for (const c of first) await send(c);
    await Promise.all(first.map(send));
    const duplicates = (await streamEvents()) - before;
    log(`  3 resend rounds of 100 stale commands appended ${duplicates} event(s)`);
    return { offline_sync_100_sets_ms: round(syncMs, 1), offline_duplicate_effects: duplicates };
  } finally {
    await bench.close();
  }
}

/** Every `changed` the socket brings, with its arrival time; `reaching` waits for one at or past a checkpoint. */
function collectChanged(socket: WebSocket) {
  const arrived: { checkpoint: string; at: number }[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (raw) => {
    const msg = JSON.parse((raw as Buffer).toString()) as { type: string; checkpoint?: string };
    if (msg.type !== 'changed' || typeof msg.checkpoint !== 'string') return;
    arrived.push({ checkpoint: msg.checkpoint, at: performance.now() });
    waiters.splice(0).forEach((w) => w());
  });
  return {
    async reaching(checkpoint: string): Promise<number> {
      const deadline = performance.now() + 30_000;
      for (;;) {
        const hit = arrived.find((m) => m.checkpoint >= checkpoint);
        if (hit) return hit.at;
        if (performance.now() > deadline) throw new Error('the coach never got the last set (30 s)');
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 1000);
        });
      }
    },
  };
}
