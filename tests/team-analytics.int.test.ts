/**
 * GET /api/team-analytics against a hand-computed fixture. Today is 2025-06-30 (UTC):
 * 30d = 2025-06-01..30, its previous period 2025-05-02..31; 7d = 2025-06-24..30.
 *
 * Alice (30d): Bench 06-10 [5×100 → 5×100, 5×100 → 4×100, 5×100 → 0 reps, 0 reps prescribed (ignored)],
 *   Squat 06-10 [5×200 → 5×210], Plank (time, ignored); 06-20 Pull Up [8 → 8, no load], Bench [5×100, not done].
 *   → sets 4/6, reps 22/33, volume 900 + 1050 = 1950, loads 100+100+210 → 136.7, 2 workouts, 3 exercises.
 *   Before: 05-15 Squat [10×100 → 5×100] (previous period), 04-01 Bench [5×90 → 5, planned load] (only in 'all').
 * Bob (30d): 06-25 Squat [5×200 → 5×200 twice], Bench [10×90 → 10×90], Row [10×90 → 10×90 twice]
 *   → sets 5/5, reps 40/40, volume 2000 + 900 + 1800 = 4700, loads 670/5 → 134, 1 workout, 3 exercises.
 * Uma: 06-12 Squat [5×300 → 5×300], unlinked then relinked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User, alice: User, bob: User, uma: User, otherCoach: User, stranger: User;
let aliceLater: string;

const set = (reps: number, load: number | null, actual?: object) => ({ reps, ...(load !== null ? { load } : {}), ...(actual ? { actual } : {}) });
const ex = (name: string, sets: object[]) => ({ exercise_name: name, exercise_intent: 'strength', sets });

async function create(who: User, date: string, exercises: object[]): Promise<{ ids: string[]; checkpoint: string }> {
  const res = await t.api('POST', '/api/manage-workouts', { workouts: [{ user_id: who.user.id, date, name: 'Session', exercises }] }, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, res.body.checkpoint);
  return res.body;
}

const get = (who: User, query: string) => t.api('GET', `/api/team-analytics?${query}`, undefined, who.accessToken);

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date('2025-06-30T12:00:00Z') });
  [coach, alice, bob, uma, otherCoach, stranger] = await Promise.all([
    signedInUser(t, 'Coach Carla'),
    signedInUser(t, 'Alice Ames'),
    signedInUser(t, 'Bob Brown'),
    signedInUser(t, 'Uma Upton'),
    signedInUser(t, 'Other Otto'),
    signedInUser(t, 'Stranger Sam'),
  ]);
  for (const a of [alice, bob, uma]) await linkAthlete(t, coach, a);
  await linkAthlete(t, otherCoach, stranger);

  await create(alice, '2025-06-10', [
    ex('Bench Press', [set(5, 100, { reps: 5, load: 100 }), set(5, 100, { reps: 4, load: 100 }), set(5, 100, { reps: 0 }), set(0, 500, { reps: 3, load: 500 })]),
    ex('Squat', [set(5, 200, { reps: 5, load: 210 })]),
    { exercise_name: 'Plank', exercise_intent: 'endurance', sets: [{ type: 'time', time_duration: 60, actual: { time_duration: 60 } }] },
  ]);
  aliceLater = (await create(alice, '2025-06-20', [ex('Pull Up', [set(8, null, { reps: 8 })]), ex('Bench Press', [set(5, 100)])])).ids[0]!;
  await create(alice, '2025-05-15', [ex('Squat', [set(10, 100, { reps: 5, load: 100 })])]);
  await create(alice, '2025-04-01', [ex('Bench Press', [set(5, 90, { reps: 5 })])]);
  await create(bob, '2025-06-25', [
    ex('Squat', [set(5, 200, { reps: 5, load: 200 }), set(5, 200, { reps: 5, load: 200 })]),
    ex('Bench Press', [set(10, 90, { reps: 10, load: 90 })]),
    ex('Row', [set(10, 90, { reps: 10, load: 90 }), set(10, 90, { reps: 10, load: 90 })]),
  ]);
  await create(uma, '2025-06-12', [ex('Squat', [set(5, 300, { reps: 5, load: 300 })])]);
  await create(stranger, '2025-06-12', [ex('Squat', [set(5, 999, { reps: 5, load: 999 })])]);
  const unlinked = await t.api('DELETE', '/api/manage-links', { userId: uma.user.id }, coach.accessToken);
  expect(unlinked.status).toBe(200);
  await settled(t, unlinked.body.checkpoint);
});
afterAll(async () => t.close());

const ALICE_30D = {
  athlete_name: 'Alice Ames',
  recent_workouts: 2,
  total_volume: 1950,
  total_sets: 6,
  completed_sets: 4,
  completed_volume: 22,
  prescribed_volume: 33,
  rep_completion_rate: 66.7,
  set_completion_rate: 66.7,
  avg_intensity: 136.7,
  active_exercises: 3,
};
const BOB_30D = {
  athlete_name: 'Bob Brown',
  recent_workouts: 1,
  total_volume: 4700,
  total_sets: 5,
  completed_sets: 5,
  completed_volume: 40,
  prescribed_volume: 40,
  rep_completion_rate: 100,
  set_completion_rate: 100,
  avg_intensity: 134,
  active_exercises: 3,
};

describe('GET /api/team-analytics', () => {
  it('sums the linked team over 30 days: summary, athletes and rankings with ties', async () => {
    const res = await get(coach, 'range=30d&mode=reps');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.range).toEqual({ key: '30d', from: '2025-06-01', to: '2025-06-30' });
    expect(res.body.team_summary).toEqual({
      athlete_count: 2,
      active_athletes: 2,
      completed_volume: 62,
      prescribed_volume: 73,
      completed_sets: 9,
      total_sets: 11,
      total_volume: 6650,
      completion_rate: 84.9,
      rep_completion_rate: 84.9,
      set_completion_rate: 81.8,
      avg_team_intensity: 135,
      // previous period: Alice's 5 of 10 reps (50 %).
      team_trend: 34.9,
      most_active_athlete: 'Bob Brown',
    });
    // Uma was unlinked: she is not in the team; the coach never appears either.
    expect(res.body.athletes).toEqual([
      { athlete_id: alice.user.id, ...ALICE_30D, completion_rate: 66.7 },
      { athlete_id: bob.user.id, ...BOB_30D, completion_rate: 100 },
    ]);
    const rankings = res.body.exercise_rankings.map((r: any) => [r.exercise_name, r.total_team_volume, r.top_performers.map((p: any) => [p.athlete_name, p.volume])]);
    expect(rankings).toEqual([
      [
        'Squat',
        3050,
        [
          ['Bob Brown', 2000],
          ['Alice Ames', 1050],
        ],
      ],
      // Bench and Row tie at 1800: by name. Alice and Bob tie on Bench at 900: by name.
      [
        'Bench Press',
        1800,
        [
          ['Alice Ames', 900],
          ['Bob Brown', 900],
        ],
      ],
      ['Row', 1800, [['Bob Brown', 1800]]],
      ['Pull Up', 0, []],
    ]);
    // The chart's volumes follow the answer's athletes (by name: Alice, then Bob).
    expect(res.body.athletes.map((a: any) => a.athlete_id)).toEqual([alice.user.id, bob.user.id]);
    expect(res.body.exercise_rankings[0].athlete_volumes).toEqual([1050, 2000]);
  });

  it('reads completion by sets in set mode, with the trend against the previous 30 days', async () => {
    const res = await get(coach, 'range=30d&mode=sets');
    expect(res.body.team_summary).toMatchObject({ completion_rate: 81.8, team_trend: -18.2 });
    expect(res.body.athletes.map((a: any) => a.completion_rate)).toEqual([66.7, 100]);
  });

  it('covers the whole history with all, where there is no previous period', async () => {
    const res = await get(coach, 'range=all');
    expect(res.body.range).toEqual({ key: 'all', from: null, to: '2025-06-30' });
    expect(res.body.team_summary).toMatchObject({
      total_volume: 7600,
      completed_volume: 72,
      prescribed_volume: 88,
      total_sets: 13,
      completed_sets: 11,
      rep_completion_rate: 81.8,
      set_completion_rate: 84.6,
      avg_team_intensity: 127.0,
      team_trend: null,
    });
    expect(res.body.exercise_rankings.slice(0, 2).map((r: any) => [r.exercise_name, r.total_team_volume])).toEqual([
      ['Squat', 3550],
      ['Bench Press', 2250],
    ]);
    expect(res.body.athletes[0]).toMatchObject({ recent_workouts: 4, total_volume: 2900, avg_intensity: 120 });
  });

  it('reads 1Y from all-time totals minus what lies outside, and 90D from its own months and days', async () => {
    const all = await get(coach, 'range=all');
    const year = await get(coach, 'range=1y');
    expect(year.body.range).toEqual({ key: '1y', from: '2024-07-01', to: '2025-06-30' });
    // Nothing before 2024-07-01: the year holds everything, and its previous year nothing to compare with.
    expect(year.body.team_summary).toEqual({ ...all.body.team_summary, team_trend: null });
    expect(year.body.athletes).toEqual(all.body.athletes);
    expect(year.body.exercise_rankings).toEqual(all.body.exercise_rankings);
    const quarter = await get(coach, 'range=90d');
    // 2025-04-02..06-30 leaves out Alice's 04-01 bench (5 of 5 reps, 450 lbs), which is the previous period's only work.
    expect(quarter.body.team_summary).toMatchObject({ total_volume: 7150, completed_volume: 67, prescribed_volume: 83, rep_completion_rate: 80.7, team_trend: -19.3 });
  });

  it("trends 1Y against the previous 365 days, edges included, read as that year's own months and days", async () => {
    // 1Y = 2024-07-01..2025-06-30; its previous period 2023-07-02..2024-06-30. Stranger (Other Otto's only athlete):
    // 2025-06-12 5/5 reps and 2024-07-01 10/10 (current: 100 %); 2024-06-30 5/10 and 2023-07-02 9/10 (previous: 14/20 = 70 %);
    // 2023-07-01 0/10 lies before both. Counting the 07-01 miss would give 46.7 %, missing 07-02 50 %.
    await create(stranger, '2024-07-01', [ex('Squat', [set(10, 100, { reps: 10, load: 100 })])]);
    await create(stranger, '2024-06-30', [ex('Squat', [set(10, 100, { reps: 5, load: 100 })])]);
    await create(stranger, '2023-07-02', [ex('Squat', [set(10, 100, { reps: 9, load: 100 })])]);
    await create(stranger, '2023-07-01', [ex('Squat', [set(10, 100, { reps: 0 })])]);
    const res = await get(otherCoach, 'range=1y');
    expect(res.body.team_summary).toMatchObject({ completed_volume: 15, prescribed_volume: 15, rep_completion_rate: 100, team_trend: 30 });
    const all = await get(otherCoach, 'range=all');
    expect(all.body.team_summary).toMatchObject({ completed_volume: 29, prescribed_volume: 45, team_trend: null });
  });

  it('answers one athlete, and zeros for an empty range', async () => {
    const one = await get(coach, `range=30d&athletes=${alice.user.id}`);
    expect(one.body.athletes).toEqual([{ athlete_id: alice.user.id, ...ALICE_30D, completion_rate: 66.7 }]);
    expect(one.body.team_summary).toMatchObject({ athlete_count: 1, total_volume: 1950, rep_completion_rate: 66.7, most_active_athlete: 'Alice Ames', team_trend: 16.7 });
    expect(one.body.exercise_rankings.map((r: any) => r.exercise_name)).toEqual(['Squat', 'Bench Press', 'Pull Up']);

    const empty = await get(coach, `range=7d&athletes=${alice.user.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body.team_summary).toEqual({
      athlete_count: 1,
      active_athletes: 0,
      completed_volume: 0,
      prescribed_volume: 0,
      completed_sets: 0,
      total_sets: 0,
      total_volume: 0,
      completion_rate: 0,
      rep_completion_rate: 0,
      set_completion_rate: 0,
      avg_team_intensity: 0,
      team_trend: null,
      most_active_athlete: null,
    });
    expect(empty.body.athletes[0]).toMatchObject({ recent_workouts: 0, total_volume: 0, active_exercises: 0 });
    expect(empty.body.exercise_rankings).toEqual([]);
  });

  it('refuses athlete ids that are not linked to the caller, and writes nothing', async () => {
    for (const id of [stranger.user.id, uma.user.id, otherCoach.user.id, coach.user.id]) {
      const res = await get(coach, `athletes=${alice.user.id},${id}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'You can only see the team analytics of athletes you coach.' });
    }
    expect((await get(coach, 'athletes=not-an-id')).status).toBe(400);
    expect((await get(coach, 'range=2y')).status).toBe(400);
    expect((await t.api('GET', '/api/team-analytics')).status).toBe(401);
    // Another coach sees only their own athlete.
    const other = await get(otherCoach, 'range=30d');
    expect(other.body.athletes.map((a: any) => a.athlete_name)).toEqual(['Stranger Sam']);
    expect(other.body.team_summary.total_volume).toBe(4995);
    // A coach without clients gets an empty team.
    const none = await get(alice, 'range=30d');
    expect(none.body).toMatchObject({ athletes: [], exercise_rankings: [], team_summary: { athlete_count: 0, total_volume: 0 } });
  });

  it('follows a logged set, and relinking brings an athlete history back', async () => {
    const logged = await t.api('POST', `/api/athlete/workouts/${aliceLater}/actuals`, { exerciseIndex: 1, setIndex: 0, actual: { reps: 5, load: 100 } }, alice.accessToken);
    expect(logged.status).toBe(200);
    await settled(t, logged.body.checkpoint);
    const res = await get(coach, `range=30d&athletes=${alice.user.id}`);
    expect(res.body.athletes[0]).toMatchObject({ completed_sets: 5, completed_volume: 27, total_volume: 2450, avg_intensity: 127.5 });

    const relinked = await t.api('POST', '/api/manage-links', { email: uma.email }, coach.accessToken);
    expect(relinked.status, JSON.stringify(relinked.body)).toBe(200);
    await settled(t, relinked.body.checkpoint);
    const back = await get(coach, 'range=30d');
    expect(back.body.athletes.map((a: any) => [a.athlete_name, a.total_volume])).toEqual([
      ['Alice Ames', 2450],
      ['Bob Brown', 4700],
      ['Uma Upton', 1500],
    ]);
    expect(back.body.exercise_rankings[0]).toMatchObject({ exercise_name: 'Squat', total_team_volume: 4550 });
  });

  it('keeps the same rows as a full rebuild of the team analytics projection', async () => {
    const tables = ['days', 'months', 'years', 'totals'].flatMap((level) => [`team_exercise_${level}`, `team_athlete_${level}`]);
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of tables) out[table] = (await t.server.platform.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`)).rows;
      return out;
    };
    const before = await snapshot();
    expect(before.team_exercise_days.length).toBeGreaterThan(10);
    await t.server.platform.runner.rebuild('team_analytics');
    expect(await snapshot()).toEqual(before);
  });
});
