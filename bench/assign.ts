/**
 * (issue 9) Assigning a program template: a 12-week template of 4 workouts a week
 * (48 workouts × 6 exercises × 4 sets) is assigned by the demo coach to one of
 * their athletes, one assignment at a time, on the real server over keep-alive HTTP.
 * For each: the HTTP answer's round trip (auth, template and link reads, the
 * decider, one append), and the time from sending the request until all 48
 * workouts are rows of the calendar read model (`workouts`, what GET
 * /api/manage-workouts reads), which includes the assignment reactor issuing 48
 * ScheduleWorkout commands and the training projection applying them. The
 * workout ids are read from the TemplateAssigned event, and the read model is
 * polled every 2 ms. Between two assignments the system settles (every projection
 * caught up, the assignment's e-mail rendered and sent), so each figure is one
 * assignment on its own rather than one queued behind the previous one's mail.
 */
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { assignmentStream, type AssignmentEvent } from '../src/templates/domain/events.ts';
import { startTrainingBench } from './calendar_month.ts';
import { log, percentile, round } from './lib.ts';

const WARMUP = 3;
const RUNS = Number(process.env.BENCH_ASSIGN_RUNS ?? 30);
const LIFTS = ['Back Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull Up', 'Romanian Deadlift', 'Walking Lunge'];

function template() {
  const workouts: Record<string, unknown[]> = {};
  for (let week = 0; week < 12; week++) {
    for (const [k, d] of [1, 2, 4, 5].entries()) {
      workouts[`day-${week * 7 + d}`] = [
        {
          id: `w${week}-${k}`,
          name: `Week ${week + 1} Day ${k + 1}`,
          exercises: Array.from({ length: 6 }, (_, e) => ({
            exercise_name: LIFTS[(k * 2 + e) % LIFTS.length],
            sets: Array.from({ length: 4 }, (_, s) => ({ type: 'standard', reps: 5 + (s % 3), load: 100 + 5 * week })),
          })),
        },
      ];
    }
  }
  return { name: 'Twelve Week Strength', description: 'Bench', category: 'strength', is_public: false, workouts };
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('assign');
  try {
    const coachToken = bench.tokens.get(bench.demo.coach.email)!;
    const saved = await bench.request('POST', '/api/program-templates', template(), coachToken);
    if (saved.status !== 201) throw new Error(`saving the template: ${saved.status} ${saved.text}`);
    const templateId = (saved.body as { id: string }).id;
    const { pool, store } = bench.server.platform;
    const today = new Date().toISOString().slice(0, 10);
    const settle = async () => {
      await bench.server.platform.runner.waitFor((await store.headCheckpoint())!, undefined, 10_000);
      for (let polls = 0; polls < 2500; polls++) {
        const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status IN ('pending', 'sending')`);
        if (rows[0].n === 0) return;
        await new Promise((r) => setTimeout(r, 4));
      }
    };
    const http: number[] = [];
    const visible: number[] = [];
    log(`  assigning a 48-workout template ${RUNS} times (+${WARMUP} warm-up), one at a time`);
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const athlete = bench.demo.athletes[i % bench.demo.athletes.length];
      const t0 = performance.now();
      const res = await bench.request('POST', `/api/program-templates/${templateId}/assign`, { athlete_id: athlete.id, start_date: addDays(today, 1 + i) }, coachToken);
      const t1 = performance.now();
      if (res.status !== 201) throw new Error(`assign: ${res.status} ${res.text}`);
      const { assignment_id, created_count } = res.body as { assignment_id: string; created_count: number };
      if (created_count !== 48) throw new Error(`expected 48 workouts, the answer says ${created_count}`);
      const [event] = (await store.readStream(assignmentStream(assignment_id))) as unknown as AssignmentEvent[];
      if (event?.type !== 'TemplateAssigned') throw new Error('no TemplateAssigned in the assignment stream');
      const ids = event.data.workouts.map((w) => w.workoutId);
      let seen = 0;
      for (let polls = 0; seen < 48; polls++) {
        if (polls > 5000) throw new Error(`only ${seen} of 48 workouts visible after 10 s`);
        seen = (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM workouts WHERE id = ANY($1::uuid[])', [ids])).rows[0].n;
        if (seen < 48) await new Promise((r) => setTimeout(r, 2));
      }
      const t2 = performance.now();
      if (i >= WARMUP) {
        http.push(t1 - t0);
        visible.push(t2 - t0);
      }
      await settle();
    }
    http.sort((a, b) => a - b);
    visible.sort((a, b) => a - b);
    return {
      assign_http_p50_ms: round(percentile(http, 50), 1),
      assign_http_p95_ms: round(percentile(http, 95), 1),
      assign_visible_p50_ms: round(percentile(visible, 50), 1),
      assign_visible_p95_ms: round(percentile(visible, 95), 1),
      assign_visible_max_ms: round(visible[visible.length - 1], 1),
    };
  } finally {
    await bench.close();
  }
}
