/**
 * Webhooks end to end on a real server and database: a coach registers an endpoint,
 * the athlete's logging reaches a receiver on loopback (allowed by the test-only
 * WEBHOOKS_ALLOW_LOOPBACK), signed so that the `standardwebhooks` package verifies
 * it; a receiver that is down gets each event later, once per webhook-id; loopback
 * in every spelling and a redirect to it are refused. Nothing leaves loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startTestServer, signedInUser, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { postWebhook } from '../src/webhooks/safe-request.ts';
import { WebhookSender } from '../src/webhooks/sender.ts';
import { MAX_ATTEMPTS } from '../src/webhooks/domain/backoff.ts';
import { mayConnect } from '../src/webhooks/address-check.ts';
import { outboxMails } from './support/outbox.ts';
import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { render } from 'ink-testing-library';
import { listWebhooks } from '../cli/lib/webhooks.ts';
import { WebhooksView } from '../cli/commands/webhooks.tsx';

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records what it gets and answers `status`. */
async function receiver(opts: { port?: number; status?: number; answer?: string; redirectTo?: string } = {}) {
  const got: Received[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      if (opts.redirectTo) res.writeHead(307, { location: opts.redirectTo }).end();
      else res.writeHead(opts.status ?? 200, { 'content-type': 'text/plain' }).end(opts.answer ?? 'thanks');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    port,
    url: `http://127.0.0.1:${port}/hook`,
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function freePort(): Promise<number> {
  const r = await receiver();
  await r.close();
  return r.port;
}

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen`);
}

const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };

let t: TestServer;
let coach: Awaited<ReturnType<typeof signedInUser>>;
let athlete: Awaited<ReturnType<typeof signedInUser>>;
let otherCoach: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await startTestServer({ env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
  [coach, athlete, otherCoach] = await Promise.all([signedInUser(t, 'Hook Coach'), signedInUser(t, 'Hook Athlete'), signedInUser(t, 'Other Coach')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

async function addEndpoint(url: string, eventTypes: string[], who = coach) {
  const res = await t.api('POST', '/api/webhooks', { url, event_types: eventTypes, description: 'test receiver' }, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { data: { id: string }; secret: string };
}

async function planWorkout(sets: number): Promise<string> {
  const workout = {
    user_id: athlete.user.id,
    date: '2026-03-02',
    name: 'Hook day',
    exercises: [{ exercise_name: 'Back Squat', sets: Array.from({ length: sets }, () => ({ type: 'standard', reps: 5, load: 200 })) }],
  };
  const res = await t.api('POST', '/api/manage-workouts', { workout }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function logSet(workoutId: string, setIndex: number) {
  const res = await t.api('POST', `/api/athlete/workouts/${workoutId}/actuals`, { exerciseIndex: 0, setIndex, actual: { reps: 5, load: 200 } }, athlete.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const deliveries = async (endpointId: string, who = coach) => (await t.api('GET', `/api/webhooks/${endpointId}/deliveries`, undefined, who.accessToken)).body.data as any[];

describe('webhook deliveries', () => {
  it('delivers set.logged and workout.completed, signed so that standardwebhooks verifies them, and logs each', async () => {
    const r = await receiver();
    const { data: endpoint, secret } = await addEndpoint(r.url, ['set.logged', 'workout.completed']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const workoutId = await planWorkout(2);
    await logSet(workoutId, 0);
    await logSet(workoutId, 1);
    await until(
      () => r.got.length,
      (n) => n >= 3,
      'three deliveries',
    );
    const payloads = r.got.map((g) => verify(secret, g));
    expect(payloads.map((p) => p.type).sort()).toEqual(['set.logged', 'set.logged', 'workout.completed']);
    const completed = payloads.find((p) => p.type === 'workout.completed')!;
    expect(completed.data).toMatchObject({ athleteId: athlete.user.id, workoutId, name: 'Hook day', setCount: 2 });
    const logged = payloads.find((p) => p.type === 'set.logged')!;
    expect(logged.data).toMatchObject({ athleteId: athlete.user.id, workoutId, exerciseName: 'Back Squat', actual: { reps: 5 } });
    // A signature made with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('not the secret at all, no').toString('base64')}`).verify(r.got[0].body, r.got[0].headers)).toThrow();

    const log = await until(
      () => deliveries(endpoint.id),
      (d) => d.length === 3 && d.every((x) => x.status === 'delivered'),
      'delivery log',
    );
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 1, response_status: 200, response_body: 'thanks', next_attempt_at: null });
    expect(new Set(log.map((d) => d.id))).toEqual(new Set(r.got.map((g) => g.headers['webhook-id'])));
    await r.close();
  });

  it('delivers athlete.linked to the coach and performance.record for a linked athlete, not to another coach', async () => {
    const r = await receiver();
    const other = await receiver();
    const { secret } = await addEndpoint(r.url, ['athlete.linked', 'performance.record']);
    await addEndpoint(other.url, ['athlete.linked', 'performance.record'], otherCoach);
    const newcomer = await signedInUser(t, 'New Client');
    await linkAthlete(t, coach, newcomer);
    const logged = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: newcomer.user.id, exercise_name: 'Deadlift', value: 405, reps: 1, date: '2026-03-03' },
      coach.accessToken,
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    await until(
      () => r.got.length,
      (n) => n >= 2,
      'linked and record deliveries',
    );
    const byType = Object.fromEntries(r.got.map((g) => verify(secret, g)).map((p) => [p.type, p.data]));
    expect(byType['athlete.linked']).toMatchObject({ athleteId: newcomer.user.id, coachId: coach.user.id, email: newcomer.email });
    expect(byType['performance.record']).toMatchObject({ athleteId: newcomer.user.id, exerciseName: 'Deadlift', value: 405, reps: 1, date: '2026-03-03', loggedBy: coach.user.id });
    expect(r.got).toHaveLength(2);
    expect(other.got).toHaveLength(0);
    await Promise.all([r.close(), other.close()]);
  });

  it('delivers each event to a receiver that was down once it is up, once per webhook-id', async () => {
    const port = await freePort();
    const { data: endpoint, secret } = await addEndpoint(`http://127.0.0.1:${port}/hook`, ['set.logged']);
    const workoutId = await planWorkout(3);
    await logSet(workoutId, 0);
    await logSet(workoutId, 1);
    const failed = await until(
      () => deliveries(endpoint.id),
      (d) => d.length === 2 && d.every((x) => x.error !== null && x.status === 'pending'),
      'failed first attempts',
    );
    expect(failed[0].error).toMatch(/ECONNREFUSED/);
    expect(failed[0].next_attempt_at).not.toBeNull();

    const r = await receiver({ port });
    await until(
      () => deliveries(endpoint.id),
      (d) => d.every((x) => x.status === 'delivered'),
      'redelivery',
    );
    const ids = r.got.map((g) => g.headers['webhook-id']);
    expect(new Set(ids)).toEqual(new Set(failed.map((d) => d.id)));
    expect(ids).toHaveLength(2);
    for (const g of r.got) expect(verify(secret, g).type).toBe('set.logged');
    await r.close();
  });

  it('sends a test event on demand, and after a rotation signs with the new and the old secret', async () => {
    const r = await receiver();
    const { data: endpoint, secret: oldSecret } = await addEndpoint(r.url, ['athlete.linked']);
    const sent = await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken);
    expect(sent.status).toBe(202);
    await until(
      () => r.got.length,
      (n) => n === 1,
      'test event',
    );
    expect(r.got[0].headers['webhook-id']).toBe(sent.body.delivery_id);
    expect(verify(oldSecret, r.got[0])).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    const rotated = await t.api('POST', `/api/webhooks/${endpoint.id}/rotate-secret`, undefined, coach.accessToken);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(oldSecret);
    expect(rotated.body.data.previous_secret_until).not.toBeNull();
    await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken);
    await until(
      () => r.got.length,
      (n) => n === 2,
      'second test event',
    );
    expect(r.got[1].headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(rotated.body.secret, r.got[1]).type).toBe('webhook.test');
    expect(verify(oldSecret, r.got[1]).type).toBe('webhook.test');
    await r.close();
  });

  it('stops on 410 Gone: the endpoint is disabled and the coach told by e-mail', async () => {
    const r = await receiver({ status: 410, answer: 'gone for good' });
    const { data: endpoint } = await addEndpoint(r.url, ['set.logged']);
    await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken);
    const log = await until(
      () => deliveries(endpoint.id),
      (d) => d[0]?.status === 'failed',
      'failed delivery',
    );
    expect(log[0]).toMatchObject({ response_status: 410, response_body: 'gone for good', attempts: 1 });
    const list = (await t.api('GET', '/api/webhooks', undefined, coach.accessToken)).body.data as any[];
    expect(list.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'The receiver answered 410 Gone.' });
    const mail = await until(
      () => outboxMails(t.outboxDir),
      (m) => m.some((x) => x.to === coach.email && /webhook endpoint was disabled/i.test(x.subject)),
      'disable mail',
    );
    expect(mail.find((x) => x.to === coach.email && /disabled/.test(x.subject))!.text).toContain(r.url);
    // A disabled endpoint takes no test event until it is enabled again.
    expect((await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken)).status).toBe(409);
    expect(r.got).toHaveLength(1);
    await r.close();
  });
});

describe('a receiver that keeps failing', () => {
  it('is tried on the back-off schedule under one webhook-id, then disabled and its coach told', async () => {
    const r = await receiver({ status: 500, answer: 'boom' });
    const { data: endpoint } = await addEndpoint(r.url, ['set.logged']);
    // A second sender (as another server would run) whose clock we move on by half a day
    // at each flush: the schedule's three days pass in a few flushes.
    let clock = Date.now();
    const sender = new WebhookSender(t.server.platform.pool, { allowLoopback: true, appUrl: t.url, now: () => new Date(clock) });
    await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken);
    for (let i = 0; i < MAX_ATTEMPTS + 5 && (await deliveries(endpoint.id))[0]?.status !== 'failed'; i++) {
      clock += 12 * 60 * 60 * 1000;
      await sender.flush();
    }
    await sender.stop();
    const [log] = await deliveries(endpoint.id);
    expect(log).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, response_status: 500, response_body: 'boom' });
    expect(r.got).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(r.got.map((g) => g.headers['webhook-id']))).toEqual(new Set([log.id]));
    const list = (await t.api('GET', '/api/webhooks', undefined, coach.accessToken)).body.data as any[];
    expect(list.find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/kept failing for about three days \(last: HTTP 500\)/),
    });
    await until(
      () => outboxMails(t.outboxDir),
      (m) => m.some((x) => x.to === coach.email && (x.text ?? '').includes(r.url) && (x.text ?? '').includes('about three days')),
      'disable mail',
    );
    await r.close();
  });
});

describe('webhook endpoints', () => {
  // Athlete-only accounts get 403: the authorisation matrix (tests/authz/rows/webhooks.ts).
  it('one coach cannot see or touch another coach’s', async () => {
    const { data: endpoint } = await addEndpoint('https://hooks.example.invalid/a', ['set.logged']);
    for (const [method, path] of [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
    ] as const)
      expect((await t.api(method, path, undefined, otherCoach.accessToken)).status, `${method} ${path}`).toBe(404);
    const theirs = (await t.api('GET', '/api/webhooks', undefined, otherCoach.accessToken)).body.data as { id: string }[];
    expect(theirs.map((e) => e.id)).not.toContain(endpoint.id);
  });

  it('refuse unknown event types and plain http away from loopback with a clear message', async () => {
    const bad = await t.api('POST', '/api/webhooks', { url: 'https://hooks.example.invalid/x', event_types: ['workout.exploded'] }, coach.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Unknown event type "workout.exploded"/);
    const plain = await t.api('POST', '/api/webhooks', { url: 'http://hooks.example.invalid/x', event_types: ['set.logged'] }, coach.accessToken);
    expect(plain).toMatchObject({ status: 400, body: { error: 'The URL must start with https://.' } });
    const inner = await t.api('POST', '/api/webhooks', { url: 'https://10.0.0.8/x', event_types: ['set.logged'] }, coach.accessToken);
    expect(inner).toMatchObject({ status: 400, body: { error: 'The URL points to a private, loopback or link-local address.' } });
  });
});

describe('one delivery attempt', () => {
  it('gives up on a receiver that does not answer by the deadline (10 s in the server)', async () => {
    const silent = http.createServer(() => {
      // Never answers.
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
    const result = await postWebhook(url, '{}', {}, { allowLoopback: true, timeoutMs: 300 });
    expect(result).toEqual({ status: null, body: '', error: 'timed out' });
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  it('keeps the first 500 characters of the answer', async () => {
    const r = await receiver({ answer: 'x'.repeat(5000) });
    const result = await postWebhook(r.url, '{}', {}, { allowLoopback: true });
    expect(result.status).toBe(200);
    expect(result.body).toBe('x'.repeat(500));
    await r.close();
  });
});

describe('SSRF guard of a delivery (loopback setting off)', () => {
  it.each([['127.0.0.1'], ['127.0.0.2'], ['[::1]'], ['0x7f000001'], ['localhost']])('refuses %s after resolving it, without connecting', async (host) => {
    const r = await receiver();
    const result = await postWebhook(`https://${host}:${r.port}/hook`, '{}', {}, { allowLoopback: false });
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/refused/);
    expect(r.connections()).toBe(0);
    await r.close();
  });

  it('refuses a redirect to loopback, checking the redirect target like the first address', async () => {
    const target = await receiver();
    const redirector = await receiver({ redirectTo: `https://localhost:${target.port}/hook` });
    // The first hop (the redirector, on loopback only because tests may not leave it)
    // is let through explicitly; every other address meets the real check.
    const firstHopOnly = (address: string, url: URL) => url.port === String(redirector.port) || mayConnect(address, false);
    const result = await postWebhook(redirector.url, '{}', {}, { allowLoopback: false, allowHttp: true, mayConnect: firstHopOnly });
    expect(redirector.got).toHaveLength(1);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/localhost resolves to (127\.0\.0\.1|::1).*refused/);
    expect(target.connections()).toBe(0);

    const toLiteral = await receiver({ redirectTo: `http://127.0.0.1:${target.port}/hook` });
    const again = await postWebhook(
      toLiteral.url,
      '{}',
      {},
      { allowLoopback: false, allowHttp: true, mayConnect: (a, u) => u.port === String(toLiteral.port) || mayConnect(a, false) },
    );
    expect(again.error).toMatch(/127\.0\.0\.1.*refused/);
    expect(target.connections()).toBe(0);
    await Promise.all([target.close(), redirector.close(), toLiteral.close()]);
  });
});

describe('spotter webhooks', () => {
  it("lists each coach's endpoints with their recent deliveries, and no secret", async () => {
    const r = await receiver({ answer: 'cli saw this' });
    const { data: endpoint, secret } = await addEndpoint(r.url, ['performance.record']);
    await t.api('POST', `/api/webhooks/${endpoint.id}/test`, undefined, coach.accessToken);
    await until(
      () => deliveries(endpoint.id),
      (d) => d[0]?.status === 'delivered',
      'test delivery',
    );
    const lines = await listWebhooks(t.server.platform, { coachEmail: coach.email });
    const line = lines.find((l) => l.id === endpoint.id)!;
    expect(line).toMatchObject({ coachEmail: coach.email, url: r.url, eventTypes: ['performance.record'], enabled: true });
    expect(line.deliveries).toEqual([expect.objectContaining({ eventType: 'webhook.test', status: 'delivered', attempts: 1, responseStatus: 200, detail: 'cli saw this' })]);
    expect(JSON.stringify(lines)).not.toContain(secret);
    const theirs = await listWebhooks(t.server.platform, { coachEmail: otherCoach.email });
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((l) => l.coachEmail === otherCoach.email && l.id !== endpoint.id)).toBe(true);
    const view = render(h(WebhooksView, { endpoints: [line] }));
    const text = stripVTControlCharacters(view.lastFrame() ?? '');
    expect(text).toContain(r.url);
    expect(text).toContain('webhook.test');
    expect(text).toContain('delivered');
    view.unmount();
    await r.close();
  });
});
