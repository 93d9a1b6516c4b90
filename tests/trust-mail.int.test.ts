/**
 * Mail that cannot be turned against users (issue 14 items 1 and 9): the local outbox
 * is the operator's (key printed at start) or each user's own, never a stranger's;
 * /api/send-email sends only our templates, to the sender or their linked athletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t?.close());

const queued = async (to: string) => Number((await t.db.pool.query('SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1', [to.toLowerCase()])).rows[0].n);

describe('the local outbox', () => {
  it('shows a stranger nothing, a user only their own mail, and the operator everything', async () => {
    const victim = await signedInUser(t, 'Vera Victim');
    const stranger = await signedInUser(t, 'Stan Stranger');
    const start = Date.now();
    // The takeover as reported: an anonymous "forgot password", then the link from the outbox.
    expect((await t.api('POST', '/api/auth/recover', { email: victim.email })).status).toBe(200);
    await t.mailLink(victim.email, /reset-password\?access_token=/, start);

    expect(await t.api('GET', '/api/outbox')).toEqual({ status: 401, body: { error: 'No authentication token available' } });
    expect((await t.api('GET', '/api/outbox', undefined, undefined, { 'x-operator-key': 'guessed-key' })).status).toBe(401);

    const strangers = (await t.api('GET', '/api/outbox', undefined, stranger.accessToken)).body.messages as { to: string; html: string }[];
    expect(strangers.length).toBeGreaterThan(0);
    expect(strangers.every((m) => m.to === stranger.email)).toBe(true);
    expect(JSON.stringify(strangers)).not.toContain('access_token');

    const own = (await t.api('GET', '/api/outbox', undefined, victim.accessToken)).body.messages as { to: string; subject: string; html: string }[];
    expect(own.every((m) => m.to === victim.email)).toBe(true);
    expect(own.some((m) => m.html.includes('reset-password?access_token='))).toBe(true);

    const operator = (await t.api('GET', '/api/outbox', undefined, undefined, { 'x-operator-key': t.server.operatorKey })).body.messages as { to: string }[];
    expect(new Set(operator.map((m) => m.to))).toEqual(new Set([victim.email, stranger.email]));
  });
});

describe('POST /api/send-email', () => {
  it('needs a session and sends only our templates, writing nothing otherwise', async () => {
    const u = await signedInUser(t, 'Tess Template');
    const before = await queued(u.email);
    expect(await t.api('POST', '/api/send-email', { to: u.email, template: 'welcome' })).toEqual({ status: 401, body: { error: 'No authentication token available' } });
    expect(await t.api('POST', '/api/send-email', { to: u.email, template: 'welcome', subject: 'Your account', html: '<a href="https://evil.example">Verify</a>' }, u.accessToken)).toEqual({
      status: 400,
      body: { error: "Only Spotter's own e-mail templates can be sent; custom subjects and HTML are not allowed." },
    });
    expect((await t.api('POST', '/api/send-email', { to: u.email, subject: 'Hi', html: '<p>Hi</p>' }, u.accessToken)).status).toBe(400);
    expect(await queued(u.email)).toBe(before);
  });

  it('sends to the sender and to their linked athletes, never to anyone else', async () => {
    const coach = await signedInUser(t, 'Cole Coach');
    const athlete = await signedInUser(t, 'Ana Athlete');
    const otherCoach = await signedInUser(t, 'Oren Other');
    await linkAthlete(t, coach, athlete);
    const outsider = uniqueEmail('outsider');
    const refused = { status: 403, body: { error: 'You can only send e-mails to yourself or to athletes you coach.' } };

    expect((await t.api('POST', '/api/send-email', { to: coach.email, template: 'weekly-recap' }, coach.accessToken)).status).toBe(200);
    expect((await t.api('POST', '/api/send-email', { to: athlete.email.toUpperCase(), template: 'workout-assigned' }, coach.accessToken)).status).toBe(200);
    expect(await t.api('POST', '/api/send-email', { to: outsider, template: 'welcome' }, coach.accessToken)).toEqual(refused);
    expect(await t.api('POST', '/api/send-email', { to: athlete.email, template: 'password-reset' }, otherCoach.accessToken)).toEqual(refused);
    // An athlete does not coach their coach.
    expect(await t.api('POST', '/api/send-email', { to: coach.email, template: 'welcome' }, athlete.accessToken)).toEqual(refused);
    expect(await queued(outsider)).toBe(0);
  });

  it('stops at 30 mails per recipient per hour with the spec text, whoever sends them', async () => {
    const coach = await signedInUser(t, 'Rae Ratelimit');
    const athlete = await signedInUser(t, 'Ike Inbox');
    await linkAthlete(t, coach, athlete);
    const already = await queued(athlete.email);
    for (let i = already; i < 30; i++) {
      const sender = i % 2 ? coach : athlete;
      const res = await t.api('POST', '/api/send-email', { to: athlete.email, template: 'welcome', data: { name: `Mail ${i}` } }, sender.accessToken);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect(await t.api('POST', '/api/send-email', { to: athlete.email, template: 'welcome' }, coach.accessToken)).toEqual({
      status: 429,
      body: { error: 'Rate limit exceeded. Maximum 30 emails per hour per recipient.' },
    });
    expect(await queued(athlete.email)).toBe(30);
  });
});
