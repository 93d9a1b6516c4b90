/**
 * Readiness check-ins and load suggestions over HTTP (issue 27) against a real server
 * and PostgreSQL: one check-in per local day (a second corrects it), bounds, who may
 * read, the team view's flag, the weekly recap's figures, and a suggested load from
 * a logged set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { planRecaps } from '../src/recaps/summaries.ts';
import { daysFrom, seedCheckIns } from './support/readiness.ts';

// Today is 2026-03-24 for everyone (profiles default to UTC); earlier days are seeded.
const now = new Date('2026-03-24T08:00:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User, athlete: User, steady: User, otherCoach: User, stranger: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => now });
  [coach, athlete, steady, otherCoach, stranger] = await Promise.all([
    signedInUser(t, 'Coach Carla'),
    signedInUser(t, 'Athlete Ann'),
    signedInUser(t, 'Steady Sam'),
    signedInUser(t, 'Coach Cody'),
    signedInUser(t, 'Stranger Stu'),
  ]);
  await linkAthlete(t, coach, athlete);
  await linkAthlete(t, coach, steady);
});
afterAll(async () => t.close());

const good = { sleep: 4, soreness: 4, stress: 4, energy: 4 };
const low = { sleep: 3, soreness: 3, stress: 3, energy: 2 };
async function checkIn(who: User, body: Record<string, unknown>) {
  const res = await t.api('POST', '/api/readiness/check-ins', body, who.accessToken);
  if (res.status === 201) await settled(t, res.body.checkpoint);
  return res;
}
const eventCount = async () => Number((await t.server.platform.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type LIKE 'Readiness%'`)).rows[0].n);

describe('readiness check-ins', () => {
  it('refuses bad answers with a 400 and writes nothing', async () => {
    const before = await eventCount();
    for (const body of [
      { ...good, sleep: 0 },
      { ...good, energy: 6 },
      { ...good, stress: 2.5 },
      { ...good, soreness: '4' },
      { sleep: 4, soreness: 4, stress: 4 },
      { ...good, note: 'x'.repeat(501) },
      { ...good, note: 'bad\u0000note' },
      { ...good, mood: 5 },
    ]) {
      const res = await t.api('POST', '/api/readiness/check-ins', body, athlete.accessToken);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect(await eventCount()).toBe(before);
  });

  it('keeps one check-in per local day: a second one that day replaces the first', async () => {
    const first = await checkIn(athlete, { ...good, note: 'fine' });
    expect(first.status).toBe(201);
    expect(first.body.checkIn).toEqual({ date: '2026-03-24', ...good, note: 'fine' });
    const again = await checkIn(athlete, { ...good, energy: 5, note: null });
    expect(again.body.checkIn).toEqual({ date: '2026-03-24', ...good, energy: 5, note: null });
    const read = await t.api('GET', `/api/athletes/${athlete.user.id}/readiness`, undefined, athlete.accessToken);
    expect(read.body.todayCheckIn).toEqual({ date: '2026-03-24', ...good, energy: 5, note: null, score: 4.25 });
    expect(read.body.trend).toEqual([{ date: '2026-03-24', score: 4.25 }]);
    const { rows } = await t.server.platform.pool.query(`SELECT event_type FROM es_events WHERE stream_id = $1 ORDER BY stream_version`, [
      `readiness-${athlete.user.id}-2026-03-24`,
    ]);
    expect(rows.map((r) => r.event_type)).toEqual(['ReadinessCheckedIn', 'ReadinessCheckInCorrected']);
  });

  it('lets only the athlete and their linked coach read it; the team view is the coach’s own athletes', async () => {
    for (const who of [athlete, coach]) expect((await t.api('GET', `/api/athletes/${athlete.user.id}/readiness`, undefined, who.accessToken)).status).toBe(200);
    for (const who of [otherCoach, stranger, steady]) {
      expect(await t.api('GET', `/api/athletes/${athlete.user.id}/readiness`, undefined, who.accessToken)).toEqual({ status: 404, body: { error: 'Athlete not found' } });
    }
    expect((await t.api('GET', '/api/readiness/team', undefined, otherCoach.accessToken)).body).toEqual({ athletes: [] });
  });

  it('flags an athlete whose last 3 days fell clearly below their own baseline, in the team view', async () => {
    // 21 good days for both (Mar 1–21), then Ann has 3 low days (Mar 22–24, today's through the API), Sam stays good.
    const store = t.server.platform.store;
    await seedCheckIns(store, athlete.user.id, daysFrom('2026-03-01', '2026-03-21'), good);
    await seedCheckIns(store, steady.user.id, daysFrom('2026-03-01', '2026-03-23'), good);
    await settled(t, await seedCheckIns(store, athlete.user.id, ['2026-03-22', '2026-03-23'], low));
    await checkIn(athlete, low);
    await checkIn(steady, good);
    const team = await t.api('GET', '/api/readiness/team', undefined, coach.accessToken);
    expect(team.status).toBe(200);
    const [first, second] = team.body.athletes;
    // Ann's baseline: Mar 1–21 at 4 (the window is Feb 22 – Mar 21); recent (Mar 22–24): 2.75, 1.25 below.
    expect(first).toMatchObject({
      athlete_id: athlete.user.id,
      name: 'Athlete Ann',
      recentAverage: 2.75,
      recentCheckIns: 3,
      baseline: 4,
      baselineCheckIns: 21,
      belowBaseline: true,
    });
    expect(second).toMatchObject({ athlete_id: steady.user.id, recentAverage: 4, baseline: 4, belowBaseline: false, last_check_in: '2026-03-24' });
  });

  it('puts the week’s readiness in the weekly recap', async () => {
    // ISO week 2026-W12 is Mar 16–22: Ann answered good on 16–21 (4) and low on 22 (2.75).
    const [plan] = await planRecaps(t.server.platform.pool, { now, week: '2026-W12', athleteIds: new Set([athlete.user.id]) });
    expect(plan.summary.readiness).toEqual({ average: Math.round(((6 * 4 + 2.75) / 7) * 100) / 100, checkIns: 7 });
  });
});

describe('GET /api/athletes/:id/load-suggestions', () => {
  it('suggests the hand-calculated load from the best recent set, for the linked coach only', async () => {
    // 100 kg × 5 @ RPE 8, logged by the athlete a week ago.
    const planned = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athlete.user.id, date: '2026-03-17', exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'rpe', reps: 5, rpe: 8 }] }] } },
      coach.accessToken,
    );
    expect(planned.status).toBe(201);
    const logged = await t.api(
      'POST',
      `/api/athlete/workouts/${planned.body.id}/actuals`,
      { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100, load_unit: 'kg', rpe: 8 } },
      athlete.accessToken,
    );
    expect(logged.status).toBe(200);
    await settled(t, logged.body.checkpoint);

    const url = `/api/athletes/${athlete.user.id}/load-suggestions?exercise_name=back%20squat&reps=3&target_rpe=9&unit=kg`;
    const res = await t.api('GET', url, undefined, coach.accessToken);
    expect(res.status).toBe(200);
    // By hand: 100 / 0.811 = 123.3 kg; 3 reps @ RPE 9 = 89.2% → 109.99 kg → 110 kg.
    expect(res.body.suggestion).toMatchObject({ load: 110, unit: 'kg', percent: 89.2, target_rpe: 9 });
    expect(res.body.suggestion.reason).toBe('e1RM 123.3 kg from 100 kg × 5 @ RPE 8 on 17 Mar → 3 reps @ RPE 9 = 89.2% → 110 kg');
    // RIR 1 is RPE 9; in pounds: 242.48 lb → 240 lb.
    const rir = await t.api('GET', `/api/athletes/${athlete.user.id}/load-suggestions?exercise_name=Back%20Squat&reps=3&target_rir=1&unit=lb`, undefined, coach.accessToken);
    expect(rir.body.suggestion).toMatchObject({ load: 240, unit: 'lb', target_rpe: 9 });

    for (const who of [athlete, otherCoach, stranger]) expect((await t.api('GET', url, undefined, who.accessToken)).status).toBe(404);
    // The workout still holds the logged RPE; nothing about the plan changed.
    const workout = await t.api('GET', `/api/manage-workouts/${planned.body.id}`, undefined, coach.accessToken);
    expect(workout.body.workout.exercises[0].sets[0]).toMatchObject({ type: 'rpe', reps: 5, rpe: 8, actual: { reps: 5, rpe: 8 } });
  });

  it('refuses targets off the RPE chart and says when there is nothing to go by', async () => {
    const base = `/api/athletes/${athlete.user.id}/load-suggestions?exercise_name=Back%20Squat`;
    for (const q of [
      '&reps=13&target_rpe=8',
      '&reps=0&target_rpe=8',
      '&reps=5&target_rpe=5.5',
      '&reps=5&target_rpe=8.2',
      '&reps=5',
      '&reps=5&target_rpe=8&target_rir=2',
      '&reps=5&target_rir=6',
    ]) {
      const res = await t.api('GET', base + q, undefined, coach.accessToken);
      expect(res.status, q).toBe(400);
    }
    const none = await t.api('GET', `/api/athletes/${athlete.user.id}/load-suggestions?exercise_name=Deadlift&reps=5&target_rpe=8`, undefined, coach.accessToken);
    expect(none.body).toEqual({ suggestion: null, message: 'No set of Deadlift with 1–12 reps and a load in the last 6 weeks.' });
  });

  it('keeps a logged RPE on the chart and a target as RPE or RIR, not both', async () => {
    const w = { user_id: athlete.user.id, date: '2026-03-25', exercises: [{ exercise_name: 'Bench Press', sets: [{ type: 'rpe', reps: 5, rpe: 8, rir: 2 }] }] };
    const both = await t.api('POST', '/api/manage-workouts', { workout: w }, coach.accessToken);
    expect(both).toEqual({ status: 400, body: { error: 'exercises[0].sets[0]: give a target RPE or a target RIR, not both.' } });
    const rir = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { ...w, exercises: [{ exercise_name: 'Bench Press', sets: [{ type: 'rpe', reps: 5, rir: 2.5 }] }] } },
      coach.accessToken,
    );
    expect(rir.body.error).toBe('exercises[0].sets[0].rir must be a whole number.');
    const ok = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { ...w, exercises: [{ exercise_name: 'Bench Press', sets: [{ type: 'rpe', reps: 5, rir: 2 }] }] } },
      coach.accessToken,
    );
    expect(ok.status).toBe(201);
    const bad = await t.api('POST', `/api/athlete/workouts/${ok.body.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, rpe: 7.3 } }, athlete.accessToken);
    expect(bad).toEqual({ status: 400, body: { error: 'rpe must be from 6 to 10 in steps of 0.5.' } });
    const alone = await t.api('POST', `/api/athlete/workouts/${ok.body.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { rpe: 8 } }, athlete.accessToken);
    expect(alone).toEqual({ status: 400, body: { error: 'Record at least one of reps, load or time_duration.' } });
  });
});
