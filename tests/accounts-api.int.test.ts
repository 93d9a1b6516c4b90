import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

async function counts() {
  const { rows } = await t.db.pool.query(`SELECT (SELECT count(*) FROM user_credentials)::int AS users, (SELECT count(*) FROM es_events)::int AS events`);
  return rows[0] as { users: number; events: number };
}

describe('POST /api/auth/signup', () => {
  it.each([
    [{ email: 'a@example.com', password: 'secret1', accessCode: ACCESS_CODE }, 'fullName is required.'],
    [{ fullName: '', email: 'a@example.com', password: 'secret1', accessCode: ACCESS_CODE }, 'Full Name, Email, Password and Access Code are required.'],
    [{ fullName: 'A', email: 'a@example.com', password: 'secret1', accessCode: '' }, 'Full Name, Email, Password and Access Code are required.'],
    [{ fullName: 'A', email: 42, password: 'secret1', accessCode: ACCESS_CODE }, 'email must be a string.'],
    [{ fullName: 'A', email: 'a@example.com', password: 'secret1', accessCode: ACCESS_CODE, isAdmin: true }, 'Unknown field: isAdmin.'],
    [{ fullName: 'A', email: 'not-an-email', password: 'secret1', accessCode: ACCESS_CODE }, 'Please enter a valid email address.'],
    [{ fullName: 'A', email: 'a@example.com', password: 'short', accessCode: ACCESS_CODE }, 'Password must be at least 6 characters long.'],
    [{ fullName: 'A', email: 'a@example.com', password: 'secret1', accessCode: 'wrong' }, 'Incorrect access code.'],
  ])('refuses %j with a 400 that says why and writes nothing', async (body, error) => {
    const before = await counts();
    const res = await t.api('POST', '/api/auth/signup', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
    expect(await counts()).toEqual(before);
  });

  it('refuses bodies that are not JSON objects, and oversize ones, with 4xx JSON', async () => {
    for (const body of ['not json', '[]', 'null', '"str"']) {
      const res = await t.api('POST', '/api/auth/signup', body);
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(typeof res.body.error).toBe('string');
    }
    const huge = await t.api('POST', '/api/auth/signup', { fullName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'The request body is too large.' });
  });

  it('trims the access code, creates a coach-and-athlete account and mails a confirmation link', async () => {
    const email = uniqueEmail();
    const res = await t.api('POST', '/api/auth/signup', { fullName: 'Dana Coach', email, password: 'secret1', accessCode: `  ${ACCESS_CODE} ` });
    expect(res.status).toBe(201);
    const link = await t.mailLink(email, /http:\/\/[^\s"]+\/confirm\?token=[\w-]+/);
    expect(link.startsWith(t.url)).toBe(true);
    const confirmed = await t.api('GET', `/api/confirm-email?token=${link.split('token=')[1]}`);
    expect(confirmed.body).toMatchObject({ success: true, email, userData: { full_name: 'Dana Coach', is_coach: true, is_athlete: true } });
  });

  it('refuses a second account for the same e-mail, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await t.api('POST', '/api/auth/signup', { fullName: 'A', email, password: 'secret1', accessCode: ACCESS_CODE })).status).toBe(201);
    const again = await t.api('POST', '/api/auth/signup', { fullName: 'B', email: email.toUpperCase(), password: 'secret2', accessCode: ACCESS_CODE });
    expect(again).toEqual({ status: 409, body: { error: 'An account with this e-mail already exists.' } });
  });
});

describe('sign-in and confirmation', () => {
  it('refuses sign-in before confirmation with the spec text, and resend mails a new link', async () => {
    const email = uniqueEmail();
    await t.api('POST', '/api/auth/signup', { fullName: 'Sam', email, password: 'secret12', accessCode: ACCESS_CODE });
    const early = await t.api('POST', '/api/auth/signin', { email, password: 'secret12' });
    expect(early).toEqual({ status: 403, body: { error: 'Please confirm your email address before signing in.', code: 'email_not_confirmed' } });

    expect(await t.api('POST', '/api/auth/resend-confirmation', { email: '' })).toEqual({ status: 400, body: { error: 'Please enter your email address first.' } });
    const sentAt = Date.now();
    const resent = await t.api('POST', '/api/auth/resend-confirmation', { email });
    expect(resent).toEqual({ status: 200, body: { message: 'Confirmation email sent! Please check your inbox.' } });
    const link = await t.mailLink(email, /\/confirm\?token=[\w-]+/, sentAt);
    const token = link.split('token=')[1];
    expect((await t.api('GET', `/api/confirm-email?token=${token}`)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/signin', { email, password: 'secret12' })).status).toBe(200);
  });

  it('answers resend and recover for unknown addresses exactly as for known ones', async () => {
    const unknown = uniqueEmail('nobody');
    expect(await t.api('POST', '/api/auth/resend-confirmation', { email: unknown })).toEqual({
      status: 200,
      body: { message: 'Confirmation email sent! Please check your inbox.' },
    });
    expect(await t.api('POST', '/api/auth/recover', { email: unknown })).toEqual({ status: 200, body: { message: 'Password reset instructions have been sent to your email.' } });
  });

  it('refuses a confirmation link twice and a made-up one', async () => {
    expect(await t.api('GET', '/api/confirm-email?token=made-up')).toEqual({
      status: 400,
      body: { success: false, error: 'Failed to confirm email. The link may be expired or invalid.' },
    });
    expect(await t.api('GET', '/api/confirm-email')).toEqual({ status: 400, body: { success: false, error: 'Invalid confirmation link. Please check your email and try again.' } });
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const u = await signedInUser(t);
    expect(await t.api('POST', '/api/auth/signin', { email: u.email, password: 'wrong-password' })).toEqual({ status: 401, body: { error: 'Invalid login credentials' } });
    expect(await t.api('POST', '/api/auth/signin', { email: uniqueEmail(), password: 'whatever' })).toEqual({ status: 401, body: { error: 'Invalid login credentials' } });
    expect(await t.api('POST', '/api/auth/signin', { email: '', password: '' })).toEqual({ status: 400, body: { error: 'Email and password are required.' } });
  });

  it('accepts passwords of any Unicode up to 128 characters', async () => {
    const email = uniqueEmail();
    const password = 'Pässwörd-日本語-🏋️'.padEnd(128, 'é');
    expect(password.length).toBe(128);
    await t.api('POST', '/api/auth/signup', { fullName: 'Uni', email, password, accessCode: ACCESS_CODE });
    const link = await t.mailLink(email, /\/confirm\?token=[\w-]+/);
    await t.api('GET', `/api/confirm-email?token=${link.split('token=')[1]}`);
    expect((await t.api('POST', '/api/auth/signin', { email, password })).status).toBe(200);
    const tooLong = await t.api('POST', '/api/auth/signup', { fullName: 'U', email: uniqueEmail(), password: 'x'.repeat(129), accessCode: ACCESS_CODE });
    expect(tooLong).toEqual({ status: 400, body: { error: 'Password must be at most 128 characters long.' } });
  });

  it('stores no password or token in any event', async () => {
    const u = await signedInUser(t);
    const { rows } = await t.db.pool.query(`SELECT data::text || metadata::text AS s FROM es_events`);
    for (const r of rows) {
      expect(r.s).not.toContain(u.password);
      expect(r.s).not.toContain(u.refreshToken);
      expect(r.s).not.toMatch(/argon2/);
    }
  });
});

describe('sessions', () => {
  it('signs out: the access token stops working', async () => {
    const u = await signedInUser(t);
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(200);
    expect(await t.api('POST', '/api/auth/signout', undefined, u.accessToken)).toEqual({ status: 200, body: { success: true } });
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/refresh', { refreshToken: u.refreshToken })).status).toBe(401);
  });

  it('says No authentication token available without a bearer token', async () => {
    expect(await t.api('GET', '/api/auth/me')).toEqual({ status: 401, body: { error: 'No authentication token available' } });
    expect((await t.api('GET', '/api/auth/me', undefined, 'garbage.token.here')).status).toBe(401);
  });
});

describe('password reset', () => {
  it('resets with the mailed link once; the old password and every session end', async () => {
    const u = await signedInUser(t);
    const sentAt = Date.now();
    await t.api('POST', '/api/auth/recover', { email: u.email });
    const link = await t.mailLink(u.email, /\/reset-password\?access_token=[\w-]+&(amp;)?type=recovery/, sentAt);
    const token = link.match(/access_token=([\w-]+)/)![1];

    expect(await t.api('POST', '/api/auth/reset-password', { token, password: '12345' })).toEqual({ status: 400, body: { error: 'Password must be at least 6 characters long.' } });
    expect((await t.api('POST', '/api/auth/reset-password', { token, password: 'brand-new-pass' })).status).toBe(200);
    expect(await t.api('POST', '/api/auth/reset-password', { token, password: 'another-pass' })).toEqual({
      status: 400,
      body: { error: 'Invalid or expired reset link. Please request a new password reset.' },
    });
    expect((await t.api('POST', '/api/auth/signin', { email: u.email, password: u.password })).status).toBe(401);
    expect((await t.api('POST', '/api/auth/signin', { email: u.email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/me', undefined, u.accessToken)).status).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits repeated failed sign-ins for one e-mail from one address with 429', async () => {
    const limited = await startTestServer({ rateLimitScale: 1 });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await limited.api('POST', '/api/auth/signin', { email, password: 'nope-nope' })).status);
      expect(statuses.every((s) => s === 401)).toBe(true);
      const last = await limited.api('POST', '/api/auth/signin', { email, password: 'nope-nope' });
      expect(last).toEqual({ status: 429, body: { error: 'Too many attempts. Please wait a few minutes and try again.' } });
    } finally {
      await limited.close();
    }
  });

  it('sends at most 30 e-mails per recipient per hour, counted in the database', async () => {
    const u = await signedInUser(t);
    const to = u.email;
    const before = (await t.db.pool.query(`SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1`, [to])).rows[0].n as number;
    for (let i = before; i < 30; i++) {
      const res = await t.api('POST', '/api/send-email', { to, template: 'welcome', data: { name: 'Demo' } }, u.accessToken);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const over = await t.api('POST', '/api/send-email', { to, template: 'welcome' }, u.accessToken);
    expect(over).toEqual({ status: 429, body: { error: 'Rate limit exceeded. Maximum 30 emails per hour per recipient.' } });
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1 AND status <> 'failed'`, [to]);
    expect(rows[0].n).toBe(30);
    expect((await t.api('GET', '/api/outbox', undefined, u.accessToken)).body.messages.filter((m: { to: string }) => m.to === to)).toHaveLength(30);
  });

  it('signs the demo page’s coach mails with the sender’s profile name, and offers the weekly recap', async () => {
    const u = await signedInUser(t, 'Dana Demo');
    const named = await t.api('PUT', '/api/profile', { displayName: 'Coach Dana' }, u.accessToken);
    expect(named.status).toBe(200);
    await t.server.platform.runner.waitFor(named.body.checkpoint as string);
    for (const template of ['invitation', 'weekly-recap', 'welcome']) {
      const res = await t.api('POST', '/api/send-email', { to: u.email, template, data: { name: 'Ana' } }, u.accessToken);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const mails = (await t.api('GET', '/api/outbox', undefined, u.accessToken)).body.messages as { subject: string; html: string }[];
    const invitation = mails.find((m) => /invit/i.test(m.subject))!;
    expect(invitation.html).toContain('Coach Dana');
    expect(invitation.html).not.toContain('Coach Demo');
    expect(mails.some((m) => /week/i.test(m.subject))).toBe(true);
    const welcome = mails.find((m) => /welcome/i.test(m.subject))!;
    expect(welcome.html).toMatch(/href="http:\/\/[^"]+\/signin"/);
  });
});
