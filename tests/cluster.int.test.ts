/**
 * Several servers behind a real load balancer (issue 23 item 8): three Spotter
 * processes on one PostgreSQL behind HAProxy (deploy/haproxy.cfg). Commands spread
 * over the servers; a websocket on one server hears what another committed; after
 * `kill -9` of the server that runs every projection and reactor, its websocket
 * clients reconnect through the balancer and miss nothing, the projections and
 * reactors run on the others within 10 s, and no e-mail goes out twice.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/platform/db/embedded.ts';
import { listOutbox } from '../emails/mailer.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { processClient, spawnServer, type ServerProcess } from './support/server-process.ts';
import { startBalancer, type Balancer } from './support/haproxy.ts';
import { ACCESS_CODE, signedInUser, type TestServer } from './support/server.ts';

const OPERATOR_KEY = 'cluster-test-operator-key';
let db: TestDatabase;
let outboxDir: string;
let lb: Balancer;
let a: ServerProcess;
let b: ServerProcess;
let c: ServerProcess;
/** The balancer as a client sees it (sign-up, mail links). */
let client: TestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-cluster-outbox-'));
  const lbPort = await freePort();
  const env = {
    DATABASE_URL: db.url,
    OUTBOX_DIR: outboxDir,
    SIGNUP_ACCESS_CODE: ACCESS_CODE,
    SPOTTER_OPERATOR_KEY: OPERATOR_KEY,
    // The public address is the balancer's: mail links and the websocket Origin name it.
    APP_URL: `http://127.0.0.1:${lbPort}`,
    TRUST_PROXY: '1',
  };
  // A first, alone: it takes every projection's and reactor's ownership lock.
  a = await spawnServer(env);
  await a.waitFor(/Spotter is running/);
  [b, c] = await Promise.all([spawnServer(env), spawnServer(env)]);
  await Promise.all([b.waitFor(/Spotter is running/), c.waitFor(/Spotter is running/)]);
  lb = await startBalancer(lbPort, [
    { name: 'a', url: a.url },
    { name: 'b', url: b.url },
    { name: 'c', url: c.url },
  ]);
  client = processClient({ ...a, url: lb.url }, outboxDir);
}, 240_000);

afterAll(async () => {
  await lb?.stop();
  for (const s of [a, b, c]) if (s && s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGTERM');
  await Promise.all([a, b, c].filter(Boolean).map((s) => s.exited));
  await db?.drop();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

/** `projection name → 1 when this server runs it`, from the server's own /api/metrics. */
async function ownedBy(server: ServerProcess): Promise<Map<string, number>> {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { 'x-operator-key': OPERATOR_KEY } });
  const owned = new Map<string, number>();
  for (const m of (await res.text()).matchAll(/^spotter_projection_owned\{projection="([^"]+)"\} (\d)$/gm)) owned.set(m[1], Number(m[2]));
  return owned;
}

function socket(base: string, token: string) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/realtime?token=${token}`, { origin: lb.url });
  const messages: any[] = [];
  ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
  const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
  const next = async (pred: (m: any) => boolean) => {
    await expect.poll(() => messages.findIndex(pred), { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    return messages.splice(messages.findIndex(pred), 1)[0];
  };
  return { ws, closed, next, send: (m: object) => ws.send(JSON.stringify(m)) };
}

async function putProfile(base: string, token: string, displayName: string) {
  const res = await fetch(`${base}/api/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ displayName }),
  });
  expect(res.status).toBe(200);
  return { servedBy: res.headers.get('x-served-by'), checkpoint: ((await res.json()) as { checkpoint: string }).checkpoint };
}

async function profileName(base: string, token: string, after: string): Promise<string> {
  const res = await fetch(`${base}/api/profile`, { headers: { authorization: `Bearer ${token}`, 'x-after-checkpoint': after } });
  return ((await res.json()) as { profile: { display_name: string } }).profile.display_name;
}

describe('three servers behind HAProxy', () => {
  const users: Awaited<ReturnType<typeof signedInUser>>[] = [];

  it('spreads commands over the servers', async () => {
    users.push(await signedInUser(client, 'Cluster Coach'));
    const served = new Set<string | null>();
    for (let i = 0; i < 9; i++) served.add((await putProfile(lb.url, users[0].accessToken, `Round ${i}`)).servedBy);
    expect([...served].sort()).toEqual(['a', 'b', 'c']);
  });

  it('pushes to a websocket on server A what was committed through server B', async () => {
    const u = users[0];
    const onA = socket(a.url, u.accessToken);
    await onA.next((m) => m.type === 'ready');
    onA.send({ type: 'subscribe', topic: `user:${u.user.id}` });
    await onA.next((m) => m.type === 'subscribed');
    const { checkpoint } = await putProfile(b.url, u.accessToken, 'Through B');
    const changed = await onA.next((m) => m.type === 'changed' && m.topic === `user:${u.user.id}` && m.checkpoint >= checkpoint);
    expect(changed.topic).toBe(`user:${u.user.id}`);
    onA.ws.close();
  });

  it('after kill -9 of the server that runs the projections: clients reconnect through the balancer and miss nothing, projections and reactors move within 10 s, no mail goes twice', async () => {
    const u = users[0];
    const before = await ownedBy(a);
    const names = [...before.keys()];
    expect(names.length).toBeGreaterThan(5);
    // A started first and runs them all.
    expect([...before.values()].every((v) => v === 1)).toBe(true);

    // A client whose websocket the balancer gave to A (round robin: a few tries at most).
    let onA: ReturnType<typeof socket> | null = null;
    for (let i = 0; i < 6 && !onA; i++) {
      const s = socket(lb.url, u.accessToken);
      await s.next((m) => m.type === 'ready');
      const ws = (await (await fetch(`${a.url}/api/metrics`, { headers: { 'x-operator-key': OPERATOR_KEY } })).text()).match(/^spotter_websocket_connections (\d+)$/m);
      if (Number(ws?.[1]) > 0) onA = s;
      else s.ws.close();
    }
    expect(onA).not.toBeNull();
    onA!.send({ type: 'subscribe', topic: `user:${u.user.id}` });
    await onA!.next((m) => m.type === 'subscribed');

    const killedAt = Date.now();
    a.proc.kill('SIGKILL');
    await a.exited;
    await onA!.closed;

    // While the client is away, a change goes in through the balancer (to B or C).
    const missed = await putProfile(lb.url, u.accessToken, 'While you were away');
    expect(missed.servedBy).not.toBe('a');

    // Ownership moves: every projection and reactor runs on exactly one surviving server.
    await expect
      .poll(
        async () => {
          const [onB, onC] = await Promise.all([ownedBy(b), ownedBy(c)]);
          return names.filter((n) => (onB.get(n) ?? 0) + (onC.get(n) ?? 0) !== 1);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toEqual([]);
    const takeoverMs = Date.now() - killedAt;
    console.log(`cluster: ${names.length} projections and reactors running on the other servers ${takeoverMs} ms after kill -9 of their owner`);

    // The client reconnects through the balancer, refetches (as the dashboard does on
    // every reconnect) and sees the change it was away for, then hears the next one.
    const back = socket(lb.url, u.accessToken);
    await back.next((m) => m.type === 'ready');
    back.send({ type: 'subscribe', topic: `user:${u.user.id}` });
    await back.next((m) => m.type === 'subscribed');
    expect(await profileName(lb.url, u.accessToken, missed.checkpoint)).toBe('While you were away');
    const next = await putProfile(lb.url, u.accessToken, 'Back again');
    await back.next((m) => m.type === 'changed' && m.topic === `user:${u.user.id}` && m.checkpoint >= next.checkpoint);
    back.ws.close();

    // The mail reactor and sender moved too: a new sign-up gets its confirmation mail.
    users.push(await signedInUser(client, 'After The Crash'));

    // No mail twice: one confirmation per account, and no outbox row was ever sent again.
    const mails = await listOutbox(outboxDir, 500);
    for (const x of users) expect(mails.filter((m) => m.to === x.email && /confirm/i.test(m.subject))).toHaveLength(1);
    const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE attempts > 1`);
    expect(rows[0].n).toBe(0);
    const subjects = mails.map((m) => `${m.to} ${m.subject}`);
    expect(new Set(subjects).size).toBe(subjects.length);
  });
});
