import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ projections: 'thread' });
});
afterAll(async () => t.close());

function connect(token: string | null, origin?: string, headers: Record<string, string> = {}) {
  const url = `${t.url.replace('http', 'ws')}/api/realtime${token ? `?token=${token}` : ''}`;
  const ws = new WebSocket(url, { ...(origin ? { origin } : {}), headers });
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = async (pred: (m: any) => boolean, timeoutMs = 3000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const i = messages.findIndex(pred);
      if (i >= 0) return messages.splice(i, 1)[0];
      if (Date.now() > end) throw new Error(`no matching message; got ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, closed, next, send: (m: object) => ws.send(JSON.stringify(m)) };
}

describe('realtime websocket', () => {
  it('refuses a connection without a token or with a bad one', async () => {
    expect(await connect(null).closed).toBe(4001);
    expect(await connect('not-a-token').closed).toBe(4001);
  });

  it('refuses a connection from a foreign Origin', async () => {
    const u = await signedInUser(t);
    expect(await connect(u.accessToken, 'https://evil.example').closed).toBe(4003);
  });

  it("accepts a page of this server under any name it was reached by (its own Host, or a proxy's X-Forwarded-Host)", async () => {
    const u = await signedInUser(t);
    const lan = connect(u.accessToken, 'http://192.168.1.20:8080', { Host: '192.168.1.20:8080' });
    await lan.next((m) => m.type === 'ready');
    const proxied = connect(u.accessToken, 'https://spotter.example', { 'X-Forwarded-Host': 'spotter.example' });
    await proxied.next((m) => m.type === 'ready');
    lan.ws.close();
    proxied.ws.close();
    // Another site's page names its own host in Origin: refused whatever Host says.
    expect(await connect(u.accessToken, 'http://evil.example', { Host: '192.168.1.20:8080' }).closed).toBe(4003);
  });

  it('keeps at most 10 sockets per account, closing the oldest', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const theirs = connect(other.accessToken, t.url);
    await theirs.next((m) => m.type === 'ready');
    const mine = [];
    for (let i = 0; i < 10; i++) {
      const c = connect(u.accessToken, t.url);
      await c.next((m) => m.type === 'ready');
      mine.push(c);
    }
    const eleventh = connect(u.accessToken, t.url);
    await eleventh.next((m) => m.type === 'ready');
    expect(await mine[0].closed).toBe(4008);
    // The rest, and another account's socket, still answer.
    for (const c of [...mine.slice(1), eleventh, theirs]) {
      c.send({ type: 'ping' });
      await c.next((m) => m.type === 'pong');
    }
    for (const c of [...mine.slice(1), eleventh, theirs]) c.ws.close();
  });

  it('delivers a change on a followed topic, and refuses topics of other users', async () => {
    const u = await signedInUser(t);
    const other = await signedInUser(t);
    const c = connect(u.accessToken, t.url);
    await c.next((m) => m.type === 'ready');
    c.send({ type: 'subscribe', topic: `user:${other.user.id}` });
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ topic: `user:${other.user.id}`, error: 'You may not follow this topic.' });
    c.send({ type: 'subscribe', topic: `user:${u.user.id}` });
    await c.next((m) => m.type === 'subscribed');

    const res = await t.api('PUT', '/api/profile', { displayName: 'Coach D' }, u.accessToken);
    expect(res.status).toBe(200);
    const msg = await c.next((m) => m.type === 'changed');
    expect(msg.topic).toBe(`user:${u.user.id}`);
    expect(msg.checkpoint >= res.body.checkpoint).toBe(true);
    const profile = await t.api('GET', '/api/profile', undefined, u.accessToken);
    expect(profile.body.profile).toMatchObject({ display_name: 'Coach D', resolved_name: 'Coach D', initials: 'CD' });
    c.ws.close();
  });

  it('closes an open socket when its session signs out', async () => {
    const u = await signedInUser(t);
    const c = connect(u.accessToken, t.url);
    await c.next((m) => m.type === 'ready');
    await t.api('POST', '/api/auth/signout', undefined, u.accessToken);
    expect(await c.closed).toBe(4001);
  });
});

describe('Idempotency-Key', () => {
  it('appends a repeated command once and replays the first answer', async () => {
    const u = await signedInUser(t);
    const stream = `user-${u.user.id}`;
    const count = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [stream])).rows[0].n;
    const before = await count();
    const headers = { 'idempotency-key': 'profile-1' };
    const [a, b] = await Promise.all([
      t.api('PUT', '/api/profile', { firstName: 'Ana' }, u.accessToken, headers),
      t.api('PUT', '/api/profile', { firstName: 'Ana' }, u.accessToken, headers),
    ]);
    const c = await t.api('PUT', '/api/profile', { firstName: 'Ana' }, u.accessToken, headers);
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await count()).toBe(before + 1);
  });
});

describe('read-your-writes', () => {
  it('answers a query after the checkpoint a command returned', async () => {
    const u = await signedInUser(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.api('PUT', '/api/profile', { lastName: `L${i}` }, u.accessToken);
      const read = await t.api('GET', '/api/profile', undefined, u.accessToken, { 'x-after-checkpoint': res.body.checkpoint });
      expect(read.body.profile.last_name).toBe(`L${i}`);
    }
  });
});
