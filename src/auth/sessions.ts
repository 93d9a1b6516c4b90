/**
 * Sessions are families of rotating refresh tokens. Each refresh spends the token
 * and issues the next; presenting a spent token means it was stolen or replayed, so
 * the whole family is revoked. Spending is a single conditional UPDATE, so of many
 * parallel refreshes with one token at most one wins.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
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

export async function rotateRefreshToken(
  pool: pg.Pool,
  refreshToken: string,
  now: Date,
): Promise<{ userId: string; sessionId: string; refreshToken: string } | null> {
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
}

export async function revokeAllSessions(db: Db, userId: string, now: Date, why: string): Promise<void> {
  await db.query(
    `WITH revoked AS (
       UPDATE auth_sessions SET revoked_at = $2, revoked_why = $3 WHERE user_id = $1 AND revoked_at IS NULL RETURNING session_id)
     SELECT pg_notify($4, to_json(session_id::text)::text) FROM revoked`,
    [userId, now, why, SESSION_REVOKED_CHANNEL],
  );
}
