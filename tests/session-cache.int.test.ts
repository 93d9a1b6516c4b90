/**
 * Sessions are cached in the server process (issue 16, cause 5), and a revoked
 * session is still refused on the very next request: revocations in this process
 * drop it at once, revocations by another process as soon as their notification
 * arrives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REVOKED_CHANNEL } from '../src/platform/auth/sessions.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
}, 60_000);
afterAll(async () => t.close());

const me = (token: string) => t.api('GET', '/api/auth/me', undefined, token);

async function newestSession(userId: string): Promise<string> {
  const { rows } = await t.db.pool.query(`SELECT session_id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`, [userId]);
  return rows[0].session_id;
}

describe('session cache', () => {
  it('refuses a session signed out in this process on the very next request, and keeps the others', async () => {
    const user = await signedInUser(t, 'Cached Cara');
    const second = (await t.api('POST', '/api/auth/signin', { email: user.email, password: user.password })).body;
    for (let i = 0; i < 3; i++) expect((await me(user.accessToken)).status).toBe(200);
    expect((await me(second.accessToken)).status).toBe(200);
    expect((await t.api('POST', '/api/auth/signout', undefined, user.accessToken)).status).toBe(200);
    expect((await me(user.accessToken)).status).toBe(401);
    expect((await me(second.accessToken)).status).toBe(200);
  });

  it('refuses a session revoked by another process once its notification has arrived', async () => {
    const user = await signedInUser(t, 'Remote Rita');
    expect((await me(user.accessToken)).status).toBe(200);
    const sid = await newestSession(user.user.id);
    const seen = t.server.sessionCache.revocationSeen(sid);
    // What another server process does: its own connection, the same revocation and notification.
    await t.db.pool.query(
      `WITH revoked AS (UPDATE auth_sessions SET revoked_at = now(), revoked_why = 'test' WHERE session_id = $1 RETURNING session_id)
       SELECT pg_notify($2, to_json(session_id::text)::text) FROM revoked`,
      [sid, SESSION_REVOKED_CHANNEL],
    );
    await seen;
    expect((await me(user.accessToken)).status).toBe(401);
  });
});
