/**
 * Every projection is set-based (issue 16, cause 3): a batch of 1,000 events costs a
 * bounded number of statements, whatever its size. The events come from a scenario
 * through the real API (plus one direct append where no route exists), so each
 * projection in `allProjections` gets the kinds of events it really sees; projections
 * added later are checked too, and one that sees no event here fails the test, so the
 * scenario grows with them. Reactors issue effects per event by design and are left out.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredEvent } from '../src/platform/eventstore/port.ts';
import { allProjections } from '../src/features.ts';
import { handlesEvent, historyReader, type Projection } from '../src/platform/projections/projection.ts';
import { createGeneration, tableMap } from '../src/platform/projections/schema.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
let log: StoredEvent[] = [];

beforeAll(async () => {
  t = await startTestServer();
  const [coach, athlete, other] = await Promise.all(['Coach Stan', 'Athlete Ada', 'Other Oli'].map((n) => signedInUser(t, n)));
  const call = async (method: string, path: string, body: unknown, token: string) => {
    const res = await t.api(method, path, body, token);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await call('PUT', '/api/profile', { displayName: 'Stan' }, coach.accessToken);
  await linkAthlete(t, coach, athlete);
  const invite = await call('POST', '/api/manage-invites', { email: other.email }, coach.accessToken);
  await t.server.platform.runner.waitFor(invite.checkpoint);
  await call('DELETE', '/api/manage-invites', { inviteId: invite.inviteId }, coach.accessToken);

  const workout = (date: string, load: number) => ({
    user_id: athlete.user.id,
    date,
    name: 'Lower',
    exercises: [
      {
        exercise_name: 'Back Squat',
        exercise_intent: 'strength',
        sets: [
          { type: 'standard', reps: 5, load },
          { type: 'standard', reps: 5, load },
        ],
      },
    ],
  });
  const created = await call('POST', '/api/manage-workouts', { workouts: [workout('2025-03-10', 100), workout('2025-03-12', 110)] }, coach.accessToken);
  await call('PUT', '/api/manage-workouts', { workoutId: created.ids[0], workout: workout('2025-03-10', 105) }, coach.accessToken);
  await call('POST', `/api/athlete/workouts/${created.ids[0]}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 120 } }, athlete.accessToken);
  await call('POST', '/api/manage-workouts/move', { workoutId: created.ids[1], date: '2025-03-13' }, coach.accessToken);
  await call('DELETE', '/api/manage-workouts', { workoutIds: [created.ids[1]] }, coach.accessToken);
  await call('POST', '/api/manage-workouts/restore', { workoutIds: [created.ids[1]] }, coach.accessToken);

  // Comments, readiness and groups (issue 27), while the coach and athlete are linked.
  await call('POST', `/api/workouts/${created.ids[0]}/comments`, { commentId: crypto.randomUUID(), text: 'Felt heavy' }, athlete.accessToken);
  await call('POST', `/api/workouts/${created.ids[0]}/comments`, { commentId: crypto.randomUUID(), text: 'Deload next week' }, coach.accessToken);
  await call('POST', `/api/workouts/${created.ids[0]}/comments/read`, {}, athlete.accessToken);
  await call('POST', '/api/readiness/check-ins', { sleep: 4, soreness: 3, stress: 4, energy: 5, note: 'Slept well' }, athlete.accessToken);
  await call('POST', '/api/readiness/check-ins', { sleep: 2, soreness: 3, stress: 4, energy: 5, note: null }, athlete.accessToken);
  const group = await call('POST', '/api/groups', { name: 'Varsity' }, coach.accessToken);
  await call('PATCH', `/api/groups/${group.id}`, { name: 'Varsity A' }, coach.accessToken);
  await call('POST', `/api/groups/${group.id}/members`, { athlete_ids: [athlete.user.id] }, coach.accessToken);
  await call('DELETE', `/api/groups/${group.id}/members/${athlete.user.id}`, undefined, coach.accessToken);

  const exercise = await call('POST', '/api/manage-exercise', { name: 'Zeta Squat', pattern: 'Squat', muscles: ['Quadriceps'] }, coach.accessToken);
  await call('PUT', '/api/manage-exercise', { id: exercise.id, name: 'Zeta Squat 2' }, coach.accessToken);
  await call('DELETE', '/api/manage-exercise', { exerciseId: exercise.id }, coach.accessToken);

  const requested = await call('POST', '/api/rpc/send_connection_request', { recipient_email: other.email }, coach.accessToken);
  await t.server.platform.runner.waitFor(requested.checkpoint);
  const accepted = await call('POST', '/api/rpc/respond_to_connection_request', { connection_id_param: requested.connection_id, response: 'accept' }, other.accessToken);
  await t.server.platform.runner.waitFor(accepted.checkpoint);
  const chat = await call('POST', '/api/conversations', { other_user_id: other.user.id, initial_message: 'Hi Oli' }, coach.accessToken);
  await t.server.platform.runner.waitFor(chat.checkpoint);
  const reply = await call('POST', `/api/conversations/${chat.id}/messages`, { content: 'Squats at 6?' }, other.accessToken);
  await t.server.platform.runner.waitFor(reply.checkpoint);
  await call('POST', `/api/conversations/${chat.id}/read`, undefined, coach.accessToken);
  await call('DELETE', `/api/messages/${reply.id}`, undefined, other.accessToken);
  await call('DELETE', `/api/conversations/${chat.id}`, undefined, coach.accessToken);
  await call('PUT', '/api/branding', { primary: '#112233', secondary: '#445566', accent: '#778899' }, coach.accessToken);
  await call('DELETE', '/api/branding', undefined, coach.accessToken);
  await call('POST', '/api/rpc/manage_user_block', { target_user_id: other.user.id, action: 'block' }, coach.accessToken);
  await call('POST', '/api/rpc/manage_user_block', { target_user_id: other.user.id, action: 'unblock' }, coach.accessToken);
  await call('DELETE', `/api/manage-links`, { userId: athlete.user.id }, coach.accessToken);

  // Recaps are sent by a schedule, not a route.
  const recap = await t.server.platform.store.append(
    `recap-${athlete.user.id}`,
    [{ type: 'WeeklyRecapSent', data: { athleteId: athlete.user.id, email: athlete.email, name: 'Athlete Ada', week: '2025-W11', summary: { workoutsCompleted: 1 } } }],
    'any',
  );
  // Once applied, every event of the scenario is readable (none is held back any more).
  await t.server.platform.runner.waitFor(recap.checkpoint);
  // (A single read can still stop short of the newest: see the read horizon in migrations.ts.)
  await vi.waitFor(
    async () => {
      log = await t.server.platform.store.readAll(null, 100_000);
      expect(log.map((e) => e.checkpoint)).toContain(recap.checkpoint);
    },
    { timeout: 20_000, interval: 50 },
  );
}, 120_000);
afterAll(async () => t.close());

/** `events` cycled up to `n`, each copy with its own checkpoint and a later stream version. */
function batchOf(events: StoredEvent[], n: number): StoredEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const e = events[i % events.length];
    const round = Math.floor(i / events.length);
    return { ...e, streamVersion: e.streamVersion + round * 1_000_000, checkpoint: `${e.checkpoint}:${String(round).padStart(6, '0')}` };
  });
}

/** Applies `events` to a fresh copy of the projection's tables in a transaction that is rolled back; counts the statements. */
async function statementsFor(p: Projection, events: StoredEvent[]): Promise<number> {
  const client = await t.db.pool.connect();
  let statements = 0;
  const counting = new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') return (...args: unknown[]) => (statements++, (target.query as (...a: unknown[]) => unknown)(...args));
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  try {
    await client.query('BEGIN');
    await createGeneration(client, p, 900);
    await p.apply(events, { tx: counting, table: tableMap(p, 900), history: historyReader(t.server.platform.store) });
    return statements;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

const readModels = allProjections.filter((p) => !p.reactor);

describe('set-based projections', () => {
  it.each(readModels.map((p) => [p.name, p] as const))('%s applies 1,000 events in a bounded number of statements', async (_name, p) => {
    const relevant = log.filter((e) => handlesEvent(p, e.type));
    expect(relevant.length, `the scenario produced no event that ${p.name} handles: add a step for it`).toBeGreaterThan(0);
    const tables = Object.keys(p.tables).length;
    const small = await statementsFor(p, batchOf(relevant, Math.min(relevant.length, 10)));
    const large = await statementsFor(p, batchOf(relevant, 1000));
    // One statement per kind of write per table, plus a few reads (rows before, topics).
    expect(large).toBeLessThanOrEqual(3 * tables + 4);
    expect(large).toBeLessThanOrEqual(Math.max(small, 1) + tables);
  });
});
