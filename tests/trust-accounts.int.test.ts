/**
 * Account takeover holes, closed (issue 14 items 5, 6, 7, 15): idempotency keys bound
 * to the caller and the request, reset links that die when a newer one is issued or
 * one is used, sign-in limits that stop guessing without locking out the owner, and
 * a forged refresh token refused on sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const eventCount = async (db = t) => Number((await db.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);
const TOO_MANY = { error: 'Too many attempts. Please wait a few minutes and try again.' };

describe('Idempotency-Key', () => {
  it('never replays one caller\'s sign-in to another request with the same key', async () => {
    const a = await signedInUser(t, 'Alex Account');
    const b = await signedInUser(t, 'Blair Bystander');
    const key = { 'idempotency-key': 'K-signin' };
    const first = await t.api('POST', '/api/auth/signin', { email: a.email, password: a.password }, undefined, key);
    expect(first.status).toBe(200);
    const other = await t.api('POST', '/api/auth/signin', { email: b.email, password: 'wrong password' }, undefined, key);
    expect(other).toEqual({ status: 401, body: { error: 'Invalid login credentials' } });
    expect(JSON.stringify(other.body)).not.toContain(first.body.accessToken);
  });

  it('replays the same request, refuses a different body under the same key with 422, and scopes keys per caller', async () => {
    const u = await signedInUser(t, 'Casey Caller');
    const v = await signedInUser(t, 'Devon Different');
    const key = { 'idempotency-key': 'K-profile' };
    const first = await t.api('PUT', '/api/profile', { displayName: 'Casey' }, u.accessToken, key);
    expect(first.status).toBe(200);
    const before = await eventCount();
    const again = await t.api('PUT', '/api/profile', { displayName: 'Casey' }, u.accessToken, key);
    expect(again).toEqual(first);
    const changed = await t.api('PUT', '/api/profile', { displayName: 'Mallory' }, u.accessToken, key);
    expect(changed).toEqual({ status: 422, body: { error: 'This Idempotency-Key was already used for a different request.' } });
    expect(await eventCount()).toBe(before);
    // Another user's same key is theirs alone: it runs, for them.
    const theirs = await t.api('PUT', '/api/profile', { displayName: 'Devon' }, v.accessToken, key);
    expect(theirs.status).toBe(200);
    expect((await t.api('GET', '/api/profile', undefined, v.accessToken, { 'x-after-checkpoint': theirs.body.checkpoint })).body.profile.display_name).toBe('Devon');
    expect((await t.api('GET', '/api/profile', undefined, u.accessToken, { 'x-after-checkpoint': theirs.body.checkpoint })).body.profile.display_name).toBe('Casey');
  });
});

describe('password reset links', () => {
  const resetLink = /\/reset-password\?access_token=([\w-]+)/;
  const tokenOf = (link: string) => link.match(resetLink)![1]!;

  it('a newer link retires the older one, and a used link cannot be used again', async () => {
    const u = await signedInUser(t, 'Riley Reset');
    const start = Date.now();
    expect((await t.api('POST', '/api/auth/recover', { email: u.email })).status).toBe(200);
    const older = tokenOf(await t.mailLink(u.email, resetLink, start));
    // Wait for a second mail distinct from the first.
    const second = Date.now();
    expect((await t.api('POST', '/api/auth/recover', { email: u.email })).status).toBe(200);
    let newer = older;
    for (let i = 0; i < 200 && newer === older; i++) newer = tokenOf(await t.mailLink(u.email, resetLink, second));
    expect(newer).not.toBe(older);

    const invalid = { status: 400, body: { error: 'Invalid or expired reset link. Please request a new password reset.' } };
    expect(await t.api('POST', '/api/auth/reset-password', { token: older, password: 'older-link-pass' })).toEqual(invalid);
    expect((await t.api('POST', '/api/auth/reset-password', { token: newer, password: 'newer-link-pass' })).status).toBe(200);
    expect(await t.api('POST', '/api/auth/reset-password', { token: newer, password: 'again-link-pass' })).toEqual(invalid);
    expect((await t.api('POST', '/api/auth/signin', { email: u.email, password: 'newer-link-pass' })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/signin', { email: u.email, password: 'older-link-pass' })).status).toBe(401);
  });
});

describe('sign-in and sign-up limits', () => {
  it('stops a guesser without locking out the owner, and counts only failures', async () => {
    const limited = await startTestServer({ rateLimitScale: 1, env: { TRUST_PROXY: 'true' } });
    try {
      const owner = await signedInUser(limited, 'Owen Owner');
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: `guess-${i}` }, undefined, from('203.0.113.9'))).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      expect((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: 'guess-x' }, undefined, from('203.0.113.9'))).body).toEqual(TOO_MANY);
      // The owner, from their own network, is not locked out: a typo is a 401, the password works.
      expect((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: 'typo typo' }, undefined, from('198.51.100.7'))).status).toBe(401);
      expect((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: owner.password }, undefined, from('198.51.100.7'))).status).toBe(200);
      // Successful sign-ins are not counted: many from one address stay fine.
      for (let i = 0; i < 15; i++) {
        expect((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: owner.password }, undefined, from('198.51.100.8'))).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('without TRUST_PROXY a client cannot pick its own IP with X-Forwarded-For', async () => {
    const limited = await startTestServer({ rateLimitScale: 1 });
    try {
      const owner = await signedInUser(limited, 'Paz Plain');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await limited.api('POST', '/api/auth/signin', { email: owner.email, password: `guess-${i}` }, undefined, { 'x-forwarded-for': `192.0.2.${i}` })).status);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets a gym of 40 invited athletes on one IP join and sign in within the hour; access-code sign-ups stay limited', async () => {
    const gym = await startTestServer({ rateLimitScale: 1 });
    try {
      const coach = await signedInUser(gym, 'Gym Coach');
      const athletes = Array.from({ length: 40 }, (_, i) => uniqueEmail(`gym${i}`));
      for (const email of athletes) expect((await gym.api('POST', '/api/manage-invites', { email }, coach.accessToken)).status).toBe(200);
      for (const email of athletes) {
        const inviteToken = (await gym.mailLink(email, /\/signup\?invite=[\w-]+/)).split('invite=')[1]!;
        const signup = await gym.api('POST', '/api/auth/signup', { fullName: 'Gym Athlete', email, password: 'gym-password', inviteToken });
        expect(signup.status, JSON.stringify(signup.body)).toBe(201);
      }
      for (const email of athletes) expect((await gym.api('POST', '/api/auth/signin', { email, password: 'gym-password' })).status).toBe(200);

      // The access code is a secret worth guessing: those sign-ups keep their limit
      // (10 an hour per IP; the coach above was the first).
      const coded: number[] = [];
      for (let i = 0; i < 10; i++) coded.push((await gym.api('POST', '/api/auth/signup', { fullName: 'Walk In', email: uniqueEmail('walkin'), password: 'walk-in-pass', accessCode: ACCESS_CODE })).status);
      expect(coded).toEqual([...Array(9).fill(201), 429]);
    } finally {
      await gym.close();
    }
  });
});

describe('sign-out', () => {
  it('refuses a forged refresh token with 401 and signs out a real one', async () => {
    const u = await signedInUser(t, 'Sid Signout');
    const before = await eventCount();
    expect(await t.api('POST', '/api/auth/signout', { refreshToken: 'forged-refresh-token' })).toEqual({
      status: 401,
      body: { error: 'Your session has expired. Please sign in again.' },
    });
    expect(await eventCount()).toBe(before);
    expect(await t.api('POST', '/api/auth/signout', { refreshToken: u.refreshToken })).toEqual({ status: 200, body: { success: true } });
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
  });
});
