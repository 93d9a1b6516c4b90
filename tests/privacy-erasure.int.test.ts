/**
 * Issue 26, items 1 and 2, end to end on a real server: a person with data in every
 * feature erases their account; every projection is rebuilt from the first event; then
 * every column of every table and every event payload is searched for their name,
 * e-mail address and texts as plain text. Others keep their figures and their own
 * messages, and the address can sign up again as a new person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ACCESS_CODE, signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { connectUsers } from './support/messaging.ts';
import { rebuildProjection } from '../src/platform/projections/rebuild.ts';
import { enqueueMail } from '../src/platform/mail/outbox.ts';
import { listOutbox } from '../emails/mailer.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;
const today = new Date().toISOString().slice(0, 10);
const tag = randomUUID().slice(0, 8);
// Distinctive texts, so a hit can only be theirs.
const VICTIM_NAME = `Veronika Quasthoff${tag}`;
const DISPLAY_NAME = `Vroni Q${tag}`;
const VICTIM_MESSAGE = `My knee hurts since Tuesday ${tag}`;
const VICTIM_REPLY = `Thanks, see you at practice ${tag}`;
const WORKOUT_NOTE = `Vera private injury note ${tag}`;
const CONTACT_NOTE = `Met at the regional meet ${tag}`;
const OTHER_MESSAGE = `How is the knee, Coach here ${tag}`;

async function ok(res: Promise<{ status: number; body: any }>, what: string, status = 200) {
  const r = await res;
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body;
}

async function scheduleAndLog(coach: User, athlete: User, note: string | null) {
  const created = await ok(
    t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: today,
          name: note ? `Session ${tag}` : 'Session',
          notes: note,
          exercises: [{ exercise_name: 'Back Squat', notes: note, sets: [{ reps: 5, load: 100 }] }],
        },
      },
      coach.accessToken,
    ),
    'schedule',
    201,
  );
  await settled(t, created.checkpoint);
  const logged = await ok(
    t.api('POST', `/api/athlete/workouts/${created.id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 110 } }, athlete.accessToken),
    'actual',
  );
  await settled(t, logged.checkpoint);
  return created.id as string;
}

/** Every column of every table and every event's data and metadata whose text holds one of the needles. */
async function plainTextHits(needles: string[]): Promise<string[]> {
  const { rows: tables } = await t.db.pool.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const hits: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await t.db.pool.query<{ n: number; needle: string }>(
      `SELECT n.needle, count(*)::int AS n FROM "${table_name}" r, unnest($1::text[]) AS n(needle) WHERE r::text ILIKE '%' || n.needle || '%' GROUP BY n.needle`,
      [needles],
    );
    for (const r of rows) hits.push(`${table_name}: ${r.needle} (${r.n})`);
  }
  return hits;
}

describe('erasing an account', () => {
  let coach: User;
  let victim: User;
  let other: User;
  let conversationId: string;
  let otherWorkout: string;

  it('sets up a person with data in every feature', async () => {
    coach = await signedInUser(t, 'Coach Cora');
    victim = await signedInUser(t, VICTIM_NAME);
    other = await signedInUser(t, 'Otto Otherman');
    await ok(t.api('PUT', '/api/profile', { displayName: DISPLAY_NAME }, victim.accessToken), 'profile');
    await linkAthlete(t, coach, victim);
    await linkAthlete(t, coach, other);
    // Workouts and actuals, the victim's and another athlete's.
    await scheduleAndLog(coach, victim, WORKOUT_NOTE);
    otherWorkout = await scheduleAndLog(coach, other, null);
    // Records.
    const record = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: victim.user.id, exercise_name: 'Back Squat', value: 140, reps: 3, date: today },
      victim.accessToken,
    );
    expect([200, 201]).toContain(record.status);
    // Contacts (with a note) and messages both ways.
    const req = await ok(t.api('POST', '/api/rpc/send_connection_request', { recipient_email: other.email, notes_param: CONTACT_NOTE }, victim.accessToken), 'contact');
    await settled(t, req.checkpoint);
    await settled(
      t,
      (await ok(t.api('POST', '/api/rpc/respond_to_connection_request', { connection_id_param: req.connection_id, response: 'accept' }, other.accessToken), 'accept')).checkpoint,
    );
    await connectUsers(t, victim, coach);
    const started = await ok(t.api('POST', '/api/conversations', { other_user_id: other.user.id, initial_message: VICTIM_MESSAGE }, victim.accessToken), 'start');
    conversationId = started.id;
    await settled(t, started.checkpoint);
    await settled(t, (await ok(t.api('POST', `/api/conversations/${conversationId}/messages`, { content: OTHER_MESSAGE }, other.accessToken), 'reply')).checkpoint);
    await settled(t, (await ok(t.api('POST', `/api/conversations/${conversationId}/messages`, { content: VICTIM_REPLY }, victim.accessToken), 'second')).checkpoint);
    // Invites: the victim (also a coach) invites someone without an account.
    const invited = await ok(t.api('POST', '/api/manage-invites', { email: `pal-${tag}@example.com` }, victim.accessToken), 'invite');
    await settled(t, invited.checkpoint);
    // Templates: the coach assigns one to the victim.
    const template = await ok(
      t.api(
        'POST',
        '/api/program-templates',
        {
          name: 'Base',
          description: '',
          category: 'strength',
          is_public: false,
          workouts: {
            'day-1': [
              {
                id: 'w1',
                name: 'Lower',
                isTemplate: true,
                exercises: [{ exercise_name: 'Back Squat', exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] }],
              },
            ],
          },
        },
        coach.accessToken,
      ),
      'template',
      201,
    );
    const assigned = await t.api('POST', `/api/program-templates/${template.id}/assign`, { athlete_id: victim.user.id, start_date: today }, coach.accessToken);
    expect([200, 201], JSON.stringify(assigned.body)).toContain(assigned.status);
    await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);

    // Sealed in the events already: the address and name appear in no payload.
    const { rows } = await t.db.pool.query("SELECT count(*)::int AS n FROM es_events WHERE data::text ILIKE '%' || $1 || '%' OR data::text ILIKE '%' || $2 || '%'", [
      VICTIM_NAME,
      VICTIM_MESSAGE,
    ]);
    expect(rows[0].n).toBe(0);
    // While the read models serve them in plain text.
    const history = await ok(t.api('GET', `/api/conversations/${conversationId}/messages`, undefined, other.accessToken), 'history');
    expect(JSON.stringify(history)).toContain(VICTIM_MESSAGE);
  });

  it('refuses a wrong password or a missing confirmation, and writes nothing', async () => {
    const events = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
    const before = await events();
    const wrong = await t.api('POST', '/api/account/erase', { password: 'not it', confirmation: 'DELETE' }, victim.accessToken);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('Incorrect password.');
    const unconfirmed = await t.api('POST', '/api/account/erase', { password: victim.password, confirmation: 'delete me' }, victim.accessToken);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toBe('Type DELETE to confirm.');
    expect((await t.api('POST', '/api/account/erase', { password: victim.password }, victim.accessToken)).status).toBe(400);
    expect((await t.api('POST', '/api/account/erase', { password: victim.password, confirmation: 'DELETE' })).status).toBe(401);
    expect(await events()).toBe(before);
  });

  it('erases: signed out, no plain text left anywhere after a full rebuild, others unchanged', async () => {
    const otherBefore = await ok(t.api('GET', `/api/manage-workouts/${otherWorkout}`, undefined, coach.accessToken), 'other workout');
    const teamBefore = await ok(t.api('GET', '/api/team-analytics?range=7d&mode=reps', undefined, coach.accessToken), 'team');
    const otherRowBefore = teamBefore.athletes.find((a: any) => a.athlete_id === other.user.id || a.id === other.user.id);

    const erased = await t.api('POST', '/api/account/erase', { password: victim.password, confirmation: 'DELETE' }, victim.accessToken);
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect((await t.api('GET', '/api/profile', undefined, victim.accessToken)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/signin', { email: victim.email, password: victim.password })).status).toBe(401);
    expect((await t.api('POST', '/api/account/erase', { password: victim.password, confirmation: 'DELETE' }, victim.accessToken)).status).toBe(401);

    // A full rebuild of every read model from the first event.
    const { pool, store, runner } = t.server.platform;
    await runner.waitFor((await store.headCheckpoint())!);
    for (const p of runner.projections().filter((p) => !p.reactor)) await rebuildProjection(pool, store, p, { batchSize: 500 });

    expect(await plainTextHits([VICTIM_NAME, victim.email, DISPLAY_NAME, VICTIM_MESSAGE, VICTIM_REPLY, WORKOUT_NOTE, CONTACT_NOTE])).toEqual([]);

    // The other side of the conversation: their own message remains, the victim's read as erased.
    const history = await ok(t.api('GET', `/api/conversations/${conversationId}/messages`, undefined, other.accessToken), 'history');
    const texts = JSON.stringify(history);
    expect(texts).toContain(OTHER_MESSAGE);
    expect(texts).toContain('[erased]');
    const conversations = await ok(t.api('GET', '/api/conversations', undefined, other.accessToken), 'list');
    expect(JSON.stringify(conversations)).toContain('Deleted user');

    // Another athlete's figures are as they were.
    const teamAfter = await ok(t.api('GET', '/api/team-analytics?range=7d&mode=reps', undefined, coach.accessToken), 'team');
    expect(teamAfter.athletes.find((a: any) => a.athlete_id === other.user.id || a.id === other.user.id)).toEqual(otherRowBefore);
    expect(await ok(t.api('GET', `/api/manage-workouts/${otherWorkout}`, undefined, coach.accessToken), 'other workout')).toEqual(otherBefore);
    expect(otherRowBefore).toBeTruthy();

    // The address signs up again, as a new person.
    const again = await t.api('POST', '/api/auth/signup', { fullName: 'Someone New', email: victim.email, password: 'another good password', accessCode: ACCESS_CODE });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });
});

describe('wrong passwords on the erase route', () => {
  it('are limited per account: after 5 the right one is refused too, and nothing is erased', async () => {
    const guarded = await signedInUser(t, 'Gus Guarded');
    const attempt = (password: string) => t.api('POST', '/api/account/erase', { password, confirmation: 'DELETE' }, guarded.accessToken);
    for (let i = 0; i < 5; i++) {
      const wrong = await attempt(`guess ${i}`);
      expect(wrong.status).toBe(403);
      expect(wrong.body.error).toBe('Incorrect password.');
    }
    const limited = await attempt('guess 5');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await attempt(guarded.password)).status).toBe(429);
    // Still there, still signed in.
    expect((await t.api('GET', '/api/profile', undefined, guarded.accessToken)).status).toBe(200);
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [`erasure-${guarded.user.id}`]);
    expect(rows[0].n).toBe(0);
  });
});

describe('mail to an erased person', () => {
  it('is not queued for an event from before the erasure, nor sent when it slipped in, while the address may get mail again later', async () => {
    const gone = await signedInUser(t, 'Mae Mailrace');
    const { rows: first } = await t.db.pool.query<{ event_id: string }>('SELECT event_id::text FROM es_events WHERE stream_id = $1 ORDER BY stream_version LIMIT 1', [
      `user-${gone.user.id}`,
    ]);
    expect(first).toHaveLength(1);
    expect((await t.api('POST', '/api/account/erase', { password: gone.password, confirmation: 'DELETE' }, gone.accessToken)).status).toBe(200);

    const client = await t.db.pool.connect();
    try {
      // A mail reactor lagging behind: its mail about the old event is dropped.
      expect(await enqueueMail(client, [{ key: first[0].event_id, kind: 'custom', recipient: gone.email, data: { subject: `Lagging ${tag}`, html: '<p>late</p>' } }])).toBe(0);
      // A mail to the address for something after the erasure (it may sign up again) is queued.
      expect(await enqueueMail(client, [{ key: `api:${randomUUID()}`, kind: 'custom', recipient: gone.email, data: { subject: `Later ${tag}`, html: '<p>new</p>' } }])).toBe(1);
    } finally {
      client.release();
    }
    // One that committed after the erasure dropped what was pending (its transaction began before): dropped at send time.
    await t.db.pool.query(
      `INSERT INTO email_outbox (id, event_id, kind, recipient, data, created_at)
       SELECT $1, $2, 'custom', $3, $4::jsonb, min(erased_at) - interval '1 second' FROM personal_data_erasures`,
      [randomUUID(), `race-${tag}`, gone.email, JSON.stringify({ subject: `Raced ${tag}`, html: '<p>raced</p>' })],
    );
    await t.server.sender.flush();
    const subjects = (await listOutbox(t.outboxDir, 500)).filter((m) => m.to === gone.email).map((m) => m.subject);
    expect(subjects).toContain(`Later ${tag}`);
    expect(subjects).not.toContain(`Raced ${tag}`);
    expect(subjects).not.toContain(`Lagging ${tag}`);
    const { rows: left } = await t.db.pool.query('SELECT count(*)::int AS n FROM email_outbox WHERE event_id = $1', [`race-${tag}`]);
    expect(left[0].n).toBe(0);
  });
});
