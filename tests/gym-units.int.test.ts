/**
 * Kilograms and pounds on the server: each user chooses a unit; a load typed in
 * kilograms is kept so in its event (value and unit as entered) and read in pounds
 * by every read model, so a kg athlete and an lb coach see the same set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KG_PER_LB } from '../src/kernel/units.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Pounds'), signedInUser(t, 'Athlete Kilos')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

const HUNDRED_KG_IN_LB = 100 / KG_PER_LB;

async function eventData(type: string, streamId: string) {
  const { rows } = await t.db.pool.query<{ data: Record<string, unknown> }>(`SELECT data FROM es_events WHERE event_type = $1 AND stream_id = $2 ORDER BY position`, [
    type,
    streamId,
  ]);
  return rows.map((r) => r.data);
}

async function profileUnit(user: User) {
  const res = await t.api('GET', '/api/profile', undefined, user.accessToken);
  expect(res.status).toBe(200);
  return (res.body.profile as { weight_unit: string | null }).weight_unit;
}

describe('the unit each user reads loads in', () => {
  it('is unset until chosen, then kept; anything but kg or lb is refused', async () => {
    expect(await profileUnit(athlete)).toBeNull();
    const saved = await t.api('PUT', '/api/profile', { weightUnit: 'kg' }, athlete.accessToken);
    expect(saved.status).toBe(200);
    await settled(t, saved.body.checkpoint as string);
    expect(await profileUnit(athlete)).toBe('kg');
    const bad = await t.api('PUT', '/api/profile', { weightUnit: 'stone' }, athlete.accessToken);
    expect(bad.status).toBe(400);
    expect(await profileUnit(athlete)).toBe('kg');
  });
});

describe('a kg athlete and an lb coach', () => {
  it('see the same set, and the event keeps 100 kg as typed', async () => {
    const created = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athlete.user.id, date: '2025-06-02', name: 'Kilo day', exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 225 }] }] } },
      coach.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const workoutId = created.body.id as string;

    const logged = await t.api(
      'POST',
      `/api/athlete/workouts/${workoutId}/actuals`,
      { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100, load_unit: 'kg' } },
      athlete.accessToken,
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    await settled(t, logged.body.checkpoint as string);

    const [recorded] = await eventData('SetActualRecorded', `workout-${workoutId}`);
    expect(recorded.actual).toEqual({ reps: 5, load: 100, load_unit: 'kg' });

    const coachView = await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken);
    const set = (coachView.body.workout ?? coachView.body).exercises[0].sets[0];
    expect(set.load).toBe(225);
    expect(set.actual.load).toBeCloseTo(HUNDRED_KG_IN_LB, 9);
    expect(set.actual.load_unit).toBeUndefined();

    // The record the set made is in pounds too, beside the coach's other figures.
    const profile = await t.api('GET', `/api/rep-max-profile?athlete_id=${athlete.user.id}&exercise_name=Back%20Squat`, undefined, coach.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body.source.best_weight).toBeCloseTo(HUNDRED_KG_IN_LB, 6);
  });

  it('keeps a coach’s target typed in kilograms as typed, and refuses a kilogram load above 907 kg', async () => {
    const created = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: '2025-06-03',
          exercises: [{ exercise_name: 'Deadlift', sets: [{ reps: 3, load: 140, load_unit: 'kg', type: 'drop', drop_weight: 100 }] }],
        },
      },
      coach.accessToken,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [scheduled] = await eventData('WorkoutScheduled', `workout-${created.body.id}`);
    const typed = (scheduled.exercises as { sets: Record<string, unknown>[] }[])[0].sets[0];
    expect(typed).toMatchObject({ load: 140, drop_weight: 100, load_unit: 'kg' });
    await settled(t, created.body.checkpoint as string);
    const view = await t.api('GET', `/api/manage-workouts/${created.body.id}`, undefined, coach.accessToken);
    const set = (view.body.workout ?? view.body).exercises[0].sets[0];
    expect(set.load).toBeCloseTo(140 / KG_PER_LB, 9);
    expect(set.drop_weight).toBeCloseTo(100 / KG_PER_LB, 9);

    const tooHeavy = await t.api(
      'POST',
      `/api/athlete/workouts/${created.body.id}/actuals`,
      { exerciseIndex: 0, setIndex: 0, actual: { reps: 1, load: 950, load_unit: 'kg' } },
      athlete.accessToken,
    );
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.body.error).toBe('load must be a number from 0 to 907 kg.');
    // 950 lb is a fine load: the limit is the unit's.
    const fine = await t.api('POST', `/api/athlete/workouts/${created.body.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 1, load: 950 } }, athlete.accessToken);
    expect(fine.status).toBe(200);
  });

  it('saves a re-sent workout whose loads come back in pounds as no change', async () => {
    const created = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athlete.user.id, date: '2025-06-04', exercises: [{ exercise_name: 'Bench Press', sets: [{ reps: 5, load: 60, load_unit: 'kg' }] }] } },
      coach.accessToken,
    );
    await settled(t, created.body.checkpoint as string);
    const view = await t.api('GET', `/api/manage-workouts/${created.body.id}`, undefined, coach.accessToken);
    const workout = view.body.workout ?? view.body;
    const again = await t.api(
      'PUT',
      '/api/manage-workouts',
      { workoutId: created.body.id, workout: { user_id: athlete.user.id, date: workout.date, exercises: workout.exercises } },
      coach.accessToken,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await eventData('WorkoutRevised', `workout-${created.body.id}`)).toEqual([]);
  });

  it('keeps a performance entry typed in kilograms so, and records it in pounds', async () => {
    const res = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: athlete.user.id, exercise_name: 'Front Squat', value: 100, reps: 3, date: '2025-06-01', unit: 'kg' },
      athlete.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.entry).toMatchObject({ value: 100, unit: 'kg' });
    await settled(t, res.body.checkpoint as string);
    const profile = await t.api('GET', `/api/rep-max-profile?athlete_id=${athlete.user.id}&exercise_name=Front%20Squat`, undefined, coach.accessToken);
    expect(profile.status).toBe(200);
    expect(profile.body.source.best_weight).toBeCloseTo(HUNDRED_KG_IN_LB, 6);

    const tooHeavy = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: athlete.user.id, exercise_name: 'Front Squat', value: 1000, reps: 1, date: '2025-06-01', unit: 'kg' },
      athlete.accessToken,
    );
    expect(tooHeavy.status).toBe(400);
    expect(tooHeavy.body.error).toBe('Weight seems unrealistic (max 907 kg)');
  });
});
