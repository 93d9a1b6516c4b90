import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Bea'), signedInUser(t, 'Athlete Bo')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;

function workout(set: Record<string, unknown> = { reps: 5, load: 100 }, date = '2025-06-02') {
  return { user_id: athlete.user.id, date, exercises: [{ exercise_name: 'Bench Press', sets: [set] }] };
}

async function refused(method: string, path: string, body: unknown, token = coach.accessToken) {
  const before = await eventCount();
  const res = await t.api(method, path, body, token);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(await eventCount()).toBe(before);
  return res.body.error as string;
}

describe('numbers in a workout have human bounds', () => {
  it.each([
    [{ reps: 5, load: 1e308 }, 'exercises[0].sets[0].load must be at most 2000.'],
    [{ reps: 5, load: 2000.5 }, 'exercises[0].sets[0].load must be at most 2000.'],
    [{ reps: 101 }, 'exercises[0].sets[0].reps must be at most 100.'],
    [{ type: 'time', time_duration: 3601 }, 'exercises[0].sets[0].time_duration must be at most 3600.'],
    [{ type: 'rpe', reps: 5, rpe: 11 }, 'exercises[0].sets[0].rpe must be at most 10.'],
    [{ type: 'drop', reps: 5, drop_weight: '1e400' }, 'exercises[0].sets[0].drop_weight must be a number of 0 or more.'],
    [{ type: 'rest', reps: 5, rest_pause: 99999 }, 'exercises[0].sets[0].rest_pause must be at most 3600.'],
    [{ reps: 5, actual: { load: 5000 } }, 'exercises[0].sets[0].actual.load must be at most 2000.'],
  ])('refuses %j with 400 and writes nothing', async (set, message) => {
    expect(await refused('POST', '/api/manage-workouts', { workout: workout(set) })).toBe(message);
  });

  it('accepts the limits themselves', async () => {
    const res = await t.api('POST', '/api/manage-workouts', { workout: workout({ reps: 100, load: 2000 }) }, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('refuses an out-of-range actual logged by the athlete', async () => {
    const created = await t.api('POST', '/api/manage-workouts', { workout: workout() }, coach.accessToken);
    expect(created.status).toBe(201);
    const path = `/api/athlete/workouts/${created.body.id}/actuals`;
    expect(await refused('POST', path, { exerciseIndex: 0, setIndex: 0, actual: { load: 1e308 } }, athlete.accessToken)).toMatch(/actual.load must be <= 2000/);
    expect(await refused('POST', path, { exerciseIndex: 0, setIndex: 0, actual: { reps: 1000 } }, athlete.accessToken)).toMatch(/actual.reps must be <= 100/);
  });
});

describe('POST /api/manage-workouts with {workouts:[…]} is all or nothing', () => {
  const good = (i: number) => workout({ reps: 5, load: 100 + i }, `2025-07-${String(i + 1).padStart(2, '0')}`);

  it('appends nothing when the 8th of 12 entries has an impossible load', async () => {
    const workouts = [...Array.from({ length: 7 }, (_, i) => good(i)), workout({ reps: 5, load: 1e308 }), ...Array.from({ length: 4 }, (_, i) => good(8 + i))];
    expect(await refused('POST', '/api/manage-workouts', { workouts })).toBe('workouts[7]: exercises[0].sets[0].load must be at most 2000.');
  });

  it('appends nothing when one entry carries a NUL character', async () => {
    const bad = { ...good(20), name: 'x\u0000y' };
    expect(await refused('POST', '/api/manage-workouts', { workouts: [good(1), good(2), bad, good(3)] })).toMatch(/body.workouts\[2\].name contains a NUL/);
  });

  it('refuses more than 500 workouts in one paste', async () => {
    expect(await refused('POST', '/api/manage-workouts', { workouts: Array.from({ length: 501 }, () => good(1)) })).toBe('workouts can have at most 500 items.');
  });

  it('appends every entry when all are good', async () => {
    const before = await eventCount();
    const res = await t.api('POST', '/api/manage-workouts', { workouts: Array.from({ length: 12 }, (_, i) => good(i)) }, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.created_count).toBe(12);
    expect(await eventCount()).toBe(before + 12);
  });
});
