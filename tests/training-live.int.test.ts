import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';

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
afterAll(async () => t.close());

function connect(token: string) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${token}`);
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
  const next = async (pred: (m: any) => boolean, timeoutMs = 3000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex(pred);
      if (i >= 0) return messages.splice(i, 1)[0];
      if (Date.now() > end) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const subscribe = async (topic: string) => {
    ws.send(JSON.stringify({ type: 'subscribe', topic }));
    return next((m) => m.topic === topic && (m.type === 'subscribed' || m.type === 'error'));
  };
  return { ws, next, subscribe, ready: next((m) => m.type === 'ready') };
}

async function planWorkout() {
  const res = await t.api(
    'POST',
    '/api/manage-workouts',
    {
      workout: {
        user_id: athlete.user.id,
        date: '2025-03-10',
        exercises: [
          {
            exercise_name: 'Back Squat',
            sets: [
              { reps: 5, load: 200 },
              { reps: 5, load: 200 },
            ],
          },
        ],
      },
    },
    coach.accessToken,
  );
  expect(res.status).toBe(201);
  // The topic rule looks the workout up in the read model.
  await t.server.platform.runner.waitFor(res.body.checkpoint);
  return res.body.id as string;
}

describe('live updates', () => {
  it("pushes an athlete's logged set to the coach's open editor, which refetches the merged workout", async () => {
    const workoutId = await planWorkout();
    const editor = connect(coach.accessToken);
    await editor.ready;
    expect(await editor.subscribe(`workout:${workoutId}`)).toMatchObject({ type: 'subscribed' });
    expect(await editor.subscribe(`athlete:${athlete.user.id}`)).toMatchObject({ type: 'subscribed' });
    expect(await editor.subscribe(`coach:${coach.user.id}`)).toMatchObject({ type: 'subscribed' });

    const logged = await t.api('POST', `/api/athlete/workouts/${workoutId}/actuals`, { exerciseIndex: 0, setIndex: 1, actual: { reps: 5, load: 205 } }, athlete.accessToken);
    expect(logged.status).toBe(200);

    const change = await editor.next((m) => m.type === 'changed' && m.topic === `workout:${workoutId}`);
    expect(change.checkpoint >= logged.body.checkpoint).toBe(true);
    await editor.next((m) => m.type === 'changed' && m.topic === `athlete:${athlete.user.id}`);
    // Compliance moved (a set with reps now has actual reps): the clients list refreshes.
    await editor.next((m) => m.type === 'changed' && m.topic === `coach:${coach.user.id}`);

    const got = await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken, { 'x-after-checkpoint': change.checkpoint });
    const { workout } = got.body;
    // Every set carries its stable id (gym mode); the rest of the set is exactly as before.
    expect(workout.exercises[0].sets[1]).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'standard', reps: 5, load: 200, actual: { reps: 5, load: 205 } });
    expect(workout.last_actual).toMatchObject({ exercise_name: 'Back Squat', exercise_index: 0, set_index: 1, by: athlete.user.id, by_name: 'Athlete Ann' });
    // What the editor's 3-second toast says (spec §4).
    expect(`Athlete updated: ${workout.last_actual.exercise_name}`).toBe('Athlete updated: Back Squat');
    editor.ws.close();
  });

  it("lets the athlete follow their own topics and refuses everyone else's", async () => {
    const workoutId = await planWorkout();
    const own = connect(athlete.accessToken);
    await own.ready;
    expect(await own.subscribe(`workout:${workoutId}`)).toMatchObject({ type: 'subscribed' });
    expect(await own.subscribe(`athlete:${athlete.user.id}`)).toMatchObject({ type: 'subscribed' });
    expect(await own.subscribe(`coach:${coach.user.id}`)).toMatchObject({ type: 'error' });

    const other = connect(stranger.accessToken);
    await other.ready;
    for (const topic of [`workout:${workoutId}`, `athlete:${athlete.user.id}`, `coach:${coach.user.id}`, 'workout:not-a-uuid']) {
      expect(await other.subscribe(topic)).toEqual({ type: 'error', topic, error: 'You may not follow this topic.' });
    }
    own.ws.close();
    other.ws.close();
  });
});
