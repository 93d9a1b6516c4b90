/**
 * Web Push end to end on a real server and database, with no outside service: a
 * local HTTP server on 127.0.0.1 plays the push service (allowed by the test-only
 * PUSH_ALLOW_LOOPBACK), and the test decrypts what it receives per RFC 8291
 * (aes128gcm, ECDH P-256 with the subscription's private key, the auth secret, HKDF)
 * with node:crypto alone. The test makes each subscription's keys itself, subscribes
 * through the API, and asserts what arrived: a new workout named, a chat message, a
 * coach's and an athlete's comment, the training-day reminder once per day, nothing
 * with the preference off, a 410 removing the subscription, and nothing sent twice
 * when the reactor's events are applied again or another server's sender runs.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, signedInUser, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { pushReactor } from '../src/push/reactor.ts';
import { PushSender } from '../src/push/sender.ts';
import { ensureVapidKeys } from '../src/push/vapid.ts';
import { queueReminders } from '../src/push/reminders.ts';
import { endpointUrlProblem } from '../src/webhooks/safe-request.ts';
import { readToHead } from './support/read-to-head.ts';
import { historyReader } from '../src/platform/projections/projection.ts';

interface Push {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The push service: records every POST and answers 201, or 410 on paths under /gone/. */
async function pushService() {
  const got: Push[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, origin, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret, made here. */
function device(origin: string, path = '/push') {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const endpoint = `${origin}${path}/${crypto.randomUUID()}`;
  return {
    ecdh,
    auth,
    endpoint,
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
  };
}

/** RFC 8291 / RFC 8188 decryption of one aes128gcm push body with the subscription's private key. */
function decrypt(body: Buffer, d: ReturnType<typeof device>): unknown {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(idlen).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const ecdhSecret = d.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, d.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

/** The VAPID Authorization header: `vapid t=<JWT>, k=<public key>`, the JWT signed by k. */
function vapidOf(p: Push): { claims: { aud: string; exp: number; sub: string }; k: string } {
  const header = String(p.headers.authorization);
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
  expect(m, header).not.toBeNull();
  const [jwt, k] = [m![1], m![2]];
  const [h, c, s] = jwt.split('.');
  const raw = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  expect(crypto.verify('sha256', Buffer.from(`${h}.${c}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))).toBe(true);
  return { claims: JSON.parse(Buffer.from(c, 'base64url').toString('utf8')), k };
}

async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, what: string, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen`);
}

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestServer;
let service: Awaited<ReturnType<typeof pushService>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer({ env: { PUSH_ALLOW_LOOPBACK: '1' } });
  service = await pushService();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Casey Coach'), signedInUser(t, 'Avery Athlete')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function subscribe(d: ReturnType<typeof device>, who: User) {
  const res = await t.api('POST', '/api/push/subscriptions', d.json, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.subscription as { id: string; endpoint: string };
}

async function schedule(name: string, date: string): Promise<{ id: string; checkpoint: string }> {
  const workout = { user_id: athlete.user.id, date, name, exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 5, load: 200 }] }] };
  const res = await t.api('POST', '/api/manage-workouts', { workout }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; checkpoint: string };
}

/** Every push that reached `d`, decrypted. */
const arrivedAt = (d: ReturnType<typeof device>) => service.got.filter((p) => d.endpoint.endsWith(p.path)).map((p) => decrypt(p.body, d) as Record<string, string>);

async function waitForPush(d: ReturnType<typeof device>, match: (p: Record<string, string>) => boolean, what: string) {
  return (
    await until(
      () => arrivedAt(d),
      (all) => all.some(match),
      what,
    )
  ).find(match)!;
}

const subscriptionsOf = async (who: User) => (await t.api('GET', '/api/push/subscriptions', undefined, who.accessToken)).body.subscriptions as { id: string; endpoint: string }[];

describe('web push', () => {
  const phone = () => athletePhone;
  let athletePhone: ReturnType<typeof device>;

  it('keeps one VAPID key pair: the public key answered is the one in the database, at every call', async () => {
    const a = await t.api('GET', '/api/push/public-key', undefined, athlete.accessToken);
    const b = await t.api('GET', '/api/push/public-key', undefined, coach.accessToken);
    expect(a.status).toBe(200);
    expect(a.body.publicKey).toBe(b.body.publicKey);
    expect(Buffer.from(a.body.publicKey, 'base64url')).toHaveLength(65);
    const { rows } = await t.db.pool.query('SELECT public_key FROM push_vapid_keys');
    expect(rows).toEqual([{ public_key: a.body.publicKey }]);
    expect((await t.api('GET', '/api/push/public-key')).status).toBe(401);
  });

  it('refuses endpoints that are not https on the public internet, and keys of the wrong size, writing nothing', async () => {
    const good = device(service.origin).json;
    const cases: [unknown, RegExp][] = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, /https/],
      [{ ...good, endpoint: 'https://10.1.2.3/x' }, /private, loopback or link-local/],
      [{ ...good, endpoint: 'https://[::ffff:169.254.169.254]/x' }, /private, loopback or link-local/],
      [{ ...good, endpoint: 'not a url' }, /not valid/],
      [{ ...good, keys: { ...good.keys, p256dh: crypto.randomBytes(33).toString('base64url') } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.replace(/^./, '+') } }, /p256dh/],
      [{ ...good, keys: { ...good.keys, auth: crypto.randomBytes(15).toString('base64url') } }, /auth/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /auth/],
      [{ ...good, endpoint: `https://push.example.com/${'x'.repeat(2000)}` }, /endpoint|2000/],
    ];
    for (const [body, error] of cases) {
      const res = await t.api('POST', '/api/push/subscriptions', body, athlete.accessToken);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    expect(await subscriptionsOf(athlete)).toEqual([]);
    // Loopback is only for this test run: without the setting it is refused too.
    expect(endpointUrlProblem(good.endpoint, false)).toMatch(/private, loopback or link-local/);
  });

  it('a new workout reaches the push service, decrypts, and names the workout; signed with VAPID for the endpoint origin', async () => {
    athletePhone = device(service.origin);
    const sub = await subscribe(phone(), athlete);
    expect((await subscriptionsOf(athlete)).map((s) => s.id)).toEqual([sub.id]);
    // Subscribing the same browser again changes nothing.
    const again = await t.api('POST', '/api/push/subscriptions', phone().json, athlete.accessToken);
    expect(again.status).toBe(200);
    expect(again.body.subscription.id).toBe(sub.id);

    const workout = await schedule('Lower Body A', '2030-10-01');
    const push = await waitForPush(phone(), (p) => p.kind === 'workout', 'the workout push');
    expect(push).toEqual({
      title: 'New workout: Lower Body A on Tue 1 Oct',
      body: 'Casey Coach planned it for you.',
      url: `/training/${workout.id}`,
      kind: 'workout',
      tag: `workout-${workout.id}`,
    });

    const raw = service.got.find((p) => phone().endpoint.endsWith(p.path))!;
    expect(raw.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(raw.headers.ttl)).toBeGreaterThan(0);
    const { claims, k } = vapidOf(raw);
    expect(claims.aud).toBe(service.origin);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.sub).toMatch(/^(mailto:|https:)/);
    expect(k).toBe((await ensureVapidKeys(t.db.pool)).publicKey);

    // A change to it is a push too.
    const revise = await t.api(
      'PUT',
      '/api/manage-workouts',
      {
        workoutId: workout.id,
        workout: {
          user_id: athlete.user.id,
          date: '2030-10-01',
          name: 'Lower Body B',
          exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 3, load: 220 }] }],
        },
      },
      coach.accessToken,
    );
    expect(revise.status, JSON.stringify(revise.body)).toBe(200);
    const changed = await waitForPush(phone(), (p) => p.title.startsWith('Workout changed'), 'the change push');
    expect(changed.title).toBe('Workout changed: Lower Body B on Tue 1 Oct');
  });

  it('a chat message reaches its recipient, not its sender', async () => {
    const coachLaptop = device(service.origin);
    await subscribe(coachLaptop, coach);
    const res = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id, initial_message: 'Deload week: keep it light.' }, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const push = await waitForPush(phone(), (p) => p.kind === 'message', 'the message push');
    expect(push).toMatchObject({ title: 'Message from Casey Coach', body: 'Deload week: keep it light.', url: `/chat?with=${coach.user.id}`, kind: 'message' });
    await settled(t, res.body.checkpoint);
    await t.server.platform.runner.waitFor(res.body.checkpoint, ['push_reactor']);
    expect(arrivedAt(coachLaptop).filter((p) => p.kind === 'message')).toEqual([]);
  });

  it("a coach's comment on a workout reaches the athlete, an athlete's reaches the coach", async () => {
    const coachPhone = device(service.origin);
    await subscribe(coachPhone, coach);
    const workout = await schedule('Upper Body A', '2030-10-02');
    await waitForPush(phone(), (p) => p.tag === `workout-${workout.id}`, 'the workout push');
    const comment = (authorRole: 'coach' | 'athlete', text: string) => ({
      type: 'WorkoutCommentPosted',
      data: {
        commentId: crypto.randomUUID(),
        workoutId: workout.id,
        athleteId: athlete.user.id,
        coachId: coach.user.id,
        authorId: authorRole === 'coach' ? coach.user.id : athlete.user.id,
        authorRole,
        text,
        setId: null,
        postedAt: new Date().toISOString(),
      },
      metadata: { userId: authorRole === 'coach' ? coach.user.id : athlete.user.id },
    });
    const store = t.server.platform.store;
    await store.append(`workout-comments-${workout.id}`, [comment('coach', 'Brace hard on the second set.')], 'any');
    const toAthlete = await waitForPush(phone(), (p) => p.kind === 'comment', 'the comment push to the athlete');
    expect(toAthlete).toMatchObject({ title: 'Comment from Casey Coach', body: 'Upper Body A on Wed 2 Oct: Brace hard on the second set.', url: `/training/${workout.id}` });

    await store.append(`workout-comments-${workout.id}`, [comment('athlete', 'Felt heavy today.')], 'any');
    const toCoach = await waitForPush(coachPhone, (p) => p.kind === 'comment', 'the comment push to the coach');
    expect(toCoach).toMatchObject({
      title: 'Comment from Avery Athlete',
      body: 'Upper Body A on Wed 2 Oct: Felt heavy today.',
      url: `/calendar/${athlete.user.id}?date=2030-10-02`,
    });
    expect(arrivedAt(phone()).filter((p) => p.kind === 'comment')).toHaveLength(1);
  });

  it('a replay of the events (a batch taken up again after a crash) or a second server sends nothing again', async () => {
    const store = t.server.platform.store;
    const all = await readToHead(store);
    await t.server.platform.runner.waitFor(all.at(-1)!.checkpoint, ['push_reactor']);
    await until(
      async () => (await t.db.pool.query("SELECT count(*)::int AS n FROM push_deliveries WHERE status = 'pending'")).rows[0].n as number,
      (n) => n === 0,
      'every push delivered',
    );
    const before = service.got.length;
    const rowsBefore = (await t.db.pool.query('SELECT count(*)::int AS n FROM push_deliveries')).rows[0].n as number;
    expect(rowsBefore).toBeGreaterThan(0);

    // The reactor (a new instance, as after a restart) applied again to every event so far.
    const events = all.filter((e) => pushReactor(store).handles.includes(e.type));
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await pushReactor(store).apply(events, { tx: client, table: (n) => n, history: historyReader(store) });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM push_deliveries')).rows[0].n).toBe(rowsBefore);

    // Another server's sender, with the same keys, finds nothing to send.
    const second = new PushSender(t.db.pool, { allowLoopback: true, vapid: await ensureVapidKeys(t.db.pool), subject: 'mailto:ops@spotter.invalid', pollMs: 60_000 });
    await second.flush();
    await second.stop();
    expect(service.got.length).toBe(before);
  });

  it('a restarted reactor finds who is in a conversation from its first event, when the batch holds a message alone', async () => {
    const store = t.server.platform.store;
    const messages = (await readToHead(store)).filter((e) => e.type === 'MessageSent');
    expect(messages.length).toBeGreaterThan(0);
    const deliveries = (tx: { query: typeof t.db.pool.query }) =>
      tx.query("SELECT s.user_id, d.event_key FROM push_deliveries d JOIN push_subscriptions s ON s.id = d.subscription_id WHERE d.kind = 'message' ORDER BY 1, 2");
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      const queued = (await deliveries(client)).rows;
      expect(queued.length).toBeGreaterThan(0);
      // Forget what was queued, then apply the messages to a new instance (an empty participants cache).
      await client.query("DELETE FROM push_deliveries WHERE kind = 'message'");
      await pushReactor(store).apply(messages, { tx: client, table: (n) => n, history: historyReader(store) });
      expect((await deliveries(client)).rows).toEqual(queued);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('parks a malformed comment event and goes on with the next', async () => {
    const store = t.server.platform.store;
    const bad = await store.append(
      `workout-comments-${crypto.randomUUID()}`,
      [{ type: 'WorkoutCommentPosted', data: { commentId: 'c', authorId: coach.user.id, authorRole: 'admin', text: 'x' } }],
      'any',
    );
    const conversation = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
    const sent = await t.api('POST', `/api/conversations/${conversation.body.id}/messages`, { content: 'After the bad event' }, coach.accessToken);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitForPush(phone(), (p) => p.body === 'After the bad event', 'the push after the bad event');
    const { rows } = await t.db.pool.query("SELECT event_type, error FROM projection_parked_events WHERE projection = 'push_reactor' AND checkpoint = $1", [bad.checkpoint]);
    expect(rows).toEqual([{ event_type: 'WorkoutCommentPosted', error: expect.stringMatching(/authorRole admin/) }]);
  });

  it('sends nothing of a kind turned off, and the preferences read back', async () => {
    const off = await t.api('PUT', '/api/push/preferences', { workout: false }, athlete.accessToken);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ preferences: { workout: false, comment: true, message: true, reminder: false, reminderTime: '07:00' }, timeZone: 'UTC' });
    const bad = await t.api('PUT', '/api/push/preferences', { reminderTime: '24:00' }, athlete.accessToken);
    expect(bad.status).toBe(400);

    const quiet = await schedule('Quiet Day', '2030-10-03');
    await t.server.platform.runner.waitFor(quiet.checkpoint, ['push_reactor']);
    // A message after it does arrive: the reactor had the workout before it, and queued nothing for it.
    const conversation = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
    const sent = await t.api('POST', `/api/conversations/${conversation.body.id}/messages`, { content: 'After the quiet day' }, coach.accessToken);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await waitForPush(phone(), (p) => p.body === 'After the quiet day', 'the later message push');
    expect(arrivedAt(phone()).filter((p) => p.title.includes('Quiet Day'))).toEqual([]);
    const { rows } = await t.db.pool.query("SELECT count(*)::int AS n FROM push_deliveries WHERE payload->>'title' LIKE '%Quiet Day%'");
    expect(rows[0].n).toBe(0);

    expect((await t.api('PUT', '/api/push/preferences', { workout: true }, athlete.accessToken)).body.preferences.workout).toBe(true);
  });

  it('a 410 from the push service removes that subscription and keeps the others', async () => {
    const oldTablet = device(service.origin, '/gone');
    const gone = await subscribe(oldTablet, athlete);
    await schedule('Gone Day', '2030-10-04');
    await until(
      () => service.got.some((p) => oldTablet.endpoint.endsWith(p.path)),
      (v) => v,
      'the push to the gone endpoint',
    );
    const left = await until(
      () => subscriptionsOf(athlete),
      (s) => !s.some((x) => x.id === gone.id),
      'the subscription removed',
    );
    expect(left.map((s) => s.endpoint)).toEqual([phone().endpoint]);
    await waitForPush(phone(), (p) => p.title.includes('Gone Day'), 'the push to the phone');
  });

  it('a training-day reminder goes once on the day, at the chosen time in the athlete’s zone', async () => {
    const set = await t.api('PUT', '/api/push/preferences', { reminder: true, reminderTime: '06:30' }, athlete.accessToken);
    expect(set.body.preferences).toMatchObject({ reminder: true, reminderTime: '06:30' });
    const workout = await schedule('Leg Day', '2030-10-08');
    await waitForPush(phone(), (p) => p.tag === `workout-${workout.id}`, 'the workout push');
    // Reminders read the calendar (the training projection), which the push reactor does not wait for.
    await settled(t, workout.checkpoint);
    const at = (time: string) => new Date(`2030-10-08T${time}:00Z`);
    expect(await queueReminders(t.db.pool, at('06:29'))).toBe(0);
    expect(await queueReminders(t.db.pool, at('10:00'))).toBe(0);
    expect(await queueReminders(t.db.pool, at('06:31'))).toBe(1);
    expect(await queueReminders(t.db.pool, at('07:15'))).toBe(0);
    const reminder = await waitForPush(phone(), (p) => p.kind === 'reminder', 'the reminder');
    expect(reminder).toEqual({ title: 'Training day: Tue 8 Oct', body: 'Today: Leg Day', url: `/training/${workout.id}`, kind: 'reminder', tag: 'reminder-2030-10-08' });
    // No workout that day: no reminder.
    expect(await queueReminders(t.db.pool, new Date('2030-10-09T06:45:00Z'))).toBe(0);
    // In the athlete's own zone: 06:30 in Sydney is 19:30 UTC the day before.
    const zone = await t.api('PUT', '/api/profile', { timeZone: 'Australia/Sydney' }, athlete.accessToken);
    expect(zone.status, JSON.stringify(zone.body)).toBeLessThan(300);
    await settled(t, zone.body.checkpoint);
    await settled(t, (await schedule('Sydney Day', '2030-10-10')).checkpoint);
    expect(await queueReminders(t.db.pool, new Date('2030-10-09T19:31:00Z'))).toBe(1);
    await waitForPush(phone(), (p) => p.kind === 'reminder' && p.body === 'Today: Sydney Day', 'the Sydney reminder');
  });
});
