/**
 * What an operator reads (issue 23 item 9): Prometheus metrics after a command,
 * liveness and readiness apart, and the request id that ties a click's log line to
 * the events it appended.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestServer({ logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => t.close());

/** Parses the Prometheus text format into `name{labels}` → value. */
function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    out.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return out;
}

async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(`${t.url}/api/metrics`, { headers: { 'x-operator-key': t.server.operatorKey } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return parseMetrics(await res.text());
}

describe('metrics', () => {
  it('are for the operator only', async () => {
    const res = await fetch(`${t.url}/api/metrics`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Metrics are for operators only (X-Operator-Key)' });
  });

  it('show command latency, projection lag, parked events, the mail outbox, websockets and the pool after a command', async () => {
    const u = await signedInUser(t);
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${u.accessToken}`, { origin: t.url });
    await new Promise((resolve) => ws.once('message', resolve));
    const res = await t.api('PUT', '/api/profile', { displayName: 'Metered' }, u.accessToken);
    expect(res.status).toBe(200);
    await t.server.platform.runner.waitFor(res.body.checkpoint);

    const m = await scrape();
    expect(m.get('spotter_command_duration_seconds_count{command="PUT /api/profile",status="2xx"}')).toBe(1);
    expect(m.get('spotter_command_duration_seconds_sum{command="PUT /api/profile",status="2xx"}')).toBeGreaterThan(0);
    // The sign-up that made the account is a command too.
    expect(m.get('spotter_command_duration_seconds_count{command="POST /api/auth/signup",status="2xx"}')).toBe(1);
    // Caught up with the command: nothing left to apply, so no age either.
    expect(m.get('spotter_projection_lag_events{projection="user_profiles"}')).toBe(0);
    expect(m.get('spotter_projection_lag_seconds{projection="user_profiles"}')).toBe(0);
    expect(m.get('spotter_projection_owned{projection="user_profiles"}')).toBe(1);
    expect(m.get('spotter_parked_events{projection="user_profiles"}')).toBe(0);
    expect(m.get('spotter_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(m.get('spotter_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(m.get('spotter_websocket_connections')).toBe(1);
    expect(m.get('spotter_db_pool_max')).toBe(20);
    expect(m.get('spotter_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(m.get('spotter_db_pool_connections{state="total"}')).toBeLessThanOrEqual(20);
    // The scrape's own queries may wait for a connection of a pool that opens them lazily.
    expect(m.get('spotter_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    ws.close();
  });

  it('show a queued mail in the outbox depth and its age', async () => {
    await t.db.pool.query(
      // Held back (not_before) so the sender leaves it queued while we look.
      `INSERT INTO email_outbox (id, event_id, kind, recipient, data, created_at, status, not_before)
       VALUES (gen_random_uuid(), 'metrics-test', 'welcome', 'queued@example.com', '{}', now() - interval '90 seconds', 'pending', now() + interval '1 hour')`,
    );
    const m = await scrape();
    expect(m.get('spotter_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(m.get('spotter_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(90);
  });
});

describe('health probes', () => {
  it('answers liveness and readiness separately', async () => {
    expect(await t.api('GET', '/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await t.api('GET', '/api/health/ready')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});

describe('request id', () => {
  it('is answered, logged, and stored in the metadata of the events the request appended', async () => {
    const u = await signedInUser(t);
    const res = await fetch(`${t.url}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}`, 'x-request-id': 'click-4711-abc' },
      body: JSON.stringify({ displayName: 'Traced' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('click-4711-abc');
    const { rows } = await t.db.pool.query(`SELECT event_type, metadata FROM es_events WHERE metadata->>'requestId' = 'click-4711-abc'`);
    expect(rows.map((r) => r.event_type)).toEqual(['ProfileUpdated']);
    expect(rows[0].metadata.userId).toBe(u.user.id);
    const logged = logLines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'click-4711-abc');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('is made fresh when a client sends none or a malformed one', async () => {
    const u = await signedInUser(t);
    const res = await fetch(`${t.url}/api/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${u.accessToken}`, 'x-request-id': 'bad id; drop table' },
      body: JSON.stringify({ displayName: 'Fresh' }),
    });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const { rows } = await t.db.pool.query(`SELECT metadata FROM es_events WHERE stream_id = $1 ORDER BY position DESC LIMIT 1`, [`user-${u.user.id}`]);
    expect(rows[0].metadata.requestId).toBe(id);
  });
});
