import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, uniqueEmail, ACCESS_CODE, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { jsonDepth } from '../src/platform/http/input-guard.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Gina'), signedInUser(t, 'Athlete Gus')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;

/** Sends a raw JSON text (so that keys like __proto__ survive) and checks the 400 and that nothing was written. */
async function refused(method: string, path: string, body: string | undefined, token?: string, headers: Record<string, string> = {}) {
  const before = await eventCount();
  const res = await t.api(method, path, body, token, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(await eventCount()).toBe(before);
  return res.body.error as string;
}

function workout(over: Record<string, unknown> = {}) {
  return { user_id: athlete.user.id, date: '2025-05-01', exercises: [{ exercise_name: 'Squat', sets: [{ reps: 5, load: 100 }] }], ...over };
}

describe('the global input guard', () => {
  it('refuses a NUL character in a workout, a profile, an exercise, a sign-up and a search', async () => {
    const nul = 'a\u0000b';
    expect(await refused('POST', '/api/manage-workouts', JSON.stringify({ workout: workout({ name: nul }) }), coach.accessToken)).toBe(
      'body.workout.name contains a NUL character (\\u0000), which is not allowed.',
    );
    expect(await refused('PUT', '/api/profile', JSON.stringify({ displayName: nul }), coach.accessToken)).toMatch(/NUL character/);
    expect(await refused('POST', '/api/manage-exercise', JSON.stringify({ name: nul }), coach.accessToken)).toMatch(/NUL character/);
    expect(await refused('POST', '/api/auth/signup', JSON.stringify({ fullName: 'X', email: `a${nul}@example.com`, password: 'long enough pw', accessCode: ACCESS_CODE }))).toMatch(
      /body.email contains a NUL/,
    );
    expect(await refused('POST', '/api/auth/signin', JSON.stringify({ email: `${nul}@example.com`, password: 'x' }))).toMatch(/NUL/);
    expect(await refused('POST', '/api/rpc/search_users', JSON.stringify({ search_term: nul }), coach.accessToken)).toMatch(/NUL/);
  });

  it('refuses a lone surrogate in a body, a query and a path', async () => {
    expect(await refused('POST', '/api/manage-workouts', JSON.stringify({ workout: workout({ notes: 'a\ud800b' }) }), coach.accessToken)).toBe(
      'body.workout.notes contains an unpaired surrogate (invalid Unicode), which is not allowed.',
    );
    expect(await refused('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=%00`, undefined, coach.accessToken)).toBe(
      'query.from contains a NUL character (\\u0000), which is not allowed.',
    );
    expect(await refused('GET', '/api/manage-workouts/a%00b', undefined, coach.accessToken)).toMatch(/params.id contains a NUL/);
  });

  it('refuses deep nesting before anything walks it, however deep', async () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const body = `{"workout":{"user_id":"${athlete.user.id}","date":"2025-05-01","exercises":${deep}}}`;
    expect(await refused('POST', '/api/manage-workouts', body, coach.accessToken)).toBe('The request body is nested too deeply (more than 32 levels).');
    // Brackets inside strings are text, not nesting.
    expect(jsonDepth(JSON.stringify({ a: '[[[[{{{{' }))).toBe(1);
  });

  it('says that __proto__ and constructor keys are not allowed, rather than "not valid JSON"', async () => {
    const body = `{"workout":{"__proto__":{"admin":true},"user_id":"${athlete.user.id}","date":"2025-05-01","exercises":[]}}`;
    expect(await refused('POST', '/api/manage-workouts', body, coach.accessToken)).toBe('The field name "__proto__" is not allowed (in body.workout).');
    expect(await refused('PUT', '/api/profile', '{"constructor":{"prototype":{}}}', coach.accessToken)).toBe('The field name "constructor" is not allowed (in body).');
  });

  it('refuses a NUL in a header used as a key, before any rate-limit bucket or idempotency row is written', async () => {
    const email = uniqueEmail();
    const buckets = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM rate_limit_hits')).rows[0].n as number;
    const before = await buckets();
    // Node's fetch refuses raw control characters in headers; a lone surrogate cannot be
    // sent either. What can be sent is checked by the same path as bodies.
    expect(await refused('POST', '/api/auth/signup', JSON.stringify({ fullName: 'X\u0000', email, password: 'long enough pw', accessCode: ACCESS_CODE }))).toMatch(/NUL/);
    expect(await buckets()).toBe(before);
  });

  it('still says "not valid JSON" for broken JSON and lets good requests through', async () => {
    expect(await refused('POST', '/api/manage-workouts', '{"workout":', coach.accessToken)).toBe('The request body is not valid JSON.');
    const ok = await t.api('POST', '/api/manage-workouts', { workout: workout() }, coach.accessToken);
    expect(ok.status).toBe(201);
  });
});
