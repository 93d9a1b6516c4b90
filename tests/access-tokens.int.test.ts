/**
 * Personal access tokens (issue 25, item 4) against a real PostgreSQL: a read token
 * reads and cannot write, a write token writes; an expired or revoked token is
 * refused; a token cannot manage tokens; and the token's text is stored nowhere, only
 * its hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let clock = new Date('2026-03-15T12:00:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let owner: User;
let other: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => clock });
  [owner, other] = await Promise.all([signedInUser(t, 'Tess Token'), signedInUser(t, 'Otto Other')]);
});
afterAll(async () => t?.close());

async function makeToken(who: User, scope: 'read' | 'write', days = 30, name = `${scope} script`) {
  const res = await t.api('POST', '/api/access-tokens', { name, scope, expires_in_days: days }, who.accessToken);
  expect(res.status).toBe(201);
  return res.body as { token: string; access_token: { id: string; prefix: string; scope: string; expires_at: string } };
}

/** Every row of every table in the database, as text, that contains `text`. */
async function rowsContaining(text: string): Promise<string[]> {
  const { rows: tables } = await t.db.pool.query<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { name } of tables) {
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM ${name} r WHERE strpos(r::text, $1) > 0`, [text]);
    if (rows[0].n > 0) found.push(name);
  }
  return found;
}

describe('personal access tokens', () => {
  it('a read token reads and cannot write; a write token writes', async () => {
    const read = await makeToken(owner, 'read');
    expect(read.token).toMatch(/^spt_[A-Za-z0-9_-]{43}$/);
    expect(read.access_token.prefix).toBe(read.token.slice(0, 10));

    const me = await t.api('GET', '/api/auth/me', undefined, read.token);
    expect(me.status).toBe(200);
    expect(me.body.user).toEqual({ id: owner.user.id, email: owner.email });

    const write = await t.api('PUT', '/api/profile', { timeZone: 'Europe/Berlin' }, read.token);
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('This token can only read.');

    const writer = await makeToken(owner, 'write');
    const allowed = await t.api('PUT', '/api/profile', { timeZone: 'Europe/Berlin' }, writer.token);
    expect(allowed.status).toBe(200);

    // The list tells when each was last used, and never shows a token again.
    const list = await t.api('GET', '/api/access-tokens', undefined, owner.accessToken);
    expect(list.status).toBe(200);
    const listed = list.body.access_tokens.find((x: any) => x.id === read.access_token.id);
    expect(listed).toMatchObject({ name: 'read script', scope: 'read', revoked_at: null, last_used_at: clock.toISOString() });
    expect(JSON.stringify(list.body)).not.toContain(read.token);
  });

  it('refuses an expired token and a revoked one with 401', async () => {
    const shortLived = await makeToken(owner, 'read', 1);
    expect((await t.api('GET', '/api/profile', undefined, shortLived.token)).status).toBe(200);
    const start = clock;
    clock = new Date(start.getTime() + 86_400_000 + 1000);
    try {
      const expired = await t.api('GET', '/api/profile', undefined, shortLived.token);
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe('This access token is expired, revoked or unknown.');
    } finally {
      clock = start;
    }

    const revoked = await makeToken(owner, 'write');
    expect((await t.api('GET', '/api/profile', undefined, revoked.token)).status).toBe(200);
    // Someone else cannot revoke it: to them it does not exist.
    expect((await t.api('DELETE', `/api/access-tokens/${revoked.access_token.id}`, undefined, other.accessToken)).status).toBe(404);
    const res = await t.api('DELETE', `/api/access-tokens/${revoked.access_token.id}`, undefined, owner.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.access_token.revoked_at).toBe(clock.toISOString());
    expect((await t.api('GET', '/api/profile', undefined, revoked.token)).status).toBe(401);
    expect((await t.api('GET', '/api/profile', undefined, 'spt_' + 'x'.repeat(43))).status).toBe(401);
  });

  it('cannot manage tokens with a token, even a write one', async () => {
    const writer = await makeToken(owner, 'write');
    const made = await t.api('POST', '/api/access-tokens', { name: 'renewal', scope: 'write', expires_in_days: 365 }, writer.token);
    expect(made.status).toBe(403);
    expect(made.body.error).toBe('Sign in to do this: an access token cannot manage access tokens.');
    expect((await t.api('GET', '/api/access-tokens', undefined, writer.token)).status).toBe(403);
    expect((await t.api('DELETE', `/api/access-tokens/${writer.access_token.id}`, undefined, writer.token)).status).toBe(403);
  });

  it('refuses bad input with a clear 400', async () => {
    for (const body of [
      { name: 'x', scope: 'admin', expires_in_days: 30 },
      { name: 'x', scope: 'read', expires_in_days: 0 },
      { name: 'x', scope: 'read', expires_in_days: 366 },
      { name: '   ', scope: 'read', expires_in_days: 30 },
    ]) {
      const res = await t.api('POST', '/api/access-tokens', body, owner.accessToken);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('stores the token hashed: its text appears nowhere in the database', async () => {
    const made = await makeToken(owner, 'write', 7, 'hash check');
    expect((await t.api('GET', '/api/profile', undefined, made.token)).status).toBe(200);
    // The check can fail: the prefix the list shows is stored.
    expect(await rowsContaining(made.access_token.prefix)).toEqual(['public.personal_access_tokens']);
    expect(await rowsContaining(made.token)).toEqual([]);
    expect(await rowsContaining(made.token.slice(4))).toEqual([]);
  });
});
