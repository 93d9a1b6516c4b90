/**
 * Gym mode, server side: a set logged offline says when it was done (`doneAt`, the
 * phone's clock). The coach's editor shows that time (last_actual.at, the history),
 * bounded to [server now − 14 days, server now + 5 minutes]: further out it is clamped
 * to the edge, not refused, so a queued set is never lost to a phone's clock.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

// The server's clock (fixed): every bound is measured from it.
const NOW = new Date('2025-03-12T12:00:00Z');

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Clock'), signedInUser(t, 'Athlete Clock')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

async function plan(): Promise<string> {
  const workout = {
    user_id: athlete.user.id,
    date: '2025-03-11',
    name: 'Legs',
    exercises: [
      {
        exercise_name: 'Squat',
        sets: [
          { reps: 5, load: 100 },
          { reps: 5, load: 100 },
        ],
      },
    ],
  };
  const res = await t.api('POST', '/api/manage-workouts', { workout }, coach.accessToken);
  expect(res.status).toBe(201);
  return res.body.id;
}

const log = (id: string, body: Record<string, unknown>) =>
  t.api('POST', `/api/athlete/workouts/${id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5 }, ...body }, athlete.accessToken, { 'idempotency-key': randomUUID() });

async function lastActual(id: string, checkpoint: string) {
  const res = await t.api('GET', `/api/manage-workouts/${id}`, undefined, coach.accessToken, { 'x-after-checkpoint': checkpoint });
  return res.body.workout.last_actual as { at: string; recorded_at: string };
}

describe('doneAt', () => {
  it("shows the athlete's time as the actual's time, in the editor and the history", async () => {
    const id = await plan();
    const res = await log(id, { doneAt: '2025-03-11T19:45:10+01:00' });
    expect(res.status).toBe(200);
    const last = await lastActual(id, res.body.checkpoint);
    expect(last.at).toBe('2025-03-11T18:45:10.000Z');
    expect(Date.parse(last.recorded_at)).toBeGreaterThan(Date.parse('2025-03-12T00:00:00Z'));
    const history = await t.api('GET', `/api/manage-workouts/${id}/history`, undefined, coach.accessToken);
    expect(history.body.history[0]).toMatchObject({ type: 'SetActualRecorded', at: '2025-03-11T18:45:10.000Z', recorded_at: last.recorded_at });
  });

  it('takes the server time without it, as before', async () => {
    const id = await plan();
    const res = await log(id, {});
    const last = await lastActual(id, res.body.checkpoint);
    expect(last.at).toBe(last.recorded_at);
  });

  it('keeps the edges of the window and clamps beyond them', async () => {
    const id = await plan();
    const cases: [string, string][] = [
      ['2025-03-12T12:05:00Z', '2025-03-12T12:05:00.000Z'], // 5 minutes ahead: a phone clock a little fast
      ['2025-03-12T12:05:01Z', '2025-03-12T12:05:00.000Z'],
      ['2026-01-01T00:00:00Z', '2025-03-12T12:05:00.000Z'],
      ['2025-02-26T12:00:00Z', '2025-02-26T12:00:00.000Z'], // 14 days ago: a long time offline
      ['2025-02-26T11:59:59Z', '2025-02-26T12:00:00.000Z'],
      ['2020-01-01T00:00:00Z', '2025-02-26T12:00:00.000Z'],
    ];
    for (const [k, [doneAt, shown]] of cases.entries()) {
      const res = await log(id, { doneAt, actual: { reps: k + 1 } });
      expect(res.status, doneAt).toBe(200);
      expect((await lastActual(id, res.body.checkpoint)).at, doneAt).toBe(shown);
    }
  });

  it('refuses what is not a date and time with a zone (400), and writes nothing', async () => {
    const id = await plan();
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM es_events');
    for (const doneAt of ['yesterday', '2025-03-11', '2025-03-11T18:00:00', '2025-02-30T10:00:00Z', 'x'.repeat(41), 42]) {
      const res = await log(id, { doneAt });
      expect(res.status, String(doneAt)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
    expect((await log(id, { doneAt: 'tomorrow' })).body).toEqual({ error: 'doneAt must match format "date-time".' });
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows).toEqual(rows);
  });
});
