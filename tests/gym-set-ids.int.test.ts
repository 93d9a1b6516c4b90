/**
 * Gym mode, server side: every set has a stable id. A set logged on a phone while the
 * coach reordered the workout lands on that set wherever it is now; one the coach
 * removed is refused (409 set_removed) and changes nothing. Workouts scheduled before
 * set ids existed get the same ids live and after a rebuild.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SET_REMOVED = { error: 'Not applied: your coach removed this set', code: 'set_removed' };

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Ids'), signedInUser(t, 'Athlete Ids')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

type Set = { id: string; reps?: number; load?: number; actual?: Record<string, number> };
type Exercise = { exercise_name: string; sets: Set[] };

const plan = () => ({
  user_id: athlete.user.id,
  date: '2025-07-01',
  name: 'Pull',
  exercises: [
    {
      exercise_name: 'Deadlift',
      sets: [
        { reps: 5, load: 140 },
        { reps: 5, load: 150 },
        { reps: 5, load: 160 },
      ],
    },
    { exercise_name: 'Row', sets: [{ reps: 10, load: 60 }] },
  ],
});

async function create(): Promise<string> {
  const res = await t.api('POST', '/api/manage-workouts', { workout: plan() }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, res.body.checkpoint);
  return res.body.id;
}

async function editorCopy(id: string, checkpoint?: string | null): Promise<{ exercises: Exercise[]; last_actual: Record<string, unknown> | null }> {
  const res = await t.api('GET', `/api/manage-workouts/${id}`, undefined, coach.accessToken, checkpoint ? { 'x-after-checkpoint': checkpoint } : {});
  expect(res.status).toBe(200);
  return res.body.workout;
}

async function save(id: string, exercises: unknown[]) {
  const res = await t.api('PUT', '/api/manage-workouts', { workoutId: id, workout: { ...plan(), exercises } }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settled(t, res.body.checkpoint);
  return res.body.checkpoint as string | null;
}

const logSet = (id: string, body: unknown) => t.api('POST', `/api/athlete/workouts/${id}/actuals`, body, athlete.accessToken, { 'idempotency-key': randomUUID() });
const idsOf = (exercises: Exercise[]) => exercises.map((e) => e.sets.map((s) => s.id));
const eventCount = async () => (await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events')).rows[0].n;

describe('set ids', () => {
  it('gives every set an id, the same in the calendar, the athlete list and the editor', async () => {
    const id = await create();
    const editor = await editorCopy(id);
    const ids = idsOf(editor.exercises).flat();
    expect(ids).toHaveLength(4);
    for (const s of ids) expect(s).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    const calendar = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=2025-07-01&to=2025-07-01`, undefined, coach.accessToken);
    const mine = await t.api('GET', '/api/athlete/workouts?from=2025-07-01&to=2025-07-01', undefined, athlete.accessToken);
    for (const list of [calendar.body.workouts, mine.body.workouts]) {
      expect(idsOf(list.find((w: { id: string }) => w.id === id).exercises)).toEqual(idsOf(editor.exercises));
    }
  });

  it('keeps the ids through a save from an editor that sends none (same place, same set)', async () => {
    const id = await create();
    const before = idsOf((await editorCopy(id)).exercises);
    const changed = plan();
    changed.exercises[0].sets[2].load = 165;
    await save(id, changed.exercises);
    expect(idsOf((await editorCopy(id)).exercises)).toEqual(before);
  });

  it('lands an actual sent by set id on that set after the coach moved it', async () => {
    const id = await create();
    const { exercises } = await editorCopy(id);
    const [dl1, dl2, dl3] = exercises[0].sets;
    // The coach puts the heaviest set first, inserts a new warm-up set and moves the row first.
    const checkpoint = await save(id, [
      { exercise_name: 'Row', sets: exercises[1].sets },
      { exercise_name: 'Deadlift', sets: [{ reps: 5, load: 100 }, dl3, dl1, dl2] },
    ]);
    const after = await editorCopy(id, checkpoint);
    expect(after.exercises[1].sets.map((s) => s.id)).toEqual([expect.stringMatching(UUID), dl3.id, dl1.id, dl2.id]);

    // The athlete's phone still shows the old order and logs "the first deadlift set" by its id.
    const logged = await logSet(id, { setId: dl1.id, exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 140 } });
    expect(logged).toMatchObject({ status: 200, body: { success: true } });
    const now = await editorCopy(id, logged.body.checkpoint);
    expect(now.exercises[1].sets[2]).toMatchObject({ id: dl1.id, actual: { reps: 5, load: 140 } });
    expect(now.exercises.flatMap((e) => e.sets).filter((s) => s.actual)).toHaveLength(1);
    expect(now.last_actual).toMatchObject({ exercise_index: 1, set_index: 2, set_id: dl1.id, exercise_name: 'Deadlift' });

    // Moved to another exercise, a set keeps its id too.
    const moved = await save(id, [
      { exercise_name: 'Row', sets: [...now.exercises[0].sets, now.exercises[1].sets[2]] },
      { exercise_name: 'Deadlift', sets: [now.exercises[1].sets[0], now.exercises[1].sets[1], now.exercises[1].sets[3]] },
    ]);
    const again = await logSet(id, { setId: dl1.id, actual: { reps: 4 } });
    expect(again.status).toBe(200);
    const last = await editorCopy(id, again.body.checkpoint ?? moved);
    expect(last.exercises[0].sets[1]).toMatchObject({ id: dl1.id, actual: { reps: 4, load: 140 } });
  });

  it('refuses an actual for a set the coach removed with 409 set_removed, and changes nothing', async () => {
    const id = await create();
    const { exercises } = await editorCopy(id);
    const removed = exercises[0].sets[1];
    await save(id, [{ exercise_name: 'Deadlift', sets: [exercises[0].sets[0], exercises[0].sets[2]] }, exercises[1]]);
    const events = await eventCount();
    const res = await logSet(id, { setId: removed.id, actual: { reps: 5 } });
    expect(res).toEqual({ status: 409, body: SET_REMOVED });
    expect(await eventCount()).toBe(events);
    const now = await editorCopy(id);
    expect(now.exercises.flatMap((e) => e.sets).some((s) => s.actual)).toBe(false);
    // Sent again (the phone retries), the same answer.
    expect(await logSet(id, { setId: removed.id, actual: { reps: 5 } })).toEqual({ status: 409, body: SET_REMOVED });
  });

  it('checks the set id and the position fields', async () => {
    const id = await create();
    expect(await logSet(id, { setId: 'not-a-uuid', actual: { reps: 5 } })).toEqual({ status: 400, body: { error: 'setId must match format "uuid".' } });
    expect(await logSet(id, { setIndex: 0, actual: { reps: 5 } })).toEqual({ status: 400, body: { error: 'exerciseIndex is required.' } });
    expect(await logSet(id, { exerciseIndex: 0, actual: { reps: 5 } })).toEqual({ status: 400, body: { error: 'setIndex is required.' } });
    const bad = await t.api(
      'PUT',
      '/api/manage-workouts',
      { workoutId: id, workout: { ...plan(), exercises: [{ exercise_name: 'Row', sets: [{ id: 'x1', reps: 1 }] }] } },
      coach.accessToken,
    );
    expect(bad).toEqual({ status: 400, body: { error: 'exercises[0].sets[0].id must be a set id (a UUID).' } });
  });
});

describe('workouts scheduled before set ids existed', () => {
  it('get the same set ids live and after a rebuild of the training projection, and take actuals by them', async () => {
    const store = t.server.platform.store;
    const workoutId = randomUUID();
    const stream = `workout-${workoutId}`;
    const meta = { userId: coach.user.id };
    const set = (load: number) => ({ type: 'standard', reps: 5, load });
    const exercise = (name: string, loads: number[], order: number) => ({
      exercise_name: name,
      heading: `${'AB'[order]}1`,
      order_index: order,
      exercise_intent: 'strength',
      sets: loads.map(set),
    });
    const common = { workoutId, athleteId: athlete.user.id, date: '2025-07-08', name: 'Old', notes: null };
    // Old-shape events, each projected on its own (the live run).
    const history = [
      { type: 'WorkoutScheduled', data: { ...common, scheduledBy: coach.user.id, exercises: [exercise('Squat', [100, 110], 0), exercise('Bench', [60], 1)] } },
      { type: 'SetActualRecorded', data: { workoutId, athleteId: athlete.user.id, date: '2025-07-08', exerciseIndex: 0, exerciseName: 'Squat', setIndex: 1, actual: { reps: 5 } } },
      // The coach reordered the exercises and added a set to each (the decider of the time kept the logged actual).
      {
        type: 'WorkoutRevised',
        data: {
          ...common,
          exercises: [exercise('Bench', [60, 65], 0), { ...exercise('Squat', [100, 110, 120], 1), sets: [set(100), { ...set(110), actual: { reps: 5 } }, set(120)] }],
        },
      },
    ];
    const seen: string[][][] = [];
    for (const [k, e] of history.entries()) {
      const appended = await store.append(stream, [{ ...e, metadata: meta }], k - 1 < 0 ? 'no_stream' : k - 1);
      await settled(t, appended.checkpoint);
      seen.push(idsOf((await editorCopy(workoutId)).exercises));
    }
    const live = await editorCopy(workoutId);
    const liveIds = idsOf(live.exercises);
    expect(liveIds.flat().every((s) => UUID.test(s))).toBe(true);
    expect(new Set(liveIds.flat()).size).toBe(5);
    // The sets kept their ids through the reorder (same exercise, same place); the new ones got new ids.
    expect(seen[1]).toEqual(seen[0]);
    expect(liveIds[1].slice(0, 2)).toEqual(seen[0][0]);
    expect(liveIds[0][0]).toEqual(seen[0][1][0]);
    expect([liveIds[0][1], liveIds[1][2]].some((x) => seen[0].flat().includes(x))).toBe(false);
    expect(live.exercises[1].sets[1]).toMatchObject({ id: seen[0][0][1], actual: { reps: 5 } });
    const { rows: liveRows } = await t.db.pool.query('SELECT exercises, last_actual, calendar_json FROM workouts WHERE id = $1', [workoutId]);

    await t.server.platform.runner.rebuild('training');
    const { rows: rebuiltRows } = await t.db.pool.query('SELECT exercises, last_actual, calendar_json FROM workouts WHERE id = $1', [workoutId]);
    expect(rebuiltRows).toEqual(liveRows);
    expect(idsOf((await editorCopy(workoutId)).exercises)).toEqual(liveIds);

    // The command side folds the same ids: an actual by id lands where the API showed it.
    const squat3 = liveIds[1][2];
    const logged = await logSet(workoutId, { setId: squat3, actual: { reps: 3, load: 120 } });
    expect(logged.status).toBe(200);
    const { rows: events } = await t.db.pool.query(`SELECT data FROM es_events WHERE stream_id = $1 AND event_type = 'SetActualRecorded' ORDER BY stream_version DESC LIMIT 1`, [
      stream,
    ]);
    expect(events[0].data).toMatchObject({ exerciseIndex: 1, setIndex: 2, setId: squat3, exerciseName: 'Squat' });
  });
});
