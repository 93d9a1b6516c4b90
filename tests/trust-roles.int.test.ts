/**
 * Roles (issue 14 item 8): an account made from an invitation is an athlete only; it
 * becomes a coach with the access code, and the coach calls refuse it until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';
import { quiet, settled } from './support/coaching.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const eventCount = async () => Number((await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
const COACHES_ONLY = { error: 'Only coaches can do this. Enter the access code under "Become a coach" to coach athletes.' };

async function invitedAthlete(coach: { accessToken: string }) {
  const email = uniqueEmail('invited');
  expect((await t.api('POST', '/api/manage-invites', { email }, coach.accessToken)).status).toBe(200);
  const inviteToken = (await t.mailLink(email, /\/signup\?invite=[\w-]+/)).split('invite=')[1];
  expect((await t.api('POST', '/api/auth/signup', { fullName: 'Ina Invited', email, password: 'invited-pass', inviteToken })).status).toBe(201);
  const session = await t.api('POST', '/api/auth/signin', { email, password: 'invited-pass' });
  expect(session.status).toBe(200);
  return { email, ...session.body } as { email: string; accessToken: string; refreshToken: string; user: { id: string; isCoach: boolean; isAthlete: boolean } };
}

describe('invited accounts', () => {
  it('are athletes only: coach calls answer 403 and write nothing', async () => {
    const coach = await signedInUser(t, 'Cora Coach');
    expect(coach.user).toMatchObject({ isCoach: true, isAthlete: true });
    const athlete = await invitedAthlete(coach);
    expect(athlete.user).toMatchObject({ isCoach: false, isAthlete: true });

    await quiet(t);
    const before = await eventCount();
    expect(await t.api('POST', '/api/manage-invites', { email: uniqueEmail('friend') }, athlete.accessToken)).toEqual({ status: 403, body: COACHES_ONLY });
    expect(await t.api('POST', '/api/manage-links', { email: coach.email }, athlete.accessToken)).toEqual({ status: 403, body: COACHES_ONLY });
    expect(await t.api('GET', '/api/get-clients', undefined, athlete.accessToken)).toEqual({ status: 403, body: COACHES_ONLY });
    expect(await t.api('GET', '/api/manage-invites', undefined, athlete.accessToken)).toEqual({ status: 403, body: COACHES_ONLY });
    expect(await eventCount()).toBe(before);

    // Their own training is theirs as ever.
    expect((await t.api('GET', '/api/athlete/workouts', undefined, athlete.accessToken)).status).toBe(200);
    const profile = await t.api('GET', '/api/profile', undefined, athlete.accessToken);
    expect(profile.body.profile).toMatchObject({ is_coach: false, is_athlete: true, profile_type: 'athlete' });
  });

  it('become coaches with the access code, and only with it', async () => {
    const coach = await signedInUser(t, 'Cal Coach');
    const athlete = await invitedAthlete(coach);
    await quiet(t);
    const before = await eventCount();
    expect(await t.api('POST', '/api/auth/become-coach', { accessCode: 'GUESS' }, athlete.accessToken)).toEqual({ status: 400, body: { error: 'Incorrect access code.' } });
    expect(await t.api('POST', '/api/auth/become-coach', { accessCode: ACCESS_CODE })).toEqual({ status: 401, body: { error: 'No authentication token available' } });
    expect(await eventCount()).toBe(before);

    const became = await t.api('POST', '/api/auth/become-coach', { accessCode: ` ${ACCESS_CODE} ` }, athlete.accessToken);
    expect(became.status).toBe(200);
    expect(became.body.user).toMatchObject({ id: athlete.user.id, isCoach: true, isAthlete: true });
    await settled(t, became.body.checkpoint);

    expect((await t.api('POST', '/api/manage-invites', { email: uniqueEmail('first-client') }, athlete.accessToken)).status).toBe(200);
    expect((await t.api('GET', '/api/get-clients', undefined, athlete.accessToken)).status).toBe(200);
    expect((await t.api('GET', '/api/profile', undefined, athlete.accessToken)).body.profile).toMatchObject({ is_coach: true, profile_type: 'coach' });
    // A refreshed session says so too, and saying it twice changes nothing.
    expect((await t.api('POST', '/api/auth/refresh', { refreshToken: athlete.refreshToken })).body.user.isCoach).toBe(true);
    await quiet(t);
    const count = await eventCount();
    expect((await t.api('POST', '/api/auth/become-coach', { accessCode: ACCESS_CODE }, athlete.accessToken)).status).toBe(200);
    expect(await eventCount()).toBe(count);
  });

  it('cannot guess the access code: wrong codes are limited per account', async () => {
    const limited = await startTestServer({ rateLimitScale: 1 });
    try {
      const coach = await signedInUser(limited, 'Gus Guard');
      const email = uniqueEmail('guesser');
      await limited.api('POST', '/api/manage-invites', { email }, coach.accessToken);
      const inviteToken = (await limited.mailLink(email, /\/signup\?invite=[\w-]+/)).split('invite=')[1];
      await limited.api('POST', '/api/auth/signup', { fullName: 'Gia Guesser', email, password: 'guesser-pass', inviteToken });
      const { accessToken } = (await limited.api('POST', '/api/auth/signin', { email, password: 'guesser-pass' })).body;
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await limited.api('POST', '/api/auth/become-coach', { accessCode: `GUESS-${i}` }, accessToken)).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
      expect((await limited.api('POST', '/api/auth/become-coach', { accessCode: ACCESS_CODE }, accessToken)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
