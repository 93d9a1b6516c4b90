/**
 * (g) Logged set → coach's editor: athletes POST /api/athlete/workouts/:id/actuals
 * (RecordSetActual → SetActualRecorded; the training projection writes the
 * workout, compliance and records, and notifies `workout:<id>`) at a steady,
 * open-loop 200 sets/s over keep-alive HTTP, spread over 4 athletes' 40 open
 * workouts (5 sets/s each), while the coach has one websocket per open workout subscribed to it.
 *
 * Latency runs from the moment a set is due to be sent to the arrival of the first
 * `changed` on that workout's socket whose checkpoint is at or past the one the
 * POST returned (as in cmd_to_ws.ts: notifications carry the batch's last
 * checkpoint, in commit order). Each recording changes the load, so none is a no-op.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { log, percentile, round, subscribe } from './lib.ts';
import { startTrainingBench } from './calendar_month.ts';

const RATE = Number(process.env.BENCH_SET_RATE ?? 200);
const WARMUP_MS = 2000;
const MEASURE_MS = Number(process.env.BENCH_SET_MS ?? 10_000);
const DRAIN_MS = 5000;
const WORKOUTS_PER_ATHLETE = 10;

interface Open {
  id: string;
  athleteToken: string;
  socket: WebSocket;
  changes: { checkpoint: string; at: number }[];
  waiting: Logged[];
}

interface Logged {
  workout: Open;
  due: number;
  status?: number;
  respondedAt?: number;
  checkpoint?: string;
  changedAt?: number;
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('set-to-ws');
  const open: Open[] = [];
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const today = new Date().toISOString().slice(0, 10);
    let last = '';
    for (const athlete of demo.athletes) {
      const workouts = Array.from({ length: WORKOUTS_PER_ATHLETE }, (_, i) => ({
        user_id: athlete.id,
        date: today,
        name: `Session ${i + 1}`,
        exercises: Array.from({ length: 6 }, (_, e) => ({ exercise_name: `Lift ${e + 1}`, sets: Array.from({ length: 4 }, () => ({ reps: 5, load: 100 })) })),
      }));
      const r = await request('POST', '/api/manage-workouts', { workouts }, coach);
      if (r.status !== 201) throw new Error(`plan: ${r.status} ${r.text}`);
      const body = r.body as { ids: string[]; checkpoint: string };
      last = body.checkpoint;
      for (const id of body.ids) open.push({ id, athleteToken: tokens.get(athlete.email)!, socket: null as unknown as WebSocket, changes: [], waiting: [] });
    }
    await server.platform.runner.waitFor(last, undefined, 30_000);
    const base = new URL(server.url);
    for (const w of open) {
      w.socket = await subscribe(base, coach, `workout:${w.id}`);
      w.socket.on('message', (raw) => onMessage(w, (raw as Buffer).toString()));
    }
    log(`  ${open.length} workouts open in the coach's editor, one socket each`);

    const sets: Logged[] = [];
    const total = Math.round(((WARMUP_MS + MEASURE_MS) / 1000) * RATE);
    const start = performance.now();
    let seq = 0;
    let lateSends = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        const due = Math.min(total, Math.floor(((now - start) / 1000) * RATE) + 1);
        while (seq < due) {
          const workout = open[seq % open.length];
          const set: Logged = { workout, due: start + (seq * 1000) / RATE };
          if (now - set.due > 5) lateSends++;
          sets.push(set);
          // Walk the 24 sets of each workout; the load changes on every pass.
          const k = Math.floor(seq / open.length);
          send(set, { exerciseIndex: Math.floor(k / 4) % 6, setIndex: k % 4, actual: { reps: 5, load: 100 + Math.floor(k / 24) + 1 } });
          seq++;
        }
        if (seq >= total) return resolve();
        setTimeout(tick, 1);
      };
      tick();
    });

    function send(set: Logged, body: object): void {
      request('POST', `/api/athlete/workouts/${set.workout.id}/actuals`, body, set.workout.athleteToken).then(
        (r) => {
          set.respondedAt = performance.now();
          set.status = r.status;
          const checkpoint = (r.body as { checkpoint?: string | null }).checkpoint;
          if (r.status !== 200 || !checkpoint) return;
          set.checkpoint = checkpoint;
          const hit = set.workout.changes.find((c) => c.checkpoint >= checkpoint);
          if (hit) set.changedAt = hit.at;
          else set.workout.waiting.push(set);
        },
        () => {
          set.respondedAt = performance.now();
          set.status = -1;
        },
      );
    }

    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil && sets.some((s) => s.status === undefined || (s.status === 200 && s.changedAt === undefined))) {
      await new Promise((r) => setTimeout(r, 20));
    }

    const measureFrom = start + WARMUP_MS;
    const measureTo = measureFrom + MEASURE_MS;
    const measured = sets.filter((s) => s.due >= measureFrom && s.due < measureTo);
    const ok = measured.filter((s) => s.status === 200);
    const unmatched = ok.filter((s) => s.changedAt === undefined).length;
    const latencies = ok.map((s) => (s.changedAt === undefined ? Infinity : s.changedAt - s.due)).sort((a, b) => a - b);
    const httpLatencies = ok.map((s) => s.respondedAt! - s.due).sort((a, b) => a - b);
    const achieved = sets.filter((s) => s.status === 200 && s.respondedAt! >= measureFrom && s.respondedAt! < measureTo).length / (MEASURE_MS / 1000);
    const ms = (n: number) => (Number.isFinite(n) ? round(n, 1) : -1);

    log(`  offered ${RATE}/s for ${(WARMUP_MS + MEASURE_MS) / 1000} s (${lateSends} sends >5 ms late); measured ${measured.length} sets after a ${WARMUP_MS / 1000} s warm-up`);
    log(`  HTTP response    p50 ${ms(percentile(httpLatencies, 50))} ms  p95 ${ms(percentile(httpLatencies, 95))} ms  p99 ${ms(percentile(httpLatencies, 99))} ms`);
    log(
      `  set → ws message p50 ${ms(percentile(latencies, 50))} ms  p95 ${ms(percentile(latencies, 95))} ms  p99 ${ms(percentile(latencies, 99))} ms  max ${ms(latencies.at(-1) ?? NaN)} ms`,
    );
    const failures = new Map<string, number>();
    for (const s of measured) if (s.status !== 200) failures.set(String(s.status ?? 'no answer'), (failures.get(String(s.status ?? 'no answer')) ?? 0) + 1);
    if (failures.size) log(`  failures by status: ${[...failures].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
    log(
      `  ${ok.length} ok, ${measured.length - ok.length} failed, ${unmatched} without a message within ${DRAIN_MS / 1000} s; ${round(achieved, 1)} sets/s completed in the window`,
    );
    return {
      set_to_ws_p50_ms: ms(percentile(latencies, 50)),
      set_to_ws_p95_ms: ms(percentile(latencies, 95)),
      set_to_ws_p99_ms: ms(percentile(latencies, 99)),
      set_achieved_per_s: round(achieved, 1),
      set_failed: measured.length - ok.length + unmatched,
    };
  } finally {
    for (const w of open) w.socket?.terminate();
    await bench.close();
  }
}

function onMessage(w: Open, raw: string): void {
  let msg: { type?: string; topic?: string; checkpoint?: string };
  try {
    msg = JSON.parse(raw);
  } catch {
    return;
  }
  if (msg.type !== 'changed' || msg.topic !== `workout:${w.id}` || typeof msg.checkpoint !== 'string') return;
  const at = performance.now();
  const checkpoint = msg.checkpoint;
  w.changes.push({ checkpoint, at });
  w.waiting = w.waiting.filter((s) => {
    if (s.checkpoint! > checkpoint) return true;
    s.changedAt = at;
    return false;
  });
}
