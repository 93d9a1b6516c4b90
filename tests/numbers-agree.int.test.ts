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
/** Three more athletes of another coach: trained, partly trained, not trained (issue 29). */
let kinds: Record<'trained' | 'partly' | 'untrained', User>;

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

  const other = await signedInUser(t, 'Coach Kinds');
  const [trained, partly, untrained] = await Promise.all([signedInUser(t, 'Trained'), signedInUser(t, 'Partly'), signedInUser(t, 'Untrained')]);
  kinds = { trained, partly, untrained };
  for (const a of [trained, partly, untrained]) await linkAthlete(t, other, a);
  const threeSets = (done: number) => ({
    exercise_name: 'Bench Press',
    sets: [0, 1, 2].map((i) => ({ reps: 8, load: 60, ...(i < done ? { actual: { reps: 8, load: 60, time_duration: 90 } } : {}) })),
  });
  // Trained: Mon, Wed, Fri, Sat all logged. Partly: Tue in full, Thu 2 of 3 sets (the issue's
  // "two sessions, one in full and one with 2 of 3 sets"). Untrained: Tue and Thu planned, nothing logged.
  const weekPlan: [User, number, number][] = [
    [trained, 0, 3],
    [trained, 2, 3],
    [trained, 4, 3],
    [trained, 5, 3],
    [partly, 1, 3],
    [partly, 3, 2],
    [untrained, 1, 0],
    [untrained, 3, 0],
  ];
  const planned = await t.api(
    'POST',
    '/api/manage-workouts',
    { workouts: weekPlan.map(([who, day, done]) => ({ user_id: who.user.id, date: addDays(monday, day), name: `Day ${day}`, exercises: [threeSets(done)] })) },
    other.accessToken,
  );
  expect(planned.status, JSON.stringify(planned.body)).toBe(201);
  await settled(t, await t.server.platform.store.headCheckpoint());
});
afterAll(async () => t?.close());

describe('one athlete’s week through every surface', () => {
  it('shows the same streak, workouts done, time trained, sets and compliance', async () => {
    const dashboard = (await t.api('GET', '/api/athlete/dashboard', undefined, athlete.accessToken)).body;
    const [recap] = (await planRecaps(t.server.platform.pool, { now: new Date(), week })).filter((p) => p.to.athleteId === athlete.user.id);
    const [cli] = (await runRecap({ pool: t.server.platform.pool, store: t.server.platform.store }, { week, dryRun: true })).lines.filter((l) => l.email === athlete.email);
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
    expect(cli.durationSeconds).toBe(14 * 60);

    // Sets and compliance: 7 of 10 prescribed sets done, 70 % on the clients page and in team analytics.
    expect(entry.completed_sets).toBe(7);
    expect(entry.total_sets).toBe(10);
    expect(client.compliance.d30).toBe(70);
    expect(Math.round(entry.completion_rate)).toBe(client.compliance.d30);
    expect(entry.total_volume).toBe(7 * 5 * 100);
  });
});

describe('the recap and the dashboard, for athletes who trained, partly trained and did not train', () => {
  it('give the same workouts done, time trained and streak', async () => {
    const report = await runRecap({ pool: t.server.platform.pool, store: t.server.platform.store }, { week, dryRun: true });
    const seen: Record<string, { recap: number[]; dashboard: number[] }> = {};
    for (const [kind, who] of Object.entries(kinds)) {
      const line = report.lines.find((l) => l.email === who.email)!;
      const dashboard = (await t.api('GET', '/api/athlete/dashboard', undefined, who.accessToken)).body;
      // Nothing after the week was planned, so the dashboard's totals and streak are the week's.
      seen[kind] = {
        recap: [line.workouts, line.durationSeconds, line.streak],
        dashboard: [dashboard.totals.completed, dashboard.totals.minutes * 60, dashboard.streak.current],
      };
      expect(line).toMatchObject({ week, from: monday, to: sunday, outcome: 'would queue' });
    }
    expect(seen.trained.recap).toEqual(seen.trained.dashboard);
    expect(seen.partly.recap).toEqual(seen.partly.dashboard);
    expect(seen.untrained.recap).toEqual(seen.untrained.dashboard);
    // And the figures themselves: 12 sets × 90 s, 5 sets × 90 s, nothing.
    expect(seen.trained.recap).toEqual([4, 18 * 60, 4]);
    expect(seen.partly.recap).toEqual([2, Math.round(7.5) * 60, 2]);
    expect(seen.untrained.recap).toEqual([0, 0, 0]);
  });
});
