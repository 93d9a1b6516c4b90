/**
 * Sessions are families of rotating refresh tokens. Each refresh spends the token
 * and issues the next; presenting a spent token means it was stolen or replayed, so
 * the whole family is revoked. Spending is a single conditional UPDATE, so of many
 * parallel refreshes with one token at most one wins.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { newToken, tokenHash } from './one-time-token.ts';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type Db = pg.Pool | pg.PoolClient;

async function issue(db: Db, sessionId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES ($1, $2, $3)', [
    tokenHash(token),
    sessionId,
    new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
  ]);
  return token;
}

export async function startSession(pool: pg.Pool, userId: string, now: Date): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await pool.query('INSERT INTO auth_sessions (session_id, user_id, created_at) VALUES ($1, $2, $3)', [sessionId, userId, now]);
  return { sessionId, refreshToken: await issue(pool, sessionId, now) };
}

export async function rotateRefreshToken(pool: pg.Pool, refreshToken: string, now: Date): Promise<{ userId: string; sessionId: string; refreshToken: string } | null> {
  const hash = tokenHash(refreshToken);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const spent = await client.query<{ session_id: string; user_id: string }>(
      `UPDATE refresh_tokens r SET used_at = $2
       FROM auth_sessions s
       WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > $2
         AND s.session_id = r.session_id AND s.revoked_at IS NULL
       RETURNING r.session_id, s.user_id`,
      [hash, now],
    );
    const row = spent.rows[0];
    if (!row) {
      // A known but spent token is a replay: end that session for everyone holding it.
      const reused = await client.query<{ session_id: string }>('SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL', [hash]);
      if (reused.rows[0]) await revokeSession(client, reused.rows[0].session_id, now, 'refresh token reused');
      await client.query('COMMIT');
      return null;
    }
    const next = await issue(client, row.session_id, now);
    await client.query('COMMIT');
    return { userId: row.user_id, sessionId: row.session_id, refreshToken: next };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Sockets of revoked sessions are closed by the realtime hub of every server process. The payload is JSON (pg-listen parses it). */
export const SESSION_REVOKED_CHANNEL = 'spotter_sessions_revoked';

export async function revokeSession(db: Db, sessionId: string, now: Date, why: string): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE auth_sessions SET revoked_at = $2, revoked_why = $3 WHERE session_id = $1 AND revoked_at IS NULL RETURNING session_id)
     SELECT pg_notify($4, to_json(session_id::text)::text) FROM revoked`,
    [sessionId, now, why, SESSION_REVOKED_CHANNEL],
  );
  SessionCache.revokedHere(sessionId, null);
}

export async function revokeAllSessions(db: Db, userId: string, now: Date, why: string): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE auth_sessions SET revoked_at = $2, revoked_why = $3 WHERE user_id = $1 AND revoked_at IS NULL RETURNING session_id)
     SELECT pg_notify($4, to_json(session_id::text)::text) FROM revoked`,
    [userId, now, why, SESSION_REVOKED_CHANNEL],
  );
  SessionCache.revokedHere(null, userId);
}

/**
 * Which sessions are open, cached in the process so that an authenticated request
 * does not cost a database round trip. Revocation is final, and every revocation
 * notifies SESSION_REVOKED_CHANNEL in its transaction: the cache listens and drops
 * (and remembers) revoked sessions the moment the notification arrives; revocations
 * made by this process drop them at once, before the next request. The cache answers
 * only while its listening connection is up (a notification missed while down would
 * leave a revoked session cached), and entries also expire after `ttlMs`.
 */
export class SessionCache {
  private readonly open = new Map<string, { userId: string; at: number }>();
  /** Sessions known revoked: a lookup in flight during a revocation must not cache it as open. */
  private readonly revoked = new Set<string>();
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private readonly seen = new Set<(sessionId: string) => void>();

  constructor(
    private readonly databaseUrl: string,
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 100_000,
  ) {}

  async start(): Promise<void> {
    caches.add(this);
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    const down = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      this.open.clear();
      client.end().catch(() => {});
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => {}), 1000).unref();
    };
    client.on('error', down);
    client.on('end', down);
    client.on('notification', (msg) => {
      if (msg.channel !== SESSION_REVOKED_CHANNEL || !msg.payload) return;
      try {
        this.drop(JSON.parse(msg.payload) as string);
      } catch {
        this.open.clear();
      }
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_REVOKED_CHANNEL}`);
      this.listening = true;
    } catch {
      down();
    }
  }

  private drop(sessionId: string): void {
    this.open.delete(sessionId);
    this.revoked.add(sessionId);
    if (this.revoked.size > this.maxEntries) this.revoked.delete(this.revoked.values().next().value!);
    for (const f of this.seen) f(sessionId);
  }

  /** True/false from the cache, or the lookup's answer (then cached when open). */
  async isOpen(sessionId: string, lookup: () => Promise<{ userId: string } | null>): Promise<boolean> {
    if (this.revoked.has(sessionId)) return false;
    const hit = this.open.get(sessionId);
    if (hit && this.listening && Date.now() - hit.at < this.ttlMs) return true;
    const found = await lookup();
    if (!found) return false;
    if (this.listening && !this.revoked.has(sessionId)) {
      this.open.set(sessionId, { userId: found.userId, at: Date.now() });
      if (this.open.size > this.maxEntries) this.open.delete(this.open.keys().next().value!);
    }
    return true;
  }

  /** This process revoked every session of a user: forget them now (their ids come with the notification). */
  forgetUser(userId: string): void {
    for (const [sid, e] of this.open) if (e.userId === userId) this.open.delete(sid);
  }

  /** Resolves when the revocation of `sessionId` has reached this cache (tests). */
  revocationSeen(sessionId: string): Promise<void> {
    if (this.revoked.has(sessionId)) return Promise.resolve();
    return new Promise((resolve) => {
      const f = (sid: string) => {
        if (sid !== sessionId) return;
        this.seen.delete(f);
        resolve();
      };
      this.seen.add(f);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    caches.delete(this);
    this.listening = false;
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => {});
  }

  /** Called by revokeSession / revokeAllSessions of this process. */
  static revokedHere(sessionId: string | null, userId: string | null): void {
    for (const c of caches) {
      if (sessionId) c.drop(sessionId);
      if (userId) c.forgetUser(userId);
    }
  }
}

const caches = new Set<SessionCache>();
