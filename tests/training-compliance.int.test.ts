import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { loadCompliance } from '../src/training/compliance-query.ts';
import { addDays, complianceBand } from '../src/training/domain/workout-rules.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let athlete: User;
let idle: User;

const TODAY = '2025-03-31';
const day = (offset: number) => addDays(TODAY, offset);

/** `prescribed` sets of 5 reps, the first `done` of them logged with reps, plus a time set (no reps: never counted). */
function session(date: string, prescribed: number, done: number) {
  const sets = Array.from({ length: prescribed }, (_, i) => ({ reps: 5, load: 100, ...(i < done ? { actual: { reps: 5, load: 100 } } : {}) }));
  return {
    user_id: athlete.user.id,
    date,
    exercises: [
      { exercise_name: 'Back Squat', sets },
      { exercise_name: 'Plank', sets: [{ type: 'time', time_duration: 30, actual: { time_duration: 30 } }] },
    ],
  };
}

let last: string | null = null;
async function call(method: string, path: string, body: unknown) {
  const res = await t.api(method, path, body, athlete.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  last = res.body.checkpoint ?? last;
  return res.body;
}
const settle = () => t.server.platform.runner.waitFor(last!);

beforeAll(async () => {
  t = await startTestServer();
  [athlete, idle] = await Promise.all([signedInUser(t, 'Athlete Ann'), signedInUser(t, 'Idle Ida')]);

  // d7: 9 of 10 (one of them logged live, one logged with 0 reps)
  const recent = await call('POST', '/api/manage-workouts', { workout: session(day(-2), 10, 8) });
  await call('POST', `/api/athlete/workouts/${recent.id}/actuals`, { exerciseIndex: 0, setIndex: 8, actual: { reps: 4 } });
  await call('POST', `/api/athlete/workouts/${recent.id}/actuals`, { exerciseIndex: 0, setIndex: 9, actual: { reps: 0, load: 100 } });
  // d30 adds 5 of 10
  await call('POST', '/api/manage-workouts', { workout: session(day(-20), 10, 5) });
  // d90 adds 4 of 20, planned inside 30 days and then moved back to 60 days ago
  const moved = await call('POST', '/api/manage-workouts', { workout: session(day(-10), 20, 4) });
  await call('POST', '/api/manage-workouts/move', { workoutId: moved.id, date: day(-60) });
  // all adds 100 of 100
  await call('POST', '/api/manage-workouts', { workout: session(day(-200), 100, 100) });
  // Never counted: the future, and a deleted workout.
  await call('POST', '/api/manage-workouts', { workout: session(day(3), 10, 0) });
  const gone = await call('POST', '/api/manage-workouts', { workout: session(day(-1), 10, 0) });
  await call('DELETE', '/api/manage-workouts', { workoutId: gone.id });
  // A revision that changes the prescription (a set more) and keeps the logged actuals.
  const revised = await call('POST', '/api/manage-workouts', { workout: session(day(-3), 2, 2) });
  await call('PUT', '/api/manage-workouts', { workoutId: revised.id, workout: { ...session(day(-3), 3, 0) } });
  await settle();
});
afterAll(async () => t.close());

// d7:  9 + 2 done of 10 + 3            = 11/13
// d30: 11 + 5 of 13 + 10               = 16/23
// d90: 16 + 4 of 23 + 20               = 20/43
// all: 20 + 100 of 43 + 100            = 120/143
const EXPECTED = { d7: 85, d30: 70, d90: 47, all: 84 };

describe('compliance', () => {
  it('answers every window from the projected tables, with the colour bands', async () => {
    const figures = await loadCompliance(t.db.pool, [athlete.user.id, idle.user.id], TODAY);
    expect(figures.get(athlete.user.id)).toEqual(EXPECTED);
    expect(figures.get(idle.user.id)).toEqual({ d7: null, d30: null, d90: null, all: null });
    const bands = Object.fromEntries(Object.entries(EXPECTED).map(([k, v]) => [k, complianceBand(v)]));
    expect(bands).toEqual({ d7: 'amber', d30: 'amber', d90: 'red', all: 'amber' });
  });

  it('moves the windows with today', async () => {
    const later = await loadCompliance(t.db.pool, [athlete.user.id], day(6));
    // Six days on: the last 7 days hold only the once-future workout (0 of 10); the rest slide along.
    expect(later.get(athlete.user.id)).toEqual({ d7: 0, d30: Math.round((16 / 33) * 100), d90: Math.round((20 / 53) * 100), all: Math.round((120 / 153) * 100) });
    expect(complianceBand(90)).toBe('green');
    expect(complianceBand(89)).toBe('amber');
    expect(complianceBand(70)).toBe('amber');
    expect(complianceBand(69)).toBe('red');
  });

  it('gives the same figures and rows after a rebuild of the training projection', async () => {
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of [
        'compliance_daily',
        'compliance_totals',
        'training_days',
        'training_exercise_days',
        'training_weeks',
        'training_intent_days',
        'athlete_performance_records',
      ]) {
        out[table] = (await t.db.pool.query(`SELECT * FROM ${table} r ORDER BY r::text`)).rows;
      }
      out.workouts = (await t.db.pool.query('SELECT id, date, deleted, base_status, prescribed_sets, done_sets, exercises FROM workouts ORDER BY id')).rows;
      return out;
    };
    const before = await dump();
    const progress = await t.server.platform.runner.rebuild('training');
    expect(progress.done).toBe(true);
    expect(progress.generation).toBe(2);
    expect(await dump()).toEqual(before);
    expect((await loadCompliance(t.db.pool, [athlete.user.id], TODAY)).get(athlete.user.id)).toEqual(EXPECTED);
  });

  it('refuses a today that is not a date', async () => {
    await expect(loadCompliance(t.db.pool, [athlete.user.id], '31/03/2025')).rejects.toThrow(RangeError);
  });
});
