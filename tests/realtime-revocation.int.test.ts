import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

function connect(token: string) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${token}`, { origin: t.url });
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
  const next = async (pred: (m: any) => boolean, timeoutMs = 5000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex(pred);
      if (i >= 0) return messages.splice(i, 1)[0];
      if (Date.now() > end) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, messages, next, send: (m: object) => ws.send(JSON.stringify(m)) };
}

const workout = (athleteId: string, date: string) => ({ workout: { user_id: athleteId, date, exercises: [{ exercise_name: 'Row', sets: [{ reps: 8, load: 60 }] }] } });

describe('realtime subscriptions end with the access behind them', () => {
  it("stops sending an athlete's changes to a coach who unlinked them", async () => {
    const [coach, athlete] = await Promise.all([signedInUser(t, 'Coach Rae'), signedInUser(t, 'Athlete Ray')]);
    await linkAthlete(t, coach, athlete);
    const topic = `athlete:${athlete.user.id}`;
    const c = connect(coach.accessToken);
    const a = connect(athlete.accessToken);
    await Promise.all([c.next((m) => m.type === 'ready'), a.next((m) => m.type === 'ready')]);
    c.send({ type: 'subscribe', topic });
    a.send({ type: 'subscribe', topic });
    await Promise.all([c.next((m) => m.type === 'subscribed'), a.next((m) => m.type === 'subscribed')]);

    // Linked: the coach hears the athlete's own logging.
    const first = await t.api('POST', '/api/manage-workouts', workout(athlete.user.id, '2025-08-01'), athlete.accessToken);
    expect(first.status).toBe(201);
    await c.next((m) => m.type === 'changed' && m.topic === topic);

    const unlinked = await t.api('DELETE', '/api/manage-links', { userId: athlete.user.id }, coach.accessToken);
    expect(unlinked.status).toBe(200);
    expect(await c.next((m) => m.type === 'revoked')).toEqual({ type: 'revoked', topic, error: 'You may no longer follow this topic.' });
    await settled(t, unlinked.body.checkpoint);

    c.messages.length = 0;
    a.messages.length = 0;
    const second = await t.api('POST', '/api/manage-workouts', workout(athlete.user.id, '2025-08-02'), athlete.accessToken);
    expect(second.status).toBe(201);
    // The athlete still follows their own topic and hears the change...
    await a.next((m) => m.type === 'changed' && m.topic === topic);
    // ...and the hub pushed it to every subscriber before this pong, so the coach would have it by now.
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    expect(c.messages.filter((m) => m.topic === topic)).toEqual([]);
    // Subscribing again is refused too.
    c.send({ type: 'subscribe', topic });
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ topic, error: 'You may not follow this topic.' });
    c.ws.close();
    a.ws.close();
  });
});
