/**
 * Numbers that agree: one athlete's week, read through every surface that shows a
 * figure of it (the athlete's dashboard, the weekly recap e-mail's summary, `spotter
 * recap`, team analytics, the clients page), gives the same streak, workouts done,
 * time trained, sets and compliance everywhere, because each figure has one
 * definition (streaks.ts, summaries.ts workoutFigures, team-analytics figures.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../src/training/domain/workout-rules.ts';
import { lastCompleteWeek, planRecaps, weekRange } from '../src/recaps/index.ts';
import { runRecap } from '../cli/lib/recap.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

const today = new Date().toISOString().slice(0, 10);
const week = lastCompleteWeek(today);
const { start: monday, end: sunday } = weekRange(week)!;

const squat = (done: number) => ({
  exercise_name: 'Back Squat',
  sets: [
    { reps: 5, load: 100, ...(done > 0 ? { actual: { reps: 5, load: 100, time_duration: 120 } } : {}) },
    { reps: 5, load: 100, ...(done > 1 ? { actual: { reps: 5, load: 100, time_duration: 120 } } : {}) },
  ],
});

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Count'), signedInUser(t, 'Athlete Count')]);
  await linkAthlete(t, coach, athlete);
  // The week: Monday done, Wednesday half done, Friday done, Sunday done; the Saturday
  // before it missed (so the streak starts with this week).
  const plan = [
    [addDays(monday, -2), 0],
    [monday, 2],
    [addDays(monday, 2), 1],
    [addDays(monday, 4), 2],
    [sunday, 2],
  ] as const;
  const res = await t.api(
    'POST',
    '/api/manage-workouts',
    { workouts: plan.map(([date, done], i) => ({ user_id: athlete.user.id, date, name: `Day ${i}`, exercises: [squat(done)] })) },
    coach.accessToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, await t.server.platform.store.headCheckpoint());
});
afterAll(async () => t?.close());

describe('one athlete’s week through every surface', () => {
  it('shows the same streak, workouts done, time trained, sets and compliance', async () => {
    const dashboard = (await t.api('GET', '/api/athlete/dashboard', undefined, athlete.accessToken)).body;
    const [recap] = (await planRecaps(t.server.platform.pool, { now: new Date(), week })).filter((p) => p.to.athleteId === athlete.user.id);
    const [cli] = (await runRecap({ pool: t.server.platform.pool, store: t.server.platform.store }, { week, dryRun: true })).filter((l) => l.email === athlete.email);
    const team = (await t.api('GET', `/api/team-analytics?range=30d&mode=sets&athletes=${athlete.user.id}`, undefined, coach.accessToken)).body;
    const clients = (await t.api('GET', '/api/get-clients', undefined, coach.accessToken)).body.clients as { id?: string; email: string; compliance: { d30: number } }[];
    const client = clients.find((c) => c.email === athlete.email)!;
    const entry = team.athletes.find((a: { athlete_id: string }) => a.athlete_id === athlete.user.id);

    // Streak: four training days in a row (a partly done day counts), on every surface.
    expect(dashboard.streak.current).toBe(4);
    expect(recap.summary.streak).toBe(4);
    expect(cli.streak).toBe(4);

    // Workouts done: the four with something logged (the half-done Wednesday too), wherever they are counted.
    expect(dashboard.totals.completed).toBe(4);
    expect(recap.summary.workoutsCompleted).toBe(4);
    expect(cli.workouts).toBe(4);
    expect(entry.recent_workouts).toBe(4);

    // Time trained: the logged sets' time (7 sets × 2 min), the same in the app and the mail.
    expect(dashboard.totals.minutes).toBe(14);
    expect(recap.summary.totalDuration).toBe(14);
    expect(cli.duration).toBe('14m');

    // Sets and compliance: 7 of 10 prescribed sets done, 70 % on the clients page and in team analytics.
    expect(entry.completed_sets).toBe(7);
    expect(entry.total_sets).toBe(10);
    expect(client.compliance.d30).toBe(70);
    expect(Math.round(entry.completion_rate)).toBe(client.compliance.d30);
    expect(entry.total_volume).toBe(7 * 5 * 100);
  });
});
