/**
 * The unread comment mail against a real server, PostgreSQL and an SMTP receiver
 * (smtp-server on loopback): comments left unread past the delay (a few seconds
 * here, COMMENT_UNREAD_MAIL_AFTER_MINUTES) reach their reader in one mail; comments
 * read in time are not mailed; a pass run again, or after the read model was rebuilt,
 * mails nothing twice.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { sendUnreadCommentMails } from '../src/comments/index.ts';
import { rebuildProjection } from '../src/platform/projections/rebuild.ts';
import { commentsProjection } from '../projections/comments/workout-comments.ts';

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestServer;
const DELAY_MINUTES = 0.05; // 3 s
/**
 * The server's clock: real time, or held still while a test posts comments that must
 * reach their reader in one mail. On a slow machine posting three comments can take
 * longer than the delay, and a pass in between rightly mails the first one alone.
 */
let heldAt: Date | null = null;
const clock = () => heldAt ?? new Date();

type Session = { email: string; accessToken: string; user: { id: string } };

/** The quoted-printable body decoded enough to search it. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const mailsTo = (email: string) => received.filter((m) => m.to.includes(email.toLowerCase()) && /unread comment/.test(m.raw));

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 1200; i++) {
    const v = read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${what}`);
}

/** Signs up through the API, confirming with the link the SMTP receiver got. */
async function user(fullName: string): Promise<Session> {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  expect((await t.api('POST', '/api/auth/signup', { fullName, email, password, accessCode: ACCESS_CODE })).status).toBe(201);
  const token = await waitFor(
    () => received.map((m) => /confirm\?token=([\w-]+)/.exec(plain(m.raw))).find((x, i) => x && received[i].to.includes(email.toLowerCase()))?.[1],
    'confirmation',
  );
  expect((await t.api('GET', `/api/confirm-email?token=${token}`)).status).toBe(200);
  const session = await t.api('POST', '/api/auth/signin', { email, password });
  return { email, ...session.body };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, now: clock, env: { COMMENT_UNREAD_MAIL_AFTER_MINUTES: String(DELAY_MINUTES) } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('the unread comment mail', () => {
  it('mails the comments left unread to their reader once, in one mail, and not those read in time', async () => {
    const coach = await user('Coach Carla');
    const athlete = await user('Athlete Ann');
    await linkAthlete(t, coach, athlete);
    const scheduled = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athlete.user.id, date: '2030-01-08', name: 'Lower Body', exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5 }, { reps: 5 }] }] } },
      coach.accessToken,
    );
    await settled(t, scheduled.body.checkpoint);
    const workoutId = scheduled.body.id as string;
    const sets = (await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken)).body.workout.exercises[0].sets;

    const post = async (who: Session, text: string, setId: string | null = null) => {
      const r = await t.api('POST', `/api/workouts/${workoutId}/comments`, { commentId: randomUUID(), text, setId }, who.accessToken);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await settled(t, r.body.checkpoint);
    };
    // All three are posted at one instant, so they fall due together.
    heldAt = new Date();
    await post(athlete, 'Left knee hurt on this one', sets[1].id);
    await post(athlete, 'Otherwise a good day');
    await post(coach, 'Noted, we will lighten it');
    // The athlete reads the coach's reply at once: nothing to mail them.
    const read = await t.api('POST', `/api/workouts/${workoutId}/comments/read`, {}, athlete.accessToken);
    await settled(t, read.body.checkpoint);
    heldAt = null;

    const [mail] = await waitFor(() => (mailsTo(coach.email).length ? mailsTo(coach.email) : undefined), 'mail to the coach');
    const body = plain(mail.raw);
    expect(body).toContain('Subject: You have 2 unread comments on Spotter');
    expect(body).toContain('Left knee hurt on this one');
    expect(body).toContain('Lower Body, Tue, Jan 8, Back Squat set 2');
    expect(body).toContain('Otherwise a good day');
    expect(body).toContain(`/calendar/${athlete.user.id}`);

    // Passes go on (the timer, and one here with a clock far ahead): nothing twice.
    const pool = t.server.platform.pool;
    expect(await sendUnreadCommentMails(pool, new Date(Date.now() + 60 * 60_000), DELAY_MINUTES, t.url)).toBe(0);
    // A rebuilt read model holds the same comments again: still nothing twice.
    await rebuildProjection(pool, t.server.platform.store, commentsProjection, { batchSize: 500 });
    expect(await sendUnreadCommentMails(pool, new Date(Date.now() + 60 * 60_000), DELAY_MINUTES, t.url)).toBe(0);
    await t.server.sender.flush();
    expect(mailsTo(coach.email)).toHaveLength(1);
    expect(mailsTo(athlete.email)).toHaveLength(0);

    // A later comment is mailed on its own.
    await post(athlete, 'Knee fine today');
    const second = await waitFor(() => (mailsTo(coach.email).length > 1 ? mailsTo(coach.email)[1] : undefined), 'second mail');
    expect(plain(second.raw)).toContain('Knee fine today');
    expect(plain(second.raw)).not.toContain('Otherwise a good day');
  });
});
