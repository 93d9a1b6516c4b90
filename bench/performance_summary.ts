/**
 * Performance summary: GET /api/performance-summary for an athlete with two years of
 * history (4 workouts a week, 6 exercises × 4 sets, actuals on every past set) plus
 * 300 manual entries, asked by the coach over keep-alive HTTP, one request at a time.
 * Everything is written through the commands (POST /api/manage-workouts and
 * POST /api/performance-records) and projected by the runner, never as rows.
 * The figure with the target is the default range (30 days); 1 year and all time are
 * printed beside it, since their answers carry every record of the range.
 */
import { performance } from 'node:perf_hooks';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { log, percentile, round } from './lib.ts';
import { startTrainingBench } from './calendar_month.ts';

const WEEKS = 104;
const DAYS = [1, 2, 4, 5];
const LIFTS = ['Back Squat (High Bar)', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull Up', 'Romanian Deadlift', 'Walking Lunge', 'Incline Press', 'Hip Thrust'];
const MANUAL = ['Back Squat (High Bar)', 'Bench Press', 'Deadlift', '40 Yard Dash', 'Mile Run', 'Vertical Jump', 'Broad Jump', 'Power Clean'];
const MANUAL_ENTRIES = 300;
const WARMUP = 200;
const REQUESTS = Number(process.env.BENCH_PERFORMANCE_REQUESTS ?? 2000);

function history(athleteId: string, today: string) {
  const start = addDays(today, -7 * WEEKS);
  const workouts = [];
  for (let w = 0; w < WEEKS; w++) {
    for (const [k, d] of DAYS.entries()) {
      const date = addDays(start, 7 * w + d);
      const past = date < today;
      const exercises = Array.from({ length: 6 }, (_, e) => ({
        exercise_name: LIFTS[(k * 3 + e) % LIFTS.length],
        sets: Array.from({ length: 4 }, (_, s) => {
          const planned = { type: 'standard', reps: 5 + (s % 3), load: 95 + 5 * ((w + e) % 30) };
          return past ? { ...planned, actual: { reps: planned.reps, load: planned.load } } : planned;
        }),
      }));
      workouts.push({ user_id: athleteId, date, name: `Day ${k + 1}`, exercises });
    }
  }
  return workouts;
}

function manualEntry(athleteId: string, today: string, i: number) {
  const exercise_name = MANUAL[i % MANUAL.length];
  const date = addDays(today, -((i * 7) % (7 * WEEKS)));
  const lower = exercise_name.toLowerCase();
  if (lower.includes('dash')) return { athlete_id: athleteId, exercise_name, value: round(4.6 + (i % 10) / 20, 2), date };
  if (lower.includes('run')) return { athlete_id: athleteId, exercise_name, value: 360 + (i % 60), date };
  if (lower.includes('jump')) return { athlete_id: athleteId, exercise_name, value: 20 + (i % 15), date };
  return { athlete_id: athleteId, exercise_name, value: 135 + 5 * (i % 40), reps: 1 + (i % 10), date };
}

async function measure(request: (m: string, u: string, b?: unknown, t?: string) => Promise<{ status: number; text: string }>, url: string, token: string, count: number) {
  const latencies: number[] = [];
  // Interleaved GET /api/profile (same auth path, one tiny row): how much of the tail is the machine.
  const baseline: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + count; i++) {
    let started = performance.now();
    const r = await request('GET', url, undefined, token);
    const elapsed = performance.now() - started;
    if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${r.text}`);
    started = performance.now();
    await request('GET', '/api/profile', undefined, token);
    const base = performance.now() - started;
    if (i < WARMUP) continue;
    latencies.push(elapsed);
    baseline.push(base);
    bytes += r.text.length;
  }
  latencies.sort((a, b) => a - b);
  baseline.sort((a, b) => a - b);
  return { latencies, baseline, kib: bytes / count / 1024 };
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('performance-summary');
  try {
    const { demo, tokens, request, server } = bench;
    const coach = tokens.get(demo.coach.email)!;
    const athlete = demo.athletes[0];
    const today = new Date().toISOString().slice(0, 10);
    const t0 = performance.now();
    const all = history(athlete.id, today);
    let checkpoint = '';
    for (let i = 0; i < all.length; i += 100) {
      const r = await request('POST', '/api/manage-workouts', { workouts: all.slice(i, i + 100) }, coach);
      if (r.status !== 201) throw new Error(`bulk create: ${r.status} ${r.text}`);
      checkpoint = (r.body as { checkpoint: string }).checkpoint;
    }
    for (let i = 0; i < MANUAL_ENTRIES; i++) {
      const r = await request('POST', '/api/performance-records', manualEntry(athlete.id, today, i), coach);
      if (r.status !== 201) throw new Error(`log entry: ${r.status} ${r.text}`);
      checkpoint = (r.body as { checkpoint: string }).checkpoint ?? checkpoint;
    }
    await server.platform.runner.waitFor(checkpoint, undefined, 180_000);
    const { rows } = await server.platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM athlete_performance_records WHERE athlete_id = $1', [athlete.id]);
    log(`  ${all.length} workouts and ${MANUAL_ENTRIES} manual entries written and projected in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${rows[0].n} records`);

    const ms = (n: number) => round(n, 2);
    const base = `/api/performance-summary?athlete_id=${athlete.id}`;
    const month = await measure(request, `${base}&range=30d`, coach, REQUESTS);
    const year = await measure(request, `${base}&range=1y`, coach, Math.round(REQUESTS / 4));
    const ever = await measure(request, `${base}&range=all`, coach, Math.round(REQUESTS / 10));
    const line = (label: string, m: { latencies: number[]; baseline: number[]; kib: number }) =>
      log(
        `  ${label.padEnd(5)} p50 ${ms(percentile(m.latencies, 50))} ms  p95 ${ms(percentile(m.latencies, 95))} ms  p99 ${ms(percentile(m.latencies, 99))} ms  (${round(m.kib, 1)} KiB per answer; baseline GET /api/profile p95 ${ms(percentile(m.baseline, 95))} ms)`,
      );
    line('30d', month);
    line('1y', year);
    line('all', ever);
    return {
      performance_summary_p50_ms: ms(percentile(month.latencies, 50)),
      performance_summary_p95_ms: ms(percentile(month.latencies, 95)),
      performance_summary_baseline_p95_ms: ms(percentile(month.baseline, 95)),
      performance_summary_1y_p95_ms: ms(percentile(year.latencies, 95)),
      performance_summary_all_p95_ms: ms(percentile(ever.latencies, 95)),
    };
  } finally {
    await bench.close();
  }
}
