/**
 * Gym mode, server side: a phone queues the athlete's commands while offline and sends
 * each with its own command id (Idempotency-Key, a UUIDv7), possibly several times,
 * late, and after the server died half-way. Each id has one effect and every repeat
 * answers success, also when the answer kept for the key was lost to a crash.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHashOf } from '../src/platform/http/idempotency.ts';
import { recordActual, reviseWorkout } from '../src/training/commands.ts';
import { parseWorkout } from '../src/training/domain/payload.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

const KEY_REUSED = 'This Idempotency-Key was already used for a different request.';

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Gym'), signedInUser(t, 'Athlete Gym')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

const workout = () => ({
  user_id: athlete.user.id,
  date: '2025-06-02',
  name: 'Gym day',
  exercises: [
    {
      exercise_name: 'Back Squat',
      sets: [
        { reps: 5, load: 100 },
        { reps: 5, load: 100 },
      ],
    },
  ],
});

async function plan(): Promise<string> {
  const res = await t.api('POST', '/api/manage-workouts', { workout: workout() }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The events a command id caused, as the store holds them. */
async function eventsOf(key: string) {
  const { rows } = await t.db.pool.query<{ event_type: string; stream_id: string }>(
    `SELECT event_type, stream_id FROM es_events WHERE metadata->>'commandId' = $1 ORDER BY position`,
    [key],
  );
  return rows;
}

const deps = () => ({ pool: t.server.platform.pool, store: t.server.platform.store, now: () => new Date() });

function logSet(workoutId: string, body: unknown, key: string) {
  return t.api('POST', `/api/athlete/workouts/${workoutId}/actuals`, body, athlete.accessToken, { 'idempotency-key': key });
}

describe('a command id sent several times', () => {
  it('has one effect and answers success each time, one after the other', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100 } };
    const answers = [await logSet(id, body, key), await logSet(id, body, key), await logSet(id, body, key)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (const a of answers) expect(a.body).toMatchObject({ success: true, checkpoint: answers[0].body.checkpoint });
    expect(await eventsOf(key)).toEqual([{ event_type: 'SetActualRecorded', stream_id: `workout-${id}` }]);
  });

  it('has one effect and answers success each time, all at once', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 1, actual: { reps: 4 } };
    const answers = await Promise.all([logSet(id, body, key), logSet(id, body, key), logSet(id, body, key)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.checkpoint)).size).toBe(1);
    expect(await eventsOf(key)).toHaveLength(1);
  });

  it('is refused with 422 with a different body, and writes nothing', async () => {
    const id = await plan();
    const key = randomUUID();
    expect((await logSet(id, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5 } }, key)).status).toBe(200);
    const other = await logSet(id, { exerciseIndex: 0, setIndex: 0, actual: { reps: 3 } }, key);
    expect(other).toEqual({ status: 422, body: { error: KEY_REUSED } });
    expect(await eventsOf(key)).toHaveLength(1);
  });

  it('keeps a later change: an old repeat does not undo what the athlete logged since', async () => {
    const id = await plan();
    const first = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 0, actual: { reps: 5 } };
    expect((await logSet(id, body, first)).status).toBe(200);
    const later = await logSet(id, { exerciseIndex: 0, setIndex: 0, actual: { reps: 6 } }, randomUUID());
    expect(later.status).toBe(200);
    // The answer kept for the first key is lost: the repeat finds the effect in the events.
    await t.db.pool.query(`DELETE FROM command_results WHERE idempotency_key LIKE '%' || $1`, [first]);
    const again = await logSet(id, body, first);
    expect(again.status).toBe(200);
    // The repeat answers with its first run's checkpoint, which is before the later change:
    // read after the later one, as the phone that sent both would.
    expect(again.body.checkpoint < later.body.checkpoint).toBe(true);
    const got = await t.api('GET', `/api/manage-workouts/${id}`, undefined, athlete.accessToken, { 'x-after-checkpoint': later.body.checkpoint });
    expect(got.body.workout.exercises[0].sets[0].actual).toEqual({ reps: 6 });
    expect(await eventsOf(first)).toHaveLength(1);
  });
});

describe('a command whose server died before it answered', () => {
  const route = '/api/athlete/workouts/:id/actuals';

  /** What the server had done when it was killed: claimed the key, maybe appended, never answered. */
  async function killedWhileRunning(
    workoutId: string,
    body: { exerciseIndex: number; setIndex: number; actual: { reps?: number; load?: number } },
    key: string,
    opts: { appended: boolean; claimedAgo?: string },
  ) {
    const url = `/api/athlete/workouts/${workoutId}/actuals`;
    const requestHash = requestHashOf('POST', url, body);
    await t.db.pool.query(`INSERT INTO command_results (user_id, idempotency_key, status, body, request_hash, claimed_at) VALUES ($1, $2, 0, 'null', $3, now() - $4::interval)`, [
      athlete.user.id,
      `POST ${route}:${key}`,
      requestHash,
      opts.claimedAgo ?? '0 seconds',
    ]);
    if (opts.appended) await recordActual(deps(), athlete.user.id, workoutId, body, { id: key, requestHash });
  }

  it('answers the repeat with success from the events, at once, and the event exists once', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100 } };
    await killedWhileRunning(id, body, key, { appended: true });
    const started = Date.now();
    const again = await logSet(id, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, checkpoint: expect.stringMatching(/^\d{20}:\d{20}$/), newRecords: [] });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await eventsOf(key)).toHaveLength(1);
    // And the answer is kept from now on.
    expect(await logSet(id, body, key)).toEqual(again);
  });

  it('runs the command once when the server died before appending', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 1, actual: { reps: 5 } };
    await killedWhileRunning(id, body, key, { appended: false, claimedAgo: '1 minute' });
    const again = await logSet(id, body, key);
    expect(again.status).toBe(200);
    expect(again.body.checkpoint).toMatch(/^\d{20}:\d{20}$/);
    expect(await eventsOf(key)).toHaveLength(1);
  });

  it('answers success when the kept answer is gone altogether', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { exerciseIndex: 0, setIndex: 0, actual: { reps: 2 } };
    await killedWhileRunning(id, body, key, { appended: true });
    await t.db.pool.query('DELETE FROM command_results WHERE user_id = $1 AND idempotency_key = $2', [athlete.user.id, `POST ${route}:${key}`]);
    const again = await logSet(id, body, key);
    expect(again).toMatchObject({ status: 200, body: { success: true } });
    expect(again.body.checkpoint).toMatch(/^\d{20}:\d{20}$/);
    expect(await eventsOf(key)).toHaveLength(1);
  });

  it('still refuses the id with another body (422), even with the kept answer gone', async () => {
    const id = await plan();
    const key = randomUUID();
    await killedWhileRunning(id, { exerciseIndex: 0, setIndex: 0, actual: { reps: 2 } }, key, { appended: true });
    await t.db.pool.query('DELETE FROM command_results WHERE user_id = $1 AND idempotency_key = $2', [athlete.user.id, `POST ${route}:${key}`]);
    const other = await logSet(id, { exerciseIndex: 0, setIndex: 1, actual: { reps: 9 } }, key);
    expect(other).toEqual({ status: 422, body: { error: KEY_REUSED } });
    expect(await eventsOf(key)).toHaveLength(1);
    // The applied request itself is still answered with success.
    expect((await logSet(id, { exerciseIndex: 0, setIndex: 0, actual: { reps: 2 } }, key)).status).toBe(200);
  });

  it('holds for the athlete editing their workout (notes) too', async () => {
    const id = await plan();
    const key = randomUUID();
    const body = { workoutId: id, workout: { ...workout(), notes: 'felt strong' } };
    const requestHash = requestHashOf('PUT', '/api/manage-workouts', body);
    await t.db.pool.query(`INSERT INTO command_results (user_id, idempotency_key, status, body, request_hash) VALUES ($1, $2, 0, 'null', $3)`, [
      athlete.user.id,
      `PUT /api/manage-workouts:${key}`,
      requestHash,
    ]);
    await reviseWorkout(deps(), athlete.user.id, id, parseWorkout(body.workout, { requireUserId: false }), { id: key, requestHash });
    const again = await t.api('PUT', '/api/manage-workouts', body, athlete.accessToken, { 'idempotency-key': key });
    expect(again).toMatchObject({ status: 200, body: { success: true, id, newRecords: [] } });
    expect(await eventsOf(key)).toEqual([{ event_type: 'WorkoutRevised', stream_id: `workout-${id}` }]);
  });
});

describe('a performance entry from a phone', () => {
  const entry = () => ({ athlete_id: athlete.user.id, exercise_name: 'Box Jump', value: 30, date: '2025-06-01' });
  const log = (key: string, body: unknown = entry()) => t.api('POST', '/api/performance-records', body, athlete.accessToken, { 'idempotency-key': key });

  it('is logged once for three sends, each answered 201 with the same entry', async () => {
    const key = randomUUID();
    const answers = await Promise.all([log(key), log(key)]);
    answers.push(await log(key));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await eventsOf(key)).toEqual([{ event_type: 'PerformanceLogged', stream_id: `performance-entry-${answers[0].body.id}` }]);
    expect((await log(key, { ...entry(), value: 31 })).status).toBe(422);
  });

  it('is answered with its entry after its answer was lost', async () => {
    const key = randomUUID();
    const first = await log(key);
    expect(first.status).toBe(201);
    await t.db.pool.query(`UPDATE command_results SET status = 0, body = 'null' WHERE idempotency_key = $1`, [`POST /api/performance-records:${key}`]);
    const again = await log(key);
    expect(again).toEqual({ status: 201, body: first.body });
    expect(await eventsOf(key)).toHaveLength(1);
  });
});
