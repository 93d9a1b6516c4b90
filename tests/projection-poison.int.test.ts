/**
 * Poison events (issue 14, 2b): an event a handler cannot apply is parked with its
 * error and the projection moves on, so one tenant's bad value never freezes the read
 * models of everyone else; the parked event is listed and can be retried after a fix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { listParked, retryParked } from '../src/platform/projections/parked.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { countingProjection } from './support/counting-projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { loadStatus } from '../cli/lib/status.ts';

describe('a poison event in the training projection of a running server', () => {
  let t: TestServer;
  type User = Awaited<ReturnType<typeof signedInUser>>;
  let coachA: User, athleteA: User, coachB: User, athleteB: User;
  beforeAll(async () => {
    t = await startTestServer();
    [coachA, athleteA, coachB, athleteB] = await Promise.all(['Coach A', 'Athlete A', 'Coach B', 'Athlete B'].map((n) => signedInUser(t, n)));
    await linkAthlete(t, coachA, athleteA);
    await linkAthlete(t, coachB, athleteB);
  }, 60_000);
  afterAll(async () => t.close());

  const workout = (athlete: User, date: string, load: number) => ({
    user_id: athlete.user.id,
    date,
    name: 'Lower',
    exercises: [{ exercise_name: 'Back Squat', exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load }] }],
  });

  it('parks the event, keeps other tenants moving, keeps health answering and lists it', async () => {
    const first = await t.api('POST', '/api/manage-workouts', { workout: workout(athleteA, '2025-04-01', 100) }, coachA.accessToken);
    expect(first.status).toBe(201);
    // The poison: tenant A's WorkoutScheduled again, for a new workout, with a load no table can hold,
    // appended straight to the store as an old version of the server (or a bad import) might have.
    const { rows } = await t.db.pool.query(`SELECT data FROM es_events WHERE event_type = 'WorkoutScheduled' AND data->>'workoutId' = $1`, [first.body.id]);
    const poisonId = randomUUID();
    const data = JSON.parse(JSON.stringify(rows[0].data).replace(/"load":100/g, '"load":1e308'));
    data.workoutId = poisonId;
    expect(JSON.stringify(data)).toContain('1e+308');
    const poison = await t.server.platform.store.append(`workout-${poisonId}`, [{ type: 'WorkoutScheduled', data, metadata: { userId: coachA.user.id } }], 'no_stream');

    // Tenant B writes after the poison and reads its own write.
    const later = await t.api('POST', '/api/manage-workouts', { workout: workout(athleteB, '2025-04-02', 120) }, coachB.accessToken);
    expect(later.status).toBe(201);
    expect(later.body.checkpoint > poison.checkpoint).toBe(true);
    const seen = await t.api('GET', `/api/manage-workouts?clientId=${athleteB.user.id}&from=2025-04-02&to=2025-04-02&today=2025-03-01`, undefined, coachB.accessToken, {
      'x-after-checkpoint': later.body.checkpoint,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.workouts.map((w: { id: string }) => w.id)).toEqual([later.body.id]);

    const health = await t.api('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.parkedEvents).toBe(1);
    const training = health.body.projections.find((p: { name: string }) => p.name === 'training');
    expect(training).toMatchObject({ parked: 1, lastError: null, lag: 0 });

    const parked = await listParked(t.db.pool);
    expect(parked).toEqual([
      expect.objectContaining({ projection: 'training', eventId: expect.any(String), type: 'WorkoutScheduled', stream: `workout-${poisonId}`, checkpoint: poison.checkpoint }),
    ]);
    expect(parked[0].error.length).toBeGreaterThan(0);

    // Retrying without a fix leaves it parked with the error of the new try.
    const retried = await retryParked(t.db.pool, t.server.platform.store, t.server.platform.runner.projections(), { all: true });
    expect(retried).toEqual([expect.objectContaining({ id: parked[0].id, outcome: 'failed' })]);
    expect(await listParked(t.db.pool)).toEqual([expect.objectContaining({ id: parked[0].id, attempts: 2 })]);
  }, 60_000);

  it('a replay of training parks the same event in the new copy instead of failing', async () => {
    const before = (await listParked(t.db.pool)).map((p) => p.eventId);
    await t.server.platform.runner.rebuild('training');
    const after = await listParked(t.db.pool);
    expect(after.map((p) => p.eventId)).toEqual(before);
    expect(after[0].generation).toBe(2);
  }, 60_000);
});

describe('an event over a limit of its table (SQLSTATE class 54) in the training projection', () => {
  let t: TestServer;
  type User = Awaited<ReturnType<typeof signedInUser>>;
  let coachA: User, athleteA: User, coachB: User, athleteB: User;
  beforeAll(async () => {
    t = await startTestServer();
    [coachA, athleteA, coachB, athleteB] = await Promise.all(['Coach Limit', 'Athlete Limit', 'Coach Other', 'Athlete Other'].map((n) => signedInUser(t, n)));
    await linkAthlete(t, coachA, athleteA);
    await linkAthlete(t, coachB, athleteB);
  }, 60_000);
  afterAll(async () => t.close());

  it("parks it (visible in health and spotter status) while other tenants' calendars and analytics keep moving", async () => {
    // A 9 KB exercise name that does not compress: its analytics index row is too big
    // (54000, program_limit_exceeded). The command edge refuses such a name, so it is
    // appended straight to the store, as an older server or an import might have.
    const name = randomBytes(6750).toString('base64');
    const workoutId = randomUUID();
    const data = {
      workoutId,
      athleteId: athleteA.user.id,
      date: '2025-04-01',
      name: 'Lower',
      notes: null,
      exercises: [{ exercise_name: name, heading: 'A', order_index: 0, exercise_intent: 'strength', sets: [{ id: randomUUID(), type: 'standard', reps: 5, load: 100 }] }],
    };
    const sample = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athleteA.user.id, date: '2025-03-30', exercises: [{ exercise_name: 'Squat', sets: [{ reps: 5, load: 100 }] }] } },
      coachA.accessToken,
    );
    expect(sample.status).toBe(201);
    // The poison has exactly the shape of a real WorkoutScheduled, with only the name changed.
    const { rows } = await t.db.pool.query(`SELECT data FROM es_events WHERE event_type = 'WorkoutScheduled' AND data->>'workoutId' = $1`, [sample.body.id]);
    const real = rows[0].data as typeof data;
    const poisonData = { ...real, ...data, exercises: [{ ...real.exercises[0], exercise_name: name }] };
    const poison = await t.server.platform.store.append(
      `workout-${workoutId}`,
      [{ type: 'WorkoutScheduled', data: poisonData, metadata: { userId: coachA.user.id } }],
      'no_stream',
    );

    const later = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athleteB.user.id, date: '2025-04-02', exercises: [{ exercise_name: 'Bench Press', sets: [{ reps: 5, load: 80 }] }] } },
      coachB.accessToken,
    );
    expect(later.status).toBe(201);
    expect(later.body.checkpoint > poison.checkpoint).toBe(true);
    const after = { 'x-after-checkpoint': later.body.checkpoint };
    const calendar = await t.api('GET', `/api/manage-workouts?clientId=${athleteB.user.id}&from=2025-04-02&to=2025-04-02&today=2025-03-01`, undefined, coachB.accessToken, after);
    expect(calendar.status).toBe(200);
    expect(calendar.body.workouts.map((w: { id: string }) => w.id)).toEqual([later.body.id]);
    const analytics = await t.api('GET', `/api/analytics/workouts?clientId=${athleteB.user.id}&from=2025-04-01&to=2025-04-30`, undefined, coachB.accessToken, after);
    expect(analytics.status).toBe(200);
    expect(analytics.body.exercises).toEqual([{ exercise_name: 'Bench Press', sets: 1, workouts: 1 }]);

    const health = await t.api('GET', '/api/health');
    expect(health.status).toBe(200);
    const training = health.body.projections.find((p: { name: string }) => p.name === 'training');
    expect(training).toMatchObject({ parked: 1, lastError: null, lag: 0 });
    const parked = await listParked(t.db.pool, { projection: 'training' });
    expect(parked).toEqual([expect.objectContaining({ stream: `workout-${workoutId}`, type: 'WorkoutScheduled', checkpoint: poison.checkpoint })]);
    expect(parked[0].error).toContain('(54000)');

    const status = await loadStatus(t.server.platform);
    expect(status.find((r) => r.name === 'training')).toMatchObject({ parked: 1, lastError: null, lag: 0 });
  }, 60_000);
});

describe('parking in the runner', () => {
  let db: TestDatabase;
  let runners: ProjectionRunner[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const r of runners) await r.stop();
    runners = [];
  });
  afterAll(async () => db.drop());

  const run = async (store: PostgresEventStore, p: Projection) => {
    const r = new ProjectionRunner(db.pool, store, db.url, [p], { pollMs: 20, log: () => {} });
    runners.push(r);
    await r.start();
    return r;
  };
  // One database for these tests: each counts only its own streams.
  const totals = async (table: string) =>
    (
      await db.pool.query(`SELECT coalesce(sum(seen), 0)::int AS seen, coalesce(sum(out_of_order), 0)::int AS bad FROM ${table} WHERE stream_id LIKE $1`, [
        `${table.replace('_rows', '')}-%`,
      ])
    ).rows[0];

  it('isolates the failing events of a batch, applies the rest exactly once, and applies them on retry after a fix', async () => {
    const store = new PostgresEventStore(db.pool);
    let broken = true;
    const p = countingProjection({ name: 'poisoned', failOn: (n) => broken && (n === 17 || n === 18 || n === 311) });
    // Appended before the runner starts, so they arrive as one large batch.
    for (let i = 0; i < 400; i++) await store.append(`poisoned-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    const r = await run(store, p);
    await r.waitFor((await store.headCheckpoint())!, undefined, 20_000);
    expect(await totals('poisoned_rows')).toEqual({ seen: 397, bad: 0 });
    const parked = await listParked(db.pool, { projection: 'poisoned' });
    expect(parked.map((x) => x.stream)).toEqual(['poisoned-17', 'poisoned-18', 'poisoned-311']);
    expect(parked[0].error).toBe('handler failed on 17');
    const [status] = await r.status();
    expect(status).toMatchObject({ parked: 3, lastError: null });

    broken = false;
    const results = await retryParked(db.pool, store, [p], { ids: [parked[0].id] });
    expect(results).toEqual([expect.objectContaining({ outcome: 'applied' })]);
    expect((await retryParked(db.pool, store, [p], { all: true })).map((x) => x.outcome)).toEqual(['applied', 'applied']);
    expect(await totals('poisoned_rows')).toEqual({ seen: 400, bad: 0 });
    expect(await listParked(db.pool)).toEqual([]);
    expect((await r.status())[0].parked).toBe(0);
  }, 60_000);

  it('parks what a reactor cannot handle and goes on with later events', async () => {
    const store = new PostgresEventStore(db.pool);
    const handled: number[] = [];
    const reactor: Projection = {
      name: 'pickyreactor',
      version: 1,
      reactor: true,
      tables: {},
      handles: ['Pinged'],
      // eslint-disable-next-line @typescript-eslint/require-await -- apply must reject (not throw) on the poison event
      async apply(events) {
        for (const e of events) if ((e.data as { n: number }).n === 2) throw new Error('cannot mail n = 2');
        handled.push(...events.map((e) => (e.data as { n: number }).n));
        return [];
      },
    };
    const r = await run(store, reactor);
    let last = '';
    for (let i = 0; i < 5; i++) last = (await store.append(`ping-${i}`, [{ type: 'Pinged', data: { n: i } }], 'no_stream')).checkpoint;
    await r.waitFor(last, undefined, 20_000);
    expect([...new Set(handled)].sort()).toEqual([0, 1, 3, 4]);
    expect(await listParked(db.pool, { projection: 'pickyreactor' })).toEqual([expect.objectContaining({ stream: 'ping-2', error: 'cannot mail n = 2' })]);
  }, 60_000);

  it('parks an event failing with an error of unknown class after a few tries, and goes on', async () => {
    const store = new PostgresEventStore(db.pool);
    let tries = 0;
    const p = countingProjection({ name: 'odd' });
    const apply = p.apply.bind(p);
    p.apply = async (events, ctx) => {
      if (events.some((e) => e.stream === 'odd-3')) {
        tries++;
        throw Object.assign(new Error('internal error'), { code: 'XX000' });
      }
      return apply(events, ctx);
    };
    for (let i = 0; i < 6; i++) await store.append(`odd-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    const r = await run(store, p);
    await r.waitFor((await store.headCheckpoint())!, undefined, 20_000);
    expect(await totals('odd_rows')).toEqual({ seen: 5, bad: 0 });
    expect(await listParked(db.pool, { projection: 'odd' })).toEqual([expect.objectContaining({ stream: 'odd-3', error: 'internal error (XX000)' })]);
    // Three plain tries of the batch, then isolation tries it (and parks it) on its own.
    expect(tries).toBeGreaterThanOrEqual(3);
    expect((await r.status())[0]).toMatchObject({ parked: 1, lastError: null });
  }, 60_000);

  it('retries a batch that failed for a reason outside the events instead of parking it', async () => {
    const store = new PostgresEventStore(db.pool);
    let down = true;
    const p = countingProjection({ name: 'flaky' });
    const apply = p.apply.bind(p);
    p.apply = async (events, ctx) => {
      if (down) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      return apply(events, ctx);
    };
    const r = await run(store, p);
    for (let i = 0; i < 20; i++) await store.append(`flaky-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    await new Promise((res) => setTimeout(res, 200));
    expect((await r.status())[0]).toMatchObject({ parked: 0, lastError: 'terminating connection due to administrator command' });
    down = false;
    await r.waitFor((await store.headCheckpoint())!, undefined, 10_000);
    expect(await totals('flaky_rows')).toEqual({ seen: 20, bad: 0 });
    expect(await listParked(db.pool, { projection: 'flaky' })).toEqual([]);
  }, 60_000);
});
