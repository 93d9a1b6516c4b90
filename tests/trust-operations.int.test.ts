/**
 * Operations without leaks (issue 14 items 10 and 15): request logs carry no token,
 * code or password; /api/health shows raw database errors to the operator only;
 * TRUST_PROXY is a setting.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { loadConfig } from '../src/platform/config.ts';

const logs: string[] = [];
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ logStream: { write: (line) => void logs.push(line) } });
});
afterAll(async () => t?.close());

describe('request logs', () => {
  it('redact the websocket token, confirmation and reset tokens, codes and passwords', async () => {
    const u = await signedInUser(t, 'Logan Logged');
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${u.accessToken}`);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.close();
    await t.api('GET', '/api/confirm-email?token=confirm-secret-123');
    await t.api('GET', '/api/outbox?key=operator-secret-456', undefined, u.accessToken);
    await t.api('POST', '/api/auth/reset-password', { token: 'reset-secret-789', password: 'password-secret-000' });
    await t.api('POST', '/api/auth/signin', { email: u.email, password: u.password });

    const text = logs.join('');
    expect(text).toContain('/api/realtime?token=[REDACTED]');
    expect(text).toContain('/api/confirm-email?token=[REDACTED]');
    for (const secret of [u.accessToken, u.refreshToken, u.password, 'confirm-secret-123', 'operator-secret-456', 'reset-secret-789', 'password-secret-000']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('/api/health', () => {
  it('tells everyone that something failed, and only the operator what', async () => {
    // A read model table gone missing: the profile projection fails on the next sign-up
    // with PostgreSQL's own words, which name the table. Class 42 is the event's fault
    // (projections/poison.ts): the event is parked, and health says why, to the operator.
    const { rows } = await t.db.pool.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name LIKE 'user\\_profiles%' ORDER BY table_name DESC LIMIT 1`,
    );
    const physical = rows[0].name;
    await t.db.pool.query(`ALTER TABLE ${physical} RENAME TO health_test_away`);
    try {
      await t.api('POST', '/api/auth/signup', { fullName: 'Hal Health', email: `hal.${Date.now()}@example.com`, password: 'health-pass', accessCode: 'TEST-CODE' });
      const operator = await (async () => {
        for (let i = 0; i < 400; i++) {
          const res = await t.api('GET', '/api/health', undefined, undefined, { 'x-operator-key': t.server.operatorKey });
          if (JSON.stringify(res.body).includes('does not exist')) return res;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('the projection error never showed in /api/health');
      })();
      expect(JSON.stringify(operator.body)).toContain(`relation \\"${physical}\\" does not exist`);
      expect(operator.body.parkedEvents).toBeGreaterThan(0);
      const anonymous = await t.api('GET', '/api/health');
      expect(anonymous.status).toBe(operator.status);
      expect(anonymous.body.parkedEvents).toBe(operator.body.parkedEvents);
      expect(JSON.stringify(anonymous.body)).not.toContain('does not exist');
      expect(JSON.stringify(anonymous.body)).toContain('details for operators only');
    } finally {
      await t.db.pool.query(`ALTER TABLE health_test_away RENAME TO ${physical}`);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes true, a hop count or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.0/8' }).trustProxy).toBe('10.0.0.1,10.0.0.0/8');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow('TRUST_PROXY must be');
  });
});
