/** Token lifetimes on a fake clock: the server's clock is ours to move. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_CODE, signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';

let t: TestServer;
let clock = Date.now();
const SECOND = 1000;
const HOUR = 3600 * SECOND;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
});
beforeEach(() => {
  clock = Date.now();
});
afterAll(async () => t.close());

async function signUp(email: string) {
  const start = clock;
  await t.api('POST', '/api/auth/signup', { fullName: 'Clocked', email, password: 'secret123', accessCode: ACCESS_CODE });
  const link = await t.mailLink(email, /\/confirm\?token=[\w-]+/);
  return { token: link.split('token=')[1], issuedAt: start };
}

describe('access tokens', () => {
  it('work until 15 minutes and not after', async () => {
    const u = await signedInUser(t);
    const issued = clock;
    clock = issued + 15 * 60 * SECOND - SECOND;
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(200);
    clock = issued + 15 * 60 * SECOND + SECOND;
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(401);
    expect(u.expiresAt).toBe(Math.floor(issued / 1000) * 1000 + 15 * 60 * SECOND);
  });

  it('refuses a token with another algorithm or a forged signature', async () => {
    const u = await signedInUser(t);
    const [, body] = u.accessToken.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${body}.`;
    expect((await t.api('GET', '/api/auth/me', undefined, none)).status).toBe(401);
    const forged = u.accessToken.slice(0, -4) + (u.accessToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await t.api('GET', '/api/auth/me', undefined, forged)).status).toBe(401);
  });
});

describe('confirmation links', () => {
  it('are valid at 24 h − 1 s', async () => {
    const { token, issuedAt } = await signUp(uniqueEmail());
    clock = issuedAt + 24 * HOUR - SECOND;
    expect((await t.api('GET', `/api/confirm-email?token=${token}`)).status).toBe(200);
    expect((await t.api('GET', `/api/confirm-email?token=${token}`)).status).toBe(400);
  });

  it('are refused at 24 h + 1 s', async () => {
    const { token, issuedAt } = await signUp(uniqueEmail());
    clock = issuedAt + 24 * HOUR + SECOND;
    expect((await t.api('GET', `/api/confirm-email?token=${token}`)).status).toBe(400);
  });
});

describe('reset links', () => {
  async function resetLink() {
    const u = await signedInUser(t);
    const issuedAt = clock;
    const sentAt = Date.now();
    await t.api('POST', '/api/auth/recover', { email: u.email });
    const link = await t.mailLink(u.email, /access_token=[\w-]+/, sentAt);
    return { token: link.split('=')[1], issuedAt };
  }

  it('are valid at 1 h − 1 s, once', async () => {
    const { token, issuedAt } = await resetLink();
    clock = issuedAt + HOUR - SECOND;
    expect((await t.api('POST', '/api/auth/reset-password', { token, password: 'new-password-1' })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/reset-password', { token, password: 'new-password-2' })).status).toBe(400);
  });

  it('are refused at 1 h + 1 s', async () => {
    const { token, issuedAt } = await resetLink();
    clock = issuedAt + HOUR + SECOND;
    expect(await t.api('POST', '/api/auth/reset-password', { token, password: 'new-password-1' })).toEqual({
      status: 400,
      body: { error: 'Invalid or expired reset link. Please request a new password reset.' },
    });
  });
});

describe('refresh tokens', () => {
  it('rotate: each refresh gives a new pair and spends the old refresh token', async () => {
    const u = await signedInUser(t);
    const first = await t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(u.refreshToken);
    expect((await t.api('GET', '/api/auth/me', undefined, first.body.accessToken)).status).toBe(200);
    const second = await t.api('POST', '/api/auth/refresh', { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
  });

  it('revoke the whole session when a spent one is presented again', async () => {
    const u = await signedInUser(t);
    const rotated = await t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken });
    const replay = await t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken });
    expect(replay).toEqual({ status: 401, body: { error: 'Your session has expired. Please sign in again.' } });
    // The thief's replay also ends the legitimate holder's newer tokens.
    expect((await t.api('POST', '/api/auth/refresh', { refreshToken: rotated.body.refreshToken })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/me', undefined, rotated.body.accessToken)).status).toBe(401);
  });

  it('yield at most one new pair from 20 parallel refreshes of one token', async () => {
    const u = await signedInUser(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken })));
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.status === 401)).toBe(true);
  });
});
