/**
 * `spotter assign` at team scale: a 12-week template (4 workouts a week, 6 exercises
 * × 4 sets) assigned to a coach's 400 athletes through runAssign — the function the
 * CLI command runs — against a real server whose assignment reactor schedules the
 * workouts. The athletes are made by `spotter seed`'s function (no training weeks).
 *
 * Figures: cli_assign_s (the command: 400 assignments, goal < 60 s),
 * cli_assign_scheduled_s (until all 19,200 workouts are in the calendar read model).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/platform/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { runSeed } from '../cli/lib/seed.ts';
import { runAssign } from '../cli/lib/assign.ts';
import { athletesFromList } from '../cli/lib/athlete-list.ts';
import { createTemplate } from '../src/templates/commands.ts';
import type { TemplateDays } from '../src/templates/domain/events.ts';
import { log, round, startBenchDatabase } from './lib.ts';

const ATHLETES = Number(process.env.BENCH_ASSIGN_ATHLETES ?? 400);
const EXERCISES = ['Back Squat', 'Bench Press', 'Deadlift', 'Overhead Press', 'Barbell Row', 'Pull-Up'];

function twelveWeeks(): TemplateDays {
  const days: TemplateDays = {};
  for (let week = 0; week < 12; week++) {
    for (const [i, weekday] of [1, 2, 4, 5].entries()) {
      days[`day-${week * 7 + weekday}`] = [
        {
          id: `w${week}-${i}`,
          name: `Week ${week + 1} · Session ${i + 1}`,
          notes: null,
          exercises: EXERCISES.map((name, order) => ({
            exercise_name: name,
            heading: `${String.fromCharCode(65 + order)}1`,
            order_index: order,
            exercise_intent: 'strength',
            sets: Array.from({ length: 4 }, () => ({ type: 'standard' as const, reps: 5, load: 100 + week * 5 })),
          })),
        },
      ];
    }
  }
  return days;
}

export async function run(): Promise<Record<string, number>> {
  process.env.SPOTTER_DEMO = '0';
  const db = await startBenchDatabase('cli-assign');
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-bench-assign-'));
  let server: RunningServer | null = null;
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: db.url, OUTBOX_DIR: path.join(tmp, 'outbox'), SMTP_URL: '', EVENTSTORE_URL: '' };
    delete env.APP_URL;
    server = await startServer(loadConfig(env), { rateLimitScale: 1000, log: (m) => console.error(`  [server] ${m}`) });
    const { pool, store, runner } = server.platform;
    const seeded = await runSeed({ pool, store }, { coaches: 1, athletesPerCoach: ATHLETES, weeks: 0, seed: 7 });
    await runner.waitFor((await store.headCheckpoint())!, undefined, 10 * 60_000);
    const coachId = (await pool.query<{ user_id: string }>('SELECT user_id FROM user_profiles WHERE email = $1', [seeded.coaches[0].email])).rows[0].user_id;
    const template = await createTemplate({ pool, store, now: () => new Date() }, coachId, {
      name: 'Twelve Week Block',
      description: '',
      category: 'strength',
      isPublic: false,
      workouts: twelveWeeks(),
    });
    await runner.waitFor(template.checkpoint!);
    const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

    const t0 = performance.now();
    const report = await runAssign(
      { pool, store },
      {
        template: template.id,
        coach: seeded.coaches[0].email,
        start,
        athletes: athletesFromList(seeded.athleteEmails.join(',')),
        staff: 'bench',
      },
    );
    const assignSeconds = (performance.now() - t0) / 1000;
    const assigned = report.lines.filter((l) => l.outcome === 'assigned').length;
    if (assigned !== ATHLETES) throw new Error(`assigned ${assigned} of ${ATHLETES}: ${report.lines.find((l) => l.reason)?.reason}`);
    const expected = ATHLETES * 48;
    log(`  assigned a 48-workout template to ${ATHLETES} athletes in ${assignSeconds.toFixed(1)} s; waiting for ${expected.toLocaleString('en-US')} workouts…`);
    for (;;) {
      const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM workouts WHERE NOT deleted');
      if (rows[0].n >= expected) break;
      if (performance.now() - t0 > 15 * 60_000) throw new Error(`only ${rows[0].n} of ${expected} workouts after 15 min`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const scheduledSeconds = (performance.now() - t0) / 1000;
    log(`  all ${expected.toLocaleString('en-US')} workouts in the calendar read model after ${scheduledSeconds.toFixed(1)} s`);
    return { cli_assign_s: round(assignSeconds, 1), cli_assign_scheduled_s: round(scheduledSeconds, 1), cli_assign_workouts: expected };
  } finally {
    await server?.close().catch((e) => console.error(`  closing the server: ${(e as Error).message}`));
    await db.stop();
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
