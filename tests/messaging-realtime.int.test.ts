import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { settled } from './support/coaching.ts';
import { connectUsers } from './support/messaging.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

type User = Awaited<ReturnType<typeof signedInUser>>;

function socket(u: User) {
  const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${u.accessToken}`, { origin: t.url });
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
  const next = async (pred: (m: any) => boolean, what: string) => {
    for (let i = 0; i < 300; i++) {
      const at = messages.findIndex(pred);
      if (at >= 0) return messages.splice(at, 1)[0];
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${what}; got ${JSON.stringify(messages)}`);
  };
  const send = (m: object) => ws.send(JSON.stringify(m));
  const subscribe = async (topic: string) => {
    send({ type: 'subscribe', topic });
    return next((m) => m.topic === topic && (m.type === 'subscribed' || m.type === 'error'), `answer for ${topic}`);
  };
  /** A ping's pong arrives after everything the hub sent before it. */
  const drained = async () => {
    send({ type: 'ping' });
    await next((m) => m.type === 'pong', 'pong');
  };
  return { ws, messages, next, send, subscribe, drained, ready: next((m) => m.type === 'ready', 'ready') };
}

async function conversation() {
  const coach = await signedInUser(t, 'Coach Cora');
  const athlete = await signedInUser(t, 'Athlete Ari');
  const third = await signedInUser(t, 'Third Theo');
  await connectUsers(t, coach, athlete);
  await connectUsers(t, third, coach);
  const res = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
  await settled(t, res.body.checkpoint);
  return { coach, athlete, third, id: res.body.id as string };
}

describe('messaging topics', () => {
  it('refuses a user who is not a participant the conversation’s topic and the other users’ inbox', async () => {
    const { coach, third, id } = await conversation();
    const s = socket(third);
    await s.ready;
    expect(await s.subscribe(`conversation:${id}`)).toEqual({ type: 'error', topic: `conversation:${id}`, error: 'You may not follow this topic.' });
    expect((await s.subscribe(`inbox:${coach.user.id}`)).type).toBe('error');
    expect((await s.subscribe(`inbox:${third.user.id}`)).type).toBe('subscribed');
    s.ws.close();
  });

  it('tells the recipient about a new message on the conversation and on their inbox', async () => {
    const { coach, athlete, id } = await conversation();
    const s = socket(athlete);
    await s.ready;
    expect((await s.subscribe(`conversation:${id}`)).type).toBe('subscribed');
    expect((await s.subscribe(`inbox:${athlete.user.id}`)).type).toBe('subscribed');
    const sent = await t.api('POST', `/api/conversations/${id}/messages`, { content: 'Session at 6?' }, coach.accessToken);
    const onConversation = await s.next((m) => m.type === 'changed' && m.topic === `conversation:${id}` && m.checkpoint >= sent.body.checkpoint, 'conversation change');
    await s.next((m) => m.type === 'changed' && m.topic === `inbox:${athlete.user.id}` && m.checkpoint >= sent.body.checkpoint, 'inbox change');
    const page = await t.api('GET', `/api/conversations/${id}/messages`, undefined, athlete.accessToken, { 'x-after-checkpoint': onConversation.checkpoint });
    expect(page.body.messages[0].content).toBe('Session at 6?');
    s.ws.close();
  });
});

describe('typing signal', () => {
  it('reaches the other participant through the hub only, and is never stored', async () => {
    const { coach, athlete, id } = await conversation();
    const a = socket(athlete);
    const c = socket(coach);
    await Promise.all([a.ready, c.ready]);
    await a.subscribe(`conversation:${id}`);
    await c.subscribe(`conversation:${id}`);
    const events = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
    const before = await events();
    a.send({ type: 'signal', topic: `conversation:${id}`, signal: 'typing', data: { typing: true } });
    expect(await c.next((m) => m.type === 'signal', 'typing')).toEqual({ type: 'signal', topic: `conversation:${id}`, signal: 'typing', from: athlete.user.id, data: { typing: true } });
    await a.drained();
    expect(a.messages.filter((m) => m.type === 'signal')).toEqual([]);
    expect(await events()).toBe(before);
    a.ws.close();
    c.ws.close();
  });

  it('is not relayed from someone who could not subscribe', async () => {
    const { coach, third, id } = await conversation();
    const c = socket(coach);
    const x = socket(third);
    await Promise.all([c.ready, x.ready]);
    await c.subscribe(`conversation:${id}`);
    await x.subscribe(`conversation:${id}`);
    x.send({ type: 'signal', topic: `conversation:${id}`, signal: 'typing', data: { typing: true } });
    await x.drained();
    await c.drained();
    expect(c.messages.filter((m) => m.type === 'signal')).toEqual([]);
    c.ws.close();
    x.ws.close();
  });

  it('is rate-limited per socket and bounded in size', async () => {
    const { coach, athlete, id } = await conversation();
    const a = socket(athlete);
    const c = socket(coach);
    await Promise.all([a.ready, c.ready]);
    await a.subscribe(`conversation:${id}`);
    await c.subscribe(`conversation:${id}`);
    for (let i = 0; i < 40; i++) a.send({ type: 'signal', topic: `conversation:${id}`, signal: 'typing', data: { typing: true } });
    a.send({ type: 'signal', topic: `conversation:${id}`, signal: 'typing', data: { blob: 'x'.repeat(600) } });
    expect(await a.next((m) => m.type === 'error' && m.error === 'Too many signals.', 'rate limit error')).toMatchObject({ topic: `conversation:${id}` });
    expect(await a.next((m) => m.type === 'error' && m.error === 'Signal data is too large.', 'size error')).toBeTruthy();
    await a.drained();
    await c.drained();
    const relayed = c.messages.filter((m) => m.type === 'signal');
    expect(relayed.length).toBeGreaterThan(0);
    expect(relayed.length).toBeLessThan(40);
    expect(relayed.every((m) => m.data.typing === true)).toBe(true);
    a.ws.close();
    c.ws.close();
  });
});
