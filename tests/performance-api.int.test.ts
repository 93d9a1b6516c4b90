import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

// A fixed clock: "today" is 2026-03-15 for everyone (profiles default to UTC).
const NOW = new Date('2026-03-15T12:00:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let other: User;
let otherCoach: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  [coach, athlete, other, otherCoach] = await Promise.all([
    signedInUser(t, 'Coach Carla'),
    signedInUser(t, 'Athlete Ann'),
    signedInUser(t, 'Other Olly'),
    signedInUser(t, 'Coach Cody'),
  ]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

const after = (checkpoint: string | null): Record<string, string> => (checkpoint ? { 'x-after-checkpoint': checkpoint } : {});
const log = (who: User, body: Record<string, unknown>) => t.api('POST', '/api/performance-records', { athlete_id: athlete.user.id, ...body }, who.accessToken);
const records = (who: User, checkpoint: string | null, q = '') =>
  t.api('GET', `/api/performance-records?athlete_id=${athlete.user.id}${q}`, undefined, who.accessToken, after(checkpoint));
async function eventCount(): Promise<number> {
  const { rows } = await t.server.platform.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type LIKE 'Performance%'`);
  return rows[0].n;
}

describe('POST /api/performance-records', () => {
  it('refuses bad input with the spec texts and writes nothing', async () => {
    const before = await eventCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ exercise_name: 'Back Squat', value: '2000.01', reps: 5, date: '2026-03-01' }, 'Weight seems unrealistic (max 2000 lbs)'],
      [{ exercise_name: 'Back Squat', value: 0, reps: 5, date: '2026-03-01' }, 'Value must be greater than 0'],
      [{ exercise_name: 'Back Squat', value: 'lots', reps: 5, date: '2026-03-01' }, 'Please enter a valid weight/value'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 101, date: '2026-03-01' }, 'Rep count seems unrealistic (max 100)'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 0, date: '2026-03-01' }, 'Reps must be 1 or higher'],
      [{ exercise_name: 'Mile Run', value: 3601, date: '2026-03-01' }, 'Time seems unrealistic (max 1 hour)'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 5, date: '2026-03-16' }, 'Cannot log metrics for future dates'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 5, date: '2021-03-14' }, 'Cannot log metrics more than 5 years in the past'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 5, date: '2026-02-30' }, 'Please enter a valid date in YYYY-MM-DD format'],
      [{ exercise_name: 'Back Squat', value: 200, reps: 5, date: '' }, 'Date is required'],
      [{ exercise_name: ' ', value: 200, reps: 5, date: '2026-03-01' }, 'Exercise name is required'],
      [{ value: 200, reps: 5, date: '2026-03-01' }, 'Please complete all required fields'],
      [{ exercise_name: 'Back Squat', reps: 5, date: '2026-03-01' }, 'Please complete all required fields'],
    ];
    for (const [body, error] of cases) {
      const res = await log(coach, body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error } });
    }
    const noAthlete = await t.api('POST', '/api/performance-records', { exercise_name: 'Back Squat', value: 200, reps: 5, date: '2026-03-01' }, coach.accessToken);
    expect(noAthlete.body).toEqual({ error: 'Please complete all required fields' });
    expect(await eventCount()).toBe(before);
  });

  it('lets the athlete and a linked coach log, and nobody else (nothing written)', async () => {
    const before = await eventCount();
    const body = { exercise_name: 'Front Squat', value: 150, reps: 3, date: '2026-03-10' };
    expect((await log(otherCoach, body)).status).toBe(404);
    expect((await log(other, body)).status).toBe(404);
    expect((await t.api('POST', '/api/performance-records', { ...body, athlete_id: athlete.user.id })).status).toBe(401);
    const forOther = await t.api('POST', '/api/performance-records', { ...body, athlete_id: other.user.id }, athlete.accessToken);
    expect(forOther).toEqual({ status: 404, body: { error: 'Athlete not found' } });
    expect(await eventCount()).toBe(before);
    expect((await t.api('GET', `/api/performance-summary?athlete_id=${athlete.user.id}`, undefined, otherCoach.accessToken)).status).toBe(404);
    expect((await t.api('GET', '/api/performance-summary?athlete_id=not-a-uuid', undefined, coach.accessToken)).body).toEqual({ error: 'Athlete not found' });
    expect((await t.api('POST', '/api/performance-records', { ...body, athlete_id: 'not-a-uuid' }, coach.accessToken)).status).toBe(404);
    expect((await t.api('GET', `/api/rep-max-profile?athlete_id=${athlete.user.id}&exercise_name=Squat`, undefined, other.accessToken)).status).toBe(404);

    const mine = await log(athlete, body);
    expect(mine.status).toBe(201);
    expect(mine.body.entry).toMatchObject({ exerciseName: 'Front Squat', exerciseType: 'strength', unit: 'lbs', value: 150, reps: 3, loggedBy: athlete.user.id });
    expect((await log(coach, { ...body, value: 155 })).status).toBe(201);
  });
});

describe('athlete_performance_records', () => {
  it('holds manual and workout records in one table, the best per day, and a corrected or deleted actual takes its record along', async () => {
    const manual = await log(coach, { exercise_name: 'Deadlift', value: 300, reps: 5, date: '2026-03-02' });
    const planned = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: { user_id: athlete.user.id, date: '2026-03-09', exercises: [{ exercise_name: 'Deadlift', sets: [{ reps: 5, load: 310, actual: { reps: 5, load: 320 } }] }] },
      },
      coach.accessToken,
    );
    expect(planned.status).toBe(201);
    let res = await records(coach, planned.body.checkpoint, '&exercise_name=deadlift');
    // The best per rep range: the workout's 320 beats the manual 300.
    expect(res.body.records).toEqual([
      { exercise_name: 'Deadlift', rep_range: 5, best_weight: 320, date_achieved: '2026-03-09', workout_id: planned.body.id, entry_id: null, unit: 'lbs' },
    ]);
    const summary = await t.api('GET', `/api/performance-summary?athlete_id=${athlete.user.id}&range=30d`, undefined, coach.accessToken);
    const deadlifts = summary.body.allRecords.filter((m: { name: string }) => m.name === 'Deadlift');
    expect(deadlifts.map((m: { value: number; source: string; isPR: boolean }) => [m.value, m.source, m.isPR])).toEqual([
      [300, 'manual', false],
      [320, 'workout', true],
    ]);

    // Correcting the actual below the manual entry hands the best back to it.
    const fix = await t.api('POST', `/api/athlete/workouts/${planned.body.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 290 } }, athlete.accessToken);
    res = await records(coach, fix.body.checkpoint, '&exercise_name=Deadlift');
    expect(res.body.records).toEqual([
      { exercise_name: 'Deadlift', rep_range: 5, best_weight: 300, date_achieved: '2026-03-02', workout_id: null, entry_id: manual.body.id, unit: 'lbs' },
    ]);
    // Deleting the workout removes its record; removing the manual entry leaves nothing.
    const del = await t.api('DELETE', '/api/manage-workouts', { workoutId: planned.body.id }, coach.accessToken);
    expect(del.status).toBe(200);
    const all = await t.api('GET', `/api/performance-summary?athlete_id=${athlete.user.id}&range=all`, undefined, coach.accessToken, after(del.body.checkpoint));
    expect(all.body.allRecords.filter((m: { name: string }) => m.name === 'Deadlift')).toHaveLength(1);

    expect((await t.api('DELETE', `/api/performance-records/${manual.body.id}`, undefined, otherCoach.accessToken)).status).toBe(404);
    const removed = await t.api('DELETE', `/api/performance-records/${manual.body.id}`, undefined, coach.accessToken);
    expect(removed.status).toBe(200);
    res = await records(coach, removed.body.checkpoint, '&exercise_name=Deadlift');
    expect(res.body.records).toEqual([]);
  });

  it('time-type records keep the lowest time', async () => {
    await log(athlete, { exercise_name: '40 Yard Dash', value: 4.9, date: '2026-03-03' });
    const fast = await log(athlete, { exercise_name: '40 Yard Dash', value: 4.7, date: '2026-03-04' });
    const slow = await log(athlete, { exercise_name: '40 Yard Dash', value: 5.1, date: '2026-03-05' });
    const res = await records(athlete, slow.body.checkpoint, '&exercise_name=40 Yard Dash');
    expect(res.body.records).toEqual([
      { exercise_name: '40 Yard Dash', rep_range: 0, best_weight: 4.7, date_achieved: '2026-03-04', workout_id: null, entry_id: fast.body.id, unit: 'seconds' },
    ]);
  });

  it('scores categories and the overall score, and gives a rep-max profile with its source record', async () => {
    const res = await t.api('GET', `/api/performance-summary?athlete_id=${athlete.user.id}&range=30d`, undefined, athlete.accessToken);
    const byName = Object.fromEntries(res.body.categories.map((c: { name: string }) => [c.name, c]));
    // Front Squat × 3 (150 and 155 the same day: one record) → Strength: 1 entry, 1 metric = 25.
    // 40 Yard Dash on three days → Speed: 3 entries, 1 metric (its best, 4.7 s) = 65. Overall: round(90 / 2).
    expect(byName.Strength).toMatchObject({ metricsCount: 1, score: 25 });
    expect(byName.Speed).toMatchObject({ metricsCount: 1, score: 65 });
    expect(byName.Speed.metrics.map((m: { value: number; isPR: boolean }) => [m.value, m.isPR])).toEqual([[4.7, true]]);
    expect(res.body.overallScore).toBe(45);
    expect(res.body.recentMetrics).toHaveLength(4);

    const profile = await t.api('GET', `/api/rep-max-profile?athlete_id=${athlete.user.id}&exercise_name=front squat`, undefined, coach.accessToken);
    expect(profile.body).toMatchObject({ exercise_name: 'Front Squat', one_rm: 170.5, source: { rep_range: 3, best_weight: 155, date_achieved: '2026-03-10' } });
    expect(profile.body.formula).toMatch(/Epley/);
    expect(profile.body.profile[2]).toMatchObject({ reps: 3, best: { best_weight: 155 }, estimated: 155 });
  });
});

describe('New PR news', () => {
  it("tells the coach's topic when a workout actual beats the athlete's best, and lists it in recent PRs", async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${coach.accessToken}`);
    const messages: any[] = [];
    ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
    const waitFor = async (pred: (m: any) => boolean) => {
      for (let i = 0; i < 300; i++) {
        const found = messages.find(pred);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no message; got ${JSON.stringify(messages)}`);
    };
    await waitFor((m) => m.type === 'ready');
    ws.send(JSON.stringify({ type: 'subscribe', topic: `prs:${coach.user.id}` }));
    await waitFor((m) => m.type === 'subscribed');
    ws.send(JSON.stringify({ type: 'subscribe', topic: `prs:${athlete.user.id}` }));
    expect(await waitFor((m) => m.topic === `prs:${athlete.user.id}` && m.type !== 'changed')).toMatchObject({ type: 'error' });

    await log(coach, { exercise_name: 'Bench Press', value: 200, reps: 5, date: '2026-03-01' });
    const heavier = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: { user_id: athlete.user.id, date: '2026-03-12', exercises: [{ exercise_name: 'Bench Press', sets: [{ reps: 5, load: 210, actual: { reps: 5, load: 210 } }] }] },
      },
      coach.accessToken,
    );
    await waitFor((m) => m.type === 'changed' && m.topic === `prs:${coach.user.id}`);
    ws.close();
    const prs = await t.api('GET', '/api/recent-prs?days=30', undefined, coach.accessToken, after(heavier.body.checkpoint));
    expect(prs.status, JSON.stringify(prs.body)).toBe(200);
    // Newest first; the earlier tests' 155 front squat (over 150) and 4.7 s dash (under 4.9) were news too.
    expect(prs.body.prs.map((p: any) => [p.athlete_name, p.exercise_name, p.weight, p.rep_range, p.previous])).toEqual([
      ['Athlete Ann', 'Bench Press', 210, 5, 200],
      ['Athlete Ann', '40 Yard Dash', 4.7, 0, 4.9],
      ['Athlete Ann', 'Front Squat', 155, 3, 150],
    ]);
    const own = await t.api('GET', `/api/recent-prs?athlete_id=${athlete.user.id}`, undefined, athlete.accessToken);
    expect(own.body.prs).toHaveLength(3);
    expect((await t.api('GET', `/api/recent-prs?athlete_id=${athlete.user.id}`, undefined, otherCoach.accessToken)).status).toBe(404);
  });

  it('does not call a logged set a new record when a manual entry already holds more', async () => {
    const manual = await log(coach, { exercise_name: 'Front Squat', value: 250, reps: 3, date: '2026-03-03' });
    expect(manual.status).toBe(201);
    await records(coach, manual.body.checkpoint, '&exercise_name=front squat');
    const planned = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: '2026-03-10',
          exercises: [
            {
              exercise_name: 'Front Squat',
              sets: [
                { reps: 3, load: 240 },
                { reps: 3, load: 260 },
              ],
            },
          ],
        },
      },
      coach.accessToken,
    );
    await records(coach, planned.body.checkpoint, '&exercise_name=front squat');
    const path = `/api/athlete/workouts/${planned.body.id}/actuals`;
    const below = await t.api('POST', path, { exerciseIndex: 0, setIndex: 0, actual: { reps: 3, load: 240 } }, athlete.accessToken);
    expect(below.body.newRecords).toEqual([]);
    const above = await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 3, load: 260 } }, athlete.accessToken);
    expect(above.body.newRecords).toEqual([{ exercise_name: 'Front Squat', rep_range: 3, best_weight: 260 }]);
  });
});
