import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { workoutMetrics } from '../src/training/domain/workout-rules.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let loner: User;

beforeAll(async () => {
  // Today (2025-03-12 in these users' zone, UTC) comes from the server's clock.
  t = await startTestServer({ now: () => new Date('2025-03-12T12:00:00Z') });
  [coach, loner] = await Promise.all([signedInUser(t, 'Coach Carla'), signedInUser(t, 'Loner Lou')]);
});
afterAll(async () => t.close());

const after = (checkpoint: string | null): Record<string, string> => (checkpoint ? { 'x-after-checkpoint': checkpoint } : {});

function workout(date: string, over: Record<string, unknown> = {}) {
  return { user_id: loner.user.id, date, name: 'Upper', exercises: [], ...over };
}

async function create(body: unknown, who: User) {
  const res = await t.api('POST', '/api/manage-workouts', body, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { ids: string[]; id: string; checkpoint: string };
}

describe('analytics and performance records', () => {
  it('answers the metrics, weekly volume and capacity from the projected tables', async () => {
    const w = (date: string) =>
      workout(date, {
        user_id: loner.user.id,
        exercises: [
          {
            exercise_name: 'Bench Press',
            exercise_intent: 'strength',
            sets: [
              { reps: 5, load: 100 },
              { reps: 5, load: 110 },
              { reps: 0, load: 500 },
            ],
          },
          { exercise_name: 'Curl', exercise_intent: 'hypertrophy', sets: [{ reps: 12, load: 30 }] },
        ],
      });
    const created = await create({ workouts: [w('2025-03-03'), w('2025-03-05'), w('2025-02-10')] }, loner);
    const q = `athleteId=${loner.user.id}&from=2025-03-01&to=2025-03-31`;
    const res = await t.api('GET', `/api/analytics/workouts?${q}`, undefined, loner.accessToken, after(created.checkpoint));
    const expected = workoutMetrics([w('2025-03-03'), w('2025-03-05')] as never);
    expect(res.body.metrics).toEqual(expected);
    expect(res.body.exercises).toEqual([
      { exercise_name: 'Bench Press', sets: 4, workouts: 2 },
      { exercise_name: 'Curl', sets: 2, workouts: 2 },
    ]);
    const bench = await t.api('GET', `/api/analytics/workouts?${q}&exercise=bench%20press`, undefined, loner.accessToken);
    expect(bench.body.metrics).toMatchObject({ totalReps: 20, totalSets: 4, totalWorkouts: 2, totalExercises: 2, totalVolume: 2100, avgLoadPerSet: 105 });

    const weekly = await t.api('GET', `/api/analytics/weekly-volume?athleteId=${loner.user.id}`, undefined, loner.accessToken);
    expect(weekly.body.weeks).toHaveLength(8);
    expect(weekly.body.weeks.at(-2)).toEqual({ week_start: '2025-03-02', total_volume: 2 * (500 + 550 + 360), total_reps: 44, total_sets: 6, workouts: 2 });
    expect(weekly.body.weeks.find((x: { week_start: string }) => x.week_start === '2025-02-09').workouts).toBe(1);

    const cap = await t.api('GET', `/api/analytics/capacity?${q}`, undefined, loner.accessToken);
    expect(cap.body.total_sets).toBe(8);
    expect(cap.body.intents.find((i: { intent: string }) => i.intent === 'strength')).toMatchObject({ sets: 6, percentage: 75 });

    expect((await t.api('GET', `/api/analytics/workouts?${q}`, undefined, coach.accessToken)).status).toBe(403);
    expect((await t.api('GET', `/api/analytics/capacity?athleteId=${loner.user.id}&from=2025-03-31&to=2025-03-01`, undefined, loner.accessToken)).status).toBe(400);
  });

  it('keeps the best record per rep range: heaviest, latest on a tie, only sets with reps and load', async () => {
    const session = (date: string, sets: object[]) => ({ user_id: loner.user.id, date, exercises: [{ exercise_name: 'Deadlift', sets }] });
    const created = await create(
      {
        workouts: [
          session('2025-01-06', [
            { reps: 5, load: 300, actual: { reps: 5, load: 300 } },
            { reps: 3, actual: { reps: 3, load: 330 } },
          ]),
          session('2025-01-13', [
            { reps: 5, actual: { reps: 5, load: 300 } },
            { reps: 1, actual: { reps: 1, load: 0 } },
          ]),
          session('2025-01-20', [{ reps: 5, actual: { reps: 5, load: 290 } }]),
        ],
      },
      loner,
    );
    const res = await t.api(
      'GET',
      `/api/performance-records?athlete_id=${loner.user.id}&exercise_name=deadlift&type=exercise`,
      undefined,
      loner.accessToken,
      after(created.checkpoint),
    );
    expect(res.body).toEqual({
      success: true,
      records: [
        { exercise_name: 'Deadlift', rep_range: 3, best_weight: 330, date_achieved: '2025-01-06', workout_id: created.ids[0], entry_id: null, unit: 'lbs' },
        { exercise_name: 'Deadlift', rep_range: 5, best_weight: 300, date_achieved: '2025-01-13', workout_id: created.ids[1], entry_id: null, unit: 'lbs' },
      ],
    });
    // Correcting an actual takes its record with it.
    const fix = await t.api('POST', `/api/athlete/workouts/${created.ids[0]}/actuals`, { exerciseIndex: 0, setIndex: 1, actual: { load: null } }, loner.accessToken);
    const after3 = await t.api('GET', `/api/performance-records?athlete_id=${loner.user.id}&exercise_name=Deadlift`, undefined, loner.accessToken, after(fix.body.checkpoint));
    expect(after3.body.records.map((r: { rep_range: number }) => r.rep_range)).toEqual([5]);
    expect((await t.api('GET', `/api/performance-records?athlete_id=${loner.user.id}`, undefined, coach.accessToken)).status).toBe(403);
  });
});
