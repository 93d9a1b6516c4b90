/**
 * The batched "new workout assigned" mail against a real server and PostgreSQL: one
 * mail per athlete per hour listing what the coach planned or changed, never one per
 * workout; template assignments, seeded data, past dates and the athlete's own
 * changes left out; a replayed event queues nothing twice. Mails are read from the
 * outbox the real sender writes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { outboxMails } from './support/outbox.ts';
import { flushWorkoutMails, workoutMailCollector } from '../src/training/workout-mail.ts';
import { readToHead } from './support/read-to-head.ts';
import { historyReader } from '../src/platform/projections/projection.ts';

const START = Date.parse('2030-01-07T09:00:00Z'); // a Monday
let clock = START;
const at = (minutes: number) => new Date(START + minutes * 60_000);
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(clock) });
  [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Carla'), signedInUser(t, 'Athlete Ann')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

const workout = (date: string, name: string) => ({
  user_id: athlete.user.id,
  date,
  name,
  exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 5, load: 100 }] }],
});

/** A token valid at the moved clock (access tokens are short-lived). */
async function tokenOf(who: User): Promise<string> {
  const res = await t.api('POST', '/api/auth/signin', { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return res.body.accessToken;
}

async function schedule(date: string, name: string, who: User = coach): Promise<string> {
  const res = await t.api('POST', '/api/manage-workouts', { workout: workout(date, name) }, await tokenOf(who));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, res.body.checkpoint);
  return res.body.id;
}

/** The workout mails queued for the athlete, oldest first. */
async function queued() {
  const { rows } = await t.db.pool.query(`SELECT event_id, data FROM email_outbox WHERE kind = 'workout-assigned' AND recipient = $1 ORDER BY created_at`, [
    athlete.email.toLowerCase(),
  ]);
  return rows as { event_id: string; data: { changes: string[]; coachName: string; workoutName: string } }[];
}

describe('the batched workout mail', () => {
  it('sends one mail listing every change of the hour, and leaves out what is not news', async () => {
    clock = at(0).getTime();
    await schedule('2030-01-08', 'Lower Body');
    await schedule('2030-01-10', 'Upper Body');
    const moved = await schedule('2030-01-12', 'Conditioning');
    const mv = await t.api('POST', '/api/manage-workouts/move', { workoutId: moved, date: '2030-01-13' }, coach.accessToken);
    expect(mv.status, JSON.stringify(mv.body)).toBe(200);
    await settled(t, mv.body.checkpoint);
    // Not news: a date before the athlete's today, the athlete's own plan.
    await schedule('2030-01-02', 'Last Week');
    await schedule('2030-01-09', 'My Own Run', athlete);
    // Not this mail's: a template assignment (it sends its own) and seeded data.
    const store = t.server.platform.store;
    const templated = randomUUID();
    const content = { date: '2030-01-11', name: 'From Template', notes: null, exercises: [] };
    await store.append(
      `workout-${templated}`,
      [
        {
          type: 'WorkoutScheduled',
          data: { ...content, workoutId: templated, athleteId: athlete.user.id, scheduledBy: coach.user.id, templateId: randomUUID(), assignmentId: randomUUID() },
          metadata: { userId: coach.user.id, at: at(0).toISOString() },
        },
      ],
      'no_stream',
    );
    const seeded = randomUUID();
    const last = await store.append(
      `workout-${seeded}`,
      [
        {
          type: 'WorkoutScheduled',
          data: { ...content, name: 'Seeded', workoutId: seeded, athleteId: athlete.user.id, scheduledBy: coach.user.id },
          metadata: { userId: coach.user.id, at: at(0).toISOString(), source: 'seed' },
        },
      ],
      'no_stream',
    );
    await t.server.platform.runner.waitFor(last.checkpoint);

    // While the coach is still at it, nothing goes out.
    expect(await flushWorkoutMails(t.db.pool, at(1), t.url)).toBe(0);
    expect(await flushWorkoutMails(t.db.pool, at(6), t.url)).toBe(1);
    const mails = await queued();
    expect(mails).toHaveLength(1);
    expect(mails[0].data.coachName).toBe('Coach Carla');
    expect(mails[0].data.changes).toEqual(['Tue, Jan 8: Lower Body (New)', 'Thu, Jan 10: Upper Body (New)', 'Sun, Jan 13: Conditioning (New)']);

    // The real sender delivers it (to the outbox folder here).
    await t.server.sender.flush();
    await expect.poll(async () => (await outboxMails(t.outboxDir)).filter((m) => m.to === athlete.email && /updated your training plan/.test(m.subject)).length).toBe(1);
    const [mail] = (await outboxMails(t.outboxDir)).filter((m) => m.to === athlete.email && /updated your training plan/.test(m.subject));
    expect(mail.subject).toBe('Coach Carla updated your training plan: 3 workout changes');
  });

  it('holds later changes until an hour after the last mail, then sends them in one mail', async () => {
    clock = at(10).getTime();
    await schedule('2030-01-15', 'Heavy Day');
    clock = at(20).getTime();
    await schedule('2030-01-16', 'Light Day');
    expect(await flushWorkoutMails(t.db.pool, at(30), t.url)).toBe(0);
    expect(await flushWorkoutMails(t.db.pool, at(65), t.url)).toBe(0);
    expect(await flushWorkoutMails(t.db.pool, at(67), t.url)).toBe(1);
    const mails = await queued();
    expect(mails).toHaveLength(2);
    expect(mails[1].data.changes).toEqual(['Tue, Jan 15: Heavy Day (New)', 'Wed, Jan 16: Light Day (New)']);
    // Nothing left: a later flush sends nothing.
    expect(await flushWorkoutMails(t.db.pool, at(200), t.url)).toBe(0);
  });

  it('queues nothing twice when the collector sees its events again', async () => {
    const count = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM workout_mail_pending`)).rows[0].n as number;
    const before = await count();
    // Every event again, as after a crash before the collector's checkpoint moved.
    const all = (await readToHead(t.server.platform.store)).filter((e) => e.type.startsWith('Workout'));
    const client = await t.db.pool.connect();
    try {
      await client.query('BEGIN');
      await workoutMailCollector().apply(all, { tx: client, table: (n) => n, history: historyReader(t.server.platform.store) });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await count()).toBe(before);
    expect(await flushWorkoutMails(t.db.pool, at(300), t.url)).toBe(0);
    expect(await queued()).toHaveLength(2);
  });
});
