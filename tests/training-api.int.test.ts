import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let stranger: User;
let loner: User;

// "Today" is the server's clock in each user's zone (all UTC here): the clock is ours to move.
let clock = new Date('2025-03-12T12:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
  [coach, athlete, stranger, loner] = await Promise.all([
    signedInUser(t, 'Coach Carla'),
    signedInUser(t, 'Athlete Ann'),
    signedInUser(t, 'Stranger Sam'),
    signedInUser(t, 'Loner Lou'),
  ]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

const after = (checkpoint: string | null): Record<string, string> => (checkpoint ? { 'x-after-checkpoint': checkpoint } : {});
const workoutEvents = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE stream_id LIKE 'workout-%'`)).rows[0].n as number;

function workout(date: string, over: Record<string, unknown> = {}) {
  return {
    user_id: athlete.user.id,
    date,
    name: 'Lower',
    exercises: [
      {
        exercise_name: 'Back Squat',
        heading: 'A1',
        exercise_intent: 'strength',
        sets: [
          { type: 'standard', reps: 5, load: 200 },
          { type: 'standard', reps: 5, load: 200 },
        ],
      },
      { exercise_name: 'Plank', exercise_intent: 'endurance', sets: [{ type: 'time', time_duration: 45 }] },
    ],
    ...over,
  };
}

async function create(body: unknown, who: User = coach) {
  const res = await t.api('POST', '/api/manage-workouts', body, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { ids: string[]; id: string; checkpoint: string; created_count: number; newRecords: unknown[] };
}

/** Moves the server's clock; the access tokens issued before have expired by then, so `who` signs in again. */
async function travelTo(iso: string, who: User): Promise<User> {
  clock = new Date(iso);
  const session = await t.api('POST', '/api/auth/signin', { email: who.email, password: who.password });
  expect(session.status).toBe(200);
  return { ...who, ...session.body };
}

async function list(query: string, who: User = coach, checkpoint: string | null = null) {
  return t.api('GET', `/api/manage-workouts?${query}`, undefined, who.accessToken, after(checkpoint));
}

describe('POST /api/manage-workouts', () => {
  it('creates one workout for a linked athlete and lists it on the calendar', async () => {
    const created = await create({ workout: workout('2025-03-20') });
    expect(created).toMatchObject({ success: true, created_count: 1, ids: [created.id], newRecords: [] });
    const res = await list(`clientId=${athlete.user.id}&from=2025-03-20&to=2025-03-20`, coach, created.checkpoint);
    expect(res.status).toBe(200);
    expect(res.body.workouts).toEqual([
      expect.objectContaining({ id: created.id, user_id: athlete.user.id, date: '2025-03-20', name: 'Lower', notes: null, status: 'scheduled', updated_at: expect.any(String) }),
    ]);
    const [squat, plank] = res.body.workouts[0].exercises;
    expect(squat).toMatchObject({ exercise_name: 'Back Squat', heading: 'A1', order_index: 0 });
    expect(plank).toMatchObject({ exercise_name: 'Plank', heading: 'B1', order_index: 1, sets: [{ type: 'time', time_duration: 45 }] });
  });

  it('creates in bulk, dropping entries without exercises', async () => {
    const created = await create({ workouts: [workout('2025-04-01'), { user_id: athlete.user.id, date: '2025-04-02', exercises: [] }, workout('2025-04-03', { notes: '' })] });
    expect(created.created_count).toBe(2);
    const res = await list(`athleteId=${athlete.user.id}&from=2025-04-01&to=2025-04-30`, coach, created.checkpoint);
    expect(res.body.workouts.map((w: { date: string }) => w.date)).toEqual(['2025-04-01', '2025-04-03']);
  });

  it('lets athletes plan their own workouts', async () => {
    const created = await create({ workout: workout('2025-05-01') }, athlete);
    expect(created.created_count).toBe(1);
  });

  // Bodies are built lazily: the users exist only once beforeAll has run.
  it.each([
    ['an impossible date in a bulk', () => ({ workouts: [workout('2025-06-01'), workout('2025-06-31')] }), 'workouts[1]: The date must be a real calendar date (YYYY-MM-DD).'],
    ['no user_id', () => ({ workout: workout('2025-06-01', { user_id: undefined }) }), 'user_id is required.'],
    ['exercises not an array', () => ({ workout: workout('2025-06-01', { exercises: 'many' }) }), 'exercises must be an array.'],
    ['an exercise without a name', () => ({ workout: workout('2025-06-01', { exercises: [{ sets: [] }] }) }), 'exercises[0].exercise_name is required.'],
    ['sets not an array', () => ({ workout: workout('2025-06-01', { exercises: [{ exercise_name: 'Squat', sets: 5 }] }) }), 'exercises[0].sets must be an array.'],
    ['no exercises', () => ({ workout: workout('2025-06-01', { exercises: [] }) }), 'Saving a workout needs at least one exercise.'],
    ['neither workout nor workouts', () => ({}), 'Send either {workout} or {workouts:[...]}.'],
    ['both workout and workouts', () => ({ workout: workout('2025-06-01'), workouts: [] }), 'Send either {workout} or {workouts:[...]}.'],
    ['an unknown field', () => ({ workout: workout('2025-06-01'), extra: 1 }), 'Unknown field: extra.'],
  ])('refuses %s with 400 and writes nothing', async (_what, body, error) => {
    const before = await workoutEvents();
    const res = await t.api('POST', '/api/manage-workouts', body(), coach.accessToken);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await workoutEvents()).toBe(before);
  });

  it('refuses body that is not JSON', async () => {
    const res = await t.api('POST', '/api/manage-workouts', '{"workout":', coach.accessToken);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON.');
  });

  it('refuses a coach who is not linked to the athlete, for the whole bulk', async () => {
    const before = await workoutEvents();
    const mine = { ...workout('2025-06-02'), user_id: stranger.user.id };
    const res = await t.api('POST', '/api/manage-workouts', { workouts: [mine, workout('2025-06-02')] }, stranger.accessToken);
    expect(res.status).toBe(403);
    expect(await workoutEvents()).toBe(before);
  });

  it('writes none of a bulk paste when the database fails on one of its workouts', async () => {
    // The database itself refuses one workout's event part-way through the paste (as a
    // full disk or a lost connection would): nothing of the paste may be left behind.
    // The trigger picks it by its date: its name is encrypted in the event (issue 26).
    await t.db.pool.query(`CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.data->>'date' = '2025-06-12' THEN RAISE EXCEPTION 'the disk is full'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_doomed BEFORE INSERT ON es_events FOR EACH ROW EXECUTE FUNCTION refuse_doomed()`);
    try {
      const before = await workoutEvents();
      const paste = [
        workout('2025-06-10'),
        workout('2025-06-11'),
        workout('2025-06-12', { name: 'Doomed' }),
        ...['13', '14', '15', '16', '17', '18', '19'].map((d) => workout(`2025-06-${d}`)),
      ];
      const res = await t.api('POST', '/api/manage-workouts', { workouts: paste }, coach.accessToken);
      expect(res.status).toBe(500);
      expect(await workoutEvents()).toBe(before);
    } finally {
      await t.db.pool.query('DROP TRIGGER refuse_doomed ON es_events; DROP FUNCTION refuse_doomed()');
    }
  });

  it('needs a session', async () => {
    const res = await t.api('POST', '/api/manage-workouts', { workout: workout('2025-06-01') });
    expect(res).toEqual({ status: 401, body: { error: 'No authentication token available' } });
  });
});

describe('GET /api/manage-workouts', () => {
  it("says missed for a past workout without actuals, by the viewer's date", async () => {
    const created = await create({ workout: workout('2025-03-05') });
    const res = await list(`clientId=${athlete.user.id}&from=2025-03-05&to=2025-03-05`, coach, created.checkpoint);
    expect(res.body.workouts[0].status).toBe('missed');
  });

  it.each([
    ['', 400, 'clientId is required.'],
    ['clientId=nope', 400, 'clientId must be a user id.'],
    ['clientId=ATHLETE&from=2025-02-30', 400, 'from must be a real calendar date (YYYY-MM-DD).'],
    ['clientId=ATHLETE&colour=red', 400, undefined],
  ])('refuses ?%s', async (query, status, error) => {
    const res = await list(query.replace('ATHLETE', athlete.user.id));
    expect(res.status).toBe(status);
    if (error) expect(res.body).toEqual({ error });
  });

  it("refuses another coach's athlete", async () => {
    const res = await list(`clientId=${athlete.user.id}`, stranger);
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/manage-workouts', () => {
  it('updates the workout and keeps what the athlete logged meanwhile', async () => {
    const created = await create({ workout: workout('2025-03-10') });
    const logged = await t.api('POST', `/api/athlete/workouts/${created.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 200 } }, athlete.accessToken);
    expect(logged.status).toBe(200);
    // The coach's editor still holds the copy from before the athlete logged.
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: workout('2025-03-10', { name: 'Lower (heavy)' }) }, coach.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: created.id, newRecords: [] });
    const got = await t.api('GET', `/api/manage-workouts/${created.id}`, undefined, coach.accessToken, after(res.body.checkpoint));
    expect(got.body.workout).toMatchObject({ name: 'Lower (heavy)', status: 'partial' });
    expect(got.body.workout.exercises[0].sets[0].actual).toEqual({ reps: 5, load: 200 });
  });

  it('tells the coach about a personal record the save set', async () => {
    const created = await create({ workout: workout('2025-03-03') });
    const withActuals = workout('2025-03-03');
    (withActuals.exercises[0].sets[1] as Record<string, unknown>).actual = { reps: 5, load: 315 };
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: withActuals }, coach.accessToken);
    expect(res.body.newRecords).toEqual([{ exercise_name: 'Back Squat', rep_range: 5, best_weight: 315 }]);
    const again = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: { ...withActuals, name: 'Renamed' } }, coach.accessToken);
    expect(again.body.newRecords).toEqual([]);
  });

  it('answers 404 for a workout that does not exist, so the editor creates it instead', async () => {
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: '0b5e4f1e-8d1c-4a59-9f8c-000000000000', workout: workout('2025-03-10') }, coach.accessToken);
    expect(res).toEqual({ status: 404, body: { error: 'Workout not found.' } });
    expect((await t.api('PUT', '/api/manage-workouts', { workoutId: 'local-1', workout: workout('2025-03-10') }, coach.accessToken)).status).toBe(404);
  });

  it('answers 409 for a deleted workout', async () => {
    const created = await create({ workout: workout('2025-03-11') });
    await t.api('DELETE', '/api/manage-workouts', { workoutId: created.id }, coach.accessToken);
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: workout('2025-03-11') }, coach.accessToken);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'This workout was deleted.', code: 'workout_deleted' });
  });

  it("hides another coach's athlete's workout as missing", async () => {
    const created = await create({ workout: workout('2025-03-12') });
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: workout('2025-03-12') }, stranger.accessToken);
    expect(res.status).toBe(404);
    expect((await t.api('GET', `/api/manage-workouts/${created.id}`, undefined, stranger.accessToken)).status).toBe(404);
    expect((await t.api('GET', `/api/manage-workouts/${created.id}/history`, undefined, stranger.accessToken)).status).toBe(404);
  });

  it('refuses to hand the workout to another athlete', async () => {
    const created = await create({ workout: workout('2025-03-13') });
    const res = await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: { ...workout('2025-03-13'), user_id: coach.user.id } }, coach.accessToken);
    expect(res.status).toBe(400);
  });
});

describe('DELETE, restore and move', () => {
  it('deletes in bulk, restores on the original dates (Undo), and moves by drag and drop', async () => {
    const created = await create({ workouts: [workout('2025-07-01'), workout('2025-07-03')] });
    const del = await t.api('DELETE', '/api/manage-workouts', { workoutIds: created.ids }, coach.accessToken);
    expect(del.body).toMatchObject({ success: true, deleted_count: 2 });
    expect((await list(`clientId=${athlete.user.id}&from=2025-07-01&to=2025-07-31`, coach, del.body.checkpoint)).body.workouts).toEqual([]);
    const again = await t.api('DELETE', '/api/manage-workouts', { workoutId: created.ids[0] }, coach.accessToken);
    expect(again.body).toMatchObject({ success: true, deleted_count: 0 });

    const restored = await t.api('POST', '/api/manage-workouts/restore', { workoutIds: created.ids }, coach.accessToken);
    expect(restored.body).toMatchObject({ success: true, restored_count: 2 });
    expect((await t.api('POST', '/api/manage-workouts/restore', { workoutIds: created.ids }, coach.accessToken)).status).toBe(409);

    const moved = await t.api('POST', '/api/manage-workouts/move', { workoutId: created.ids[1], date: '2025-07-04' }, coach.accessToken);
    expect(moved.status).toBe(200);
    const res = await list(`clientId=${athlete.user.id}&from=2025-07-01&to=2025-07-31`, coach, moved.body.checkpoint);
    expect(res.body.workouts.map((w: { date: string }) => w.date)).toEqual(['2025-07-01', '2025-07-04']);
    expect((await t.api('POST', '/api/manage-workouts/move', { workoutId: created.ids[1], date: '2025-07-32' }, coach.accessToken)).status).toBe(400);
  });

  it("deletes nothing when one of the workouts is missing or not the caller's", async () => {
    const created = await create({ workout: workout('2025-07-10') });
    const mine = await create({ workout: { ...workout('2025-07-10'), user_id: stranger.user.id } }, stranger);
    const res = await t.api('DELETE', '/api/manage-workouts', { workoutIds: [created.id, '0b5e4f1e-8d1c-4a59-9f8c-000000000001'] }, coach.accessToken);
    expect(res.status).toBe(404);
    expect((await t.api('DELETE', '/api/manage-workouts', { workoutIds: [mine.id, created.id] }, coach.accessToken)).status).toBe(404);
    expect((await list(`clientId=${athlete.user.id}&from=2025-07-10&to=2025-07-10`, coach, created.checkpoint)).body.workouts).toHaveLength(1);
    expect((await t.api('DELETE', '/api/manage-workouts', {}, coach.accessToken)).status).toBe(400);
  });
});

describe('GET /api/manage-workouts/:id and its history', () => {
  it('returns the workout with the last actual, who logged it, and who changed what', async () => {
    const created = await create({ workout: workout('2025-03-09') });
    const logged = await t.api('POST', `/api/athlete/workouts/${created.id}/actuals`, { exerciseIndex: 1, setIndex: 0, actual: { time_duration: 50 } }, athlete.accessToken);
    const got = await t.api('GET', `/api/manage-workouts/${created.id}`, undefined, coach.accessToken, after(logged.body.checkpoint));
    expect(got.body.workout).toMatchObject({
      id: created.id,
      deleted: false,
      version: 1,
      last_actual: { exercise_index: 1, exercise_name: 'Plank', set_index: 0, actual: { time_duration: 50 }, by: athlete.user.id, by_name: 'Athlete Ann' },
    });
    const history = await t.api('GET', `/api/manage-workouts/${created.id}/history`, undefined, coach.accessToken);
    expect(history.body.history).toMatchObject([
      { version: 1, type: 'SetActualRecorded', user_id: athlete.user.id, user_name: 'Athlete Ann', details: { exercise_name: 'Plank', set_index: 0 } },
      { version: 0, type: 'WorkoutScheduled', user_id: coach.user.id, user_name: 'Coach Carla', details: { date: '2025-03-09', exercise_count: 2 } },
    ]);
  });
});

describe('athlete routes', () => {
  it("lists only the athlete's own workouts", async () => {
    const created = await create({ workout: workout('2025-08-01') });
    const own = await t.api('GET', '/api/athlete/workouts?from=2025-08-01&to=2025-08-31', undefined, athlete.accessToken, after(created.checkpoint));
    expect(own.body.workouts.map((w: { id: string }) => w.id)).toEqual([created.id]);
    const other = await t.api('GET', '/api/athlete/workouts?from=2025-08-01&to=2025-08-31', undefined, loner.accessToken);
    expect(other.body.workouts).toEqual([]);
  });

  it('records actuals as the athlete or the linked coach, never as someone else', async () => {
    const created = await create({ workout: workout('2025-08-05') });
    const path = `/api/athlete/workouts/${created.id}/actuals`;
    const byAthlete = await t.api('POST', path, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 405 } }, athlete.accessToken);
    expect(byAthlete.body).toMatchObject({ success: true, newRecords: [{ exercise_name: 'Back Squat', rep_range: 5, best_weight: 405 }] });
    const byCoach = await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 4 } }, coach.accessToken);
    expect(byCoach.status).toBe(200);
    const before = await workoutEvents();
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 5 } }, loner.accessToken)).status).toBe(404);
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 9, actual: { reps: 5 } }, athlete.accessToken)).status).toBe(404);
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: -5 } }, athlete.accessToken)).status).toBe(400);
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { weight: 5 } }, athlete.accessToken)).status).toBe(400);
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: {} }, athlete.accessToken)).status).toBe(400);
    expect((await t.api('POST', '/api/athlete/workouts/nope/actuals', { exerciseIndex: 0, setIndex: 1, actual: { reps: 1 } }, athlete.accessToken)).status).toBe(404);
    expect(await workoutEvents()).toBe(before);
  });

  it('refuses a coach on the first command after their link ends, though the workout is known by then', async () => {
    const former = await signedInUser(t, 'Former Coach');
    const client = await signedInUser(t, 'Leaving Client');
    await linkAthlete(t, former, client);
    const created = await create({ workout: { ...workout('2025-08-06'), user_id: client.user.id } }, former);
    const path = `/api/athlete/workouts/${created.id}/actuals`;
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5 } }, client.accessToken)).status).toBe(200);
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 5 } }, former.accessToken)).status).toBe(200);

    const unlinked = await t.api('DELETE', '/api/manage-links', { userId: client.user.id }, former.accessToken);
    expect(unlinked.status).toBe(200);
    await t.server.platform.runner.waitFor(unlinked.body.checkpoint);
    const before = await workoutEvents();
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 4 } }, former.accessToken)).status).toBe(404);
    expect((await t.api('PUT', '/api/manage-workouts', { workoutId: created.id, workout: { ...workout('2025-08-06'), user_id: client.user.id } }, former.accessToken)).status).toBe(
      404,
    );
    expect(await workoutEvents()).toBe(before);
    // The athlete's own logging goes on.
    expect((await t.api('POST', path, { exerciseIndex: 0, setIndex: 1, actual: { reps: 4 } }, client.accessToken)).status).toBe(200);
  });

  it('shows the dashboard: upcoming, recent, totals, streaks and weekly completion', async () => {
    // 08-29 stays unlogged: a missed workout ends whatever streak earlier tests' workouts built.
    const created = await create({ workouts: [workout('2025-09-01'), workout('2025-09-02'), workout('2025-09-03'), workout('2025-09-10'), workout('2025-08-29')] }, coach);
    const done = { reps: 5, load: 200 };
    for (const id of created.ids.slice(0, 2)) {
      for (const setIndex of [0, 1]) await t.api('POST', `/api/athlete/workouts/${id}/actuals`, { exerciseIndex: 0, setIndex, actual: done }, athlete.accessToken);
      const r = await t.api('POST', `/api/athlete/workouts/${id}/actuals`, { exerciseIndex: 1, setIndex: 0, actual: { time_duration: 45, load: 0 } }, athlete.accessToken);
      expect(r.status).toBe(200);
    }
    const last = await t.api('POST', `/api/athlete/workouts/${created.ids[2]}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: done }, athlete.accessToken);
    const reading = await travelTo('2025-09-04T12:00:00Z', athlete);
    const res = await t.api('GET', '/api/athlete/dashboard', undefined, reading.accessToken, after(last.body.checkpoint));
    expect(res.status).toBe(200);
    expect(res.body.upcoming[0]).toMatchObject({ date: '2025-09-10', status: 'scheduled', exercise_count: 2 });
    expect(res.body.recent.slice(0, 3)).toMatchObject([
      { date: '2025-09-03', status: 'partial' },
      { date: '2025-09-02', status: 'completed' },
      { date: '2025-09-01', status: 'completed' },
    ]);
    expect(res.body.streak.current).toBe(3);
    expect(res.body.streak.best).toBeGreaterThanOrEqual(3);
    expect(res.body.streak.definition).toMatch(/^Training days in a row on which you logged/);
    expect(res.body.totals.completed).toBeGreaterThanOrEqual(2);
    expect(res.body.progress).toHaveLength(8);
    // The half-done 09-03 is a workout done (workout-done.ts), as in the recap and team analytics.
    expect(res.body.progress.at(-1)).toEqual({ week_start: '2025-08-31', workouts: 3, completed: 3, completion: 100 });
  });
});
