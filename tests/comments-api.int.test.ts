/**
 * Workout comments over the real API and PostgreSQL: posting on a workout and on one
 * of its sets, refusals (a set of another workout, bad text, strangers, an ended
 * link, a block), a retried post, read marks, the calendar's unread counts and the
 * live `changed` on both sides' sockets.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { COMMENT_MESSAGES as M } from '../src/comments/domain/events.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let stranger: User;

beforeAll(async () => {
  t = await startTestServer();
  [coach, athlete, stranger] = await Promise.all([signedInUser(t, 'Coach Carla'), signedInUser(t, 'Athlete Ann'), signedInUser(t, 'Stranger Sam')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

async function schedule(date = '2030-01-08', name = 'Lower Body'): Promise<{ id: string; setIds: string[] }> {
  const res = await t.api(
    'POST',
    '/api/manage-workouts',
    {
      workout: {
        user_id: athlete.user.id,
        date,
        name,
        exercises: [
          {
            exercise_name: 'Back Squat',
            sets: [
              { reps: 5, load: 100 },
              { reps: 5, load: 110 },
            ],
          },
        ],
      },
    },
    coach.accessToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, res.body.checkpoint);
  const got = await t.api('GET', `/api/manage-workouts/${res.body.id}`, undefined, coach.accessToken);
  return { id: res.body.id, setIds: got.body.workout.exercises[0].sets.map((s: { id: string }) => s.id) };
}

const post = (who: User, workoutId: string, body: Record<string, unknown>) => t.api('POST', `/api/workouts/${workoutId}/comments`, body, who.accessToken);
const thread = (who: User, workoutId: string) => t.api('GET', `/api/workouts/${workoutId}/comments`, undefined, who.accessToken);
const counts = (who: User, query: string) => t.api('GET', `/api/workout-comment-counts?${query}`, undefined, who.accessToken);
const eventCount = async () => Number((await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type LIKE 'WorkoutComment%'`)).rows[0].n);

function socket(u: User) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${u.accessToken}`, { origin: t.url });
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
  const next = async (pred: (m: any) => boolean, what: string) => {
    for (let i = 0; i < 1000; i++) {
      const at = messages.findIndex(pred);
      if (at >= 0) return messages.splice(at, 1)[0];
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${what}; got ${JSON.stringify(messages)}`);
  };
  const subscribe = async (topic: string) => {
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    return next((m) => m.topic === topic && (m.type === 'subscribed' || m.type === 'error'), `answer for ${topic}`);
  };
  return { ws, next, subscribe, ready: next((m) => m.type === 'ready', 'ready') };
}

describe('workout comments', () => {
  it('posts on a set and on the workout, and both sides read the thread with the set named', async () => {
    const w = await schedule();
    const onSet = await post(athlete, w.id, { commentId: randomUUID(), text: '  Left knee hurt on this one  ', setId: w.setIds[1] });
    expect(onSet.status, JSON.stringify(onSet.body)).toBe(200);
    const reply = await post(coach, w.id, { commentId: randomUUID(), text: 'Drop to 100 next time.' });
    expect(reply.status).toBe(200);
    await settled(t, reply.body.checkpoint);

    for (const who of [coach, athlete]) {
      const res = await thread(who, w.id);
      expect(res.status).toBe(200);
      expect(res.body.comments.map((c: any) => [c.author_name, c.author_role, c.text, c.set_id, c.set?.exercise_name ?? null, c.set?.set_number ?? null])).toEqual([
        ['Athlete Ann', 'athlete', 'Left knee hurt on this one', w.setIds[1], 'Back Squat', 2],
        ['Coach Carla', 'coach', 'Drop to 100 next time.', null, null, null],
      ]);
      expect(res.body.unread_count).toBe(1);
    }
  });

  it('refuses a set of another workout, bad text and strangers, and writes nothing', async () => {
    const w = await schedule('2030-01-09');
    const other = await schedule('2030-01-10');
    const before = await eventCount();
    const wrongSet = await post(athlete, w.id, { commentId: randomUUID(), text: 'Hm', setId: other.setIds[0] });
    expect(wrongSet).toEqual({ status: 400, body: { error: M.setNotInWorkout } });
    expect((await post(athlete, w.id, { commentId: randomUUID(), text: '   ' })).body).toEqual({ error: M.empty });
    expect((await post(athlete, w.id, { commentId: randomUUID(), text: 'x'.repeat(2001) })).body).toEqual({ error: M.tooLong });
    expect((await post(athlete, w.id, { commentId: randomUUID(), text: 'knee\u0000' })).status).toBe(400);
    expect((await post(athlete, w.id, { commentId: randomUUID(), text: 'knee \ud83d' })).status).toBe(400);
    expect((await post(athlete, w.id, { commentId: 'not-a-uuid', text: 'Hi' })).status).toBe(400);
    expect(await post(stranger, w.id, { commentId: randomUUID(), text: 'Hi' })).toEqual({ status: 404, body: { error: M.workoutNotFound } });
    expect((await thread(stranger, w.id)).status).toBe(404);
    expect((await t.api('POST', `/api/workouts/${w.id}/comments/read`, {}, stranger.accessToken)).status).toBe(404);
    expect((await counts(stranger, `athleteId=${athlete.user.id}&from=2030-01-01&to=2030-01-31`)).status).toBe(403);
    expect((await post(athlete, randomUUID(), { commentId: randomUUID(), text: 'Hi' })).status).toBe(404);
    expect(await eventCount()).toBe(before);
  });

  it('answers a retried post with the same comment and posts it once', async () => {
    const w = await schedule('2030-01-11');
    const body = { commentId: randomUUID(), text: 'Felt easy', setId: w.setIds[0] };
    const first = await post(athlete, w.id, body);
    const again = await post(athlete, w.id, body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    await settled(t, first.body.checkpoint);
    expect((await thread(coach, w.id)).body.comments).toHaveLength(1);
    // The same id for something else is refused.
    expect((await post(athlete, w.id, { ...body, text: 'Felt hard' })).status).toBe(409);
    // With an Idempotency-Key the first answer comes back.
    const key = randomUUID();
    const keyed = { commentId: randomUUID(), text: 'Keyed' };
    const a = await t.api('POST', `/api/workouts/${w.id}/comments`, keyed, athlete.accessToken, { 'idempotency-key': key });
    const b = await t.api('POST', `/api/workouts/${w.id}/comments`, keyed, athlete.accessToken, { 'idempotency-key': key });
    expect(b).toEqual(a);
    await settled(t, a.body.checkpoint);
    expect((await thread(coach, w.id)).body.comments.map((c: any) => c.text)).toEqual(['Felt easy', 'Keyed']);
  });

  it('keeps read marks per reader and counts unread comments per workout of a range', async () => {
    const w1 = await schedule('2030-02-03', 'Mon');
    const w2 = await schedule('2030-02-05', 'Wed');
    const outside = await schedule('2030-03-05', 'Later');
    for (const [w, text] of [
      [w1, 'one'],
      [w1, 'two'],
      [w2, 'three'],
      [outside, 'four'],
    ] as const) {
      const r = await post(athlete, w.id, { commentId: randomUUID(), text });
      await settled(t, r.body.checkpoint);
    }
    const range = `athleteId=${athlete.user.id}&from=2030-02-01&to=2030-02-28`;
    const byWorkout = (res: { body: any }) => Object.fromEntries(res.body.counts.map((c: any) => [c.workout_id, [c.unread, c.total]]));
    expect(byWorkout(await counts(coach, range))).toEqual({ [w1.id]: [2, 2], [w2.id]: [1, 1] });
    // The athlete's own comments are not unread for them; their own id is the default.
    expect(byWorkout(await counts(athlete, 'from=2030-02-01&to=2030-02-28'))).toEqual({ [w1.id]: [0, 2], [w2.id]: [0, 1] });

    const read = await t.api('POST', `/api/workouts/${w1.id}/comments/read`, {}, coach.accessToken);
    expect(read.status).toBe(200);
    await settled(t, read.body.checkpoint);
    expect(byWorkout(await counts(coach, range))).toEqual({ [w1.id]: [0, 2], [w2.id]: [1, 1] });
    const t1 = await thread(coach, w1.id);
    expect(t1.body.unread_count).toBe(0);
    expect(t1.body.read_up_to).toBe(t1.body.comments[1].posted_at);
    expect((await thread(athlete, w1.id)).body.others_read_up_to).toBe(t1.body.comments[1].posted_at);
    // Nothing new: nothing appended.
    expect((await t.api('POST', `/api/workouts/${w1.id}/comments/read`, {}, coach.accessToken)).body).toEqual({ success: true, checkpoint: null });

    expect((await counts(coach, `athleteId=${athlete.user.id}&from=2030-02-28&to=2030-02-01`)).status).toBe(400);
    expect((await counts(coach, `athleteId=${athlete.user.id}&from=2030-02-30&to=2030-03-01`)).status).toBe(400);
    expect((await counts(coach, `athleteId=${athlete.user.id}&from=2020-01-01&to=2030-03-01`)).status).toBe(400);
  });

  it('sends the change live to both sides, and to the calendar badges', async () => {
    const w = await schedule('2030-01-14');
    const [c, a, s] = [socket(coach), socket(athlete), socket(stranger)];
    try {
      await Promise.all([c.ready, a.ready, s.ready]);
      expect((await s.subscribe(`comments:${w.id}`)).type).toBe('error');
      expect((await s.subscribe(`comment-counts:${athlete.user.id}`)).type).toBe('error');
      expect((await c.subscribe(`comments:${w.id}`)).type).toBe('subscribed');
      expect((await c.subscribe(`comment-counts:${athlete.user.id}`)).type).toBe('subscribed');
      expect((await a.subscribe(`comments:${w.id}`)).type).toBe('subscribed');

      const posted = await post(athlete, w.id, { commentId: randomUUID(), text: 'Left knee hurt on this one', setId: w.setIds[0] });
      const cp = posted.body.checkpoint as string;
      await c.next((m) => m.type === 'changed' && m.topic === `comments:${w.id}` && m.checkpoint >= cp, 'coach thread change');
      await c.next((m) => m.type === 'changed' && m.topic === `comment-counts:${athlete.user.id}` && m.checkpoint >= cp, 'coach badge change');
      await a.next((m) => m.type === 'changed' && m.topic === `comments:${w.id}` && m.checkpoint >= cp, 'athlete thread change');

      // The read mark travels too (the athlete's "Seen").
      const read = await t.api('POST', `/api/workouts/${w.id}/comments/read`, {}, coach.accessToken);
      await a.next((m) => m.type === 'changed' && m.topic === `comments:${w.id}` && m.checkpoint >= read.body.checkpoint, 'athlete read change');
    } finally {
      for (const x of [c, a, s]) x.ws.close();
    }
  });

  it('stops posting when the link ends or one blocks the other', async () => {
    const other = await signedInUser(t, 'Athlete Bo');
    await linkAthlete(t, coach, other);
    const res = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: other.user.id, date: '2030-01-15', name: 'Bo day', exercises: [{ exercise_name: 'Row', sets: [{ reps: 8 }] }] } },
      coach.accessToken,
    );
    await settled(t, res.body.checkpoint);
    const workoutId = res.body.id as string;
    expect((await post(other, workoutId, { commentId: randomUUID(), text: 'Before the block' })).status).toBe(200);

    const block = (action: 'block' | 'unblock') => t.api('POST', '/api/rpc/manage_user_block', { target_user_id: coach.user.id, action }, other.accessToken);
    const blocked = await block('block');
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);
    await settled(t, blocked.body.checkpoint);
    expect(await post(other, workoutId, { commentId: randomUUID(), text: 'After the block' })).toEqual({ status: 403, body: { error: M.blocked } });
    expect(await post(coach, workoutId, { commentId: randomUUID(), text: 'After the block' })).toEqual({ status: 403, body: { error: M.blocked } });
    const unblocked = await block('unblock');
    await settled(t, unblocked.body.checkpoint);
    expect((await post(coach, workoutId, { commentId: randomUUID(), text: 'Unblocked' })).status).toBe(200);

    // An ended link: the coach no longer sees the thread; the athlete has no coach to write to.
    const unlinked = await t.api('DELETE', '/api/manage-links', { userId: other.user.id }, coach.accessToken);
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    await settled(t, unlinked.body.checkpoint);
    expect((await post(coach, workoutId, { commentId: randomUUID(), text: 'After the link' })).status).toBe(404);
    expect((await thread(coach, workoutId)).status).toBe(404);
    expect(await post(other, workoutId, { commentId: randomUUID(), text: 'After the link' })).toEqual({ status: 403, body: { error: M.noCoach } });
    expect((await thread(other, workoutId)).body.comments.map((c: any) => c.text)).toEqual(['Before the block', 'Unblocked']);
  });
});
