/**
 * Personal access tokens (issue 25, item 4): a user's own keys to the API, for scripts.
 * A token is `spt_` and 43 random base64url characters; only its SHA-256 is stored,
 * with its first characters so the list can tell tokens apart. A token is shown once,
 * when it is made; it expires (1 to 365 days), and its owner may revoke it at any time.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { AccessClaims } from '../platform/auth/access-token.ts';
import { DomainError } from '../kernel/decider.ts';

export const PERSONAL_TOKEN_PREFIX = 'spt_';
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
/** How much of the token the list shows: the prefix and 6 characters, never enough to guess the rest. */
const SHOWN_CHARS = PERSONAL_TOKEN_PREFIX.length + 6;
/** A token's last use is written at most this often: a script's every request need not write. */
const LAST_USED_GRANULARITY_MS = 60_000;
/** A user's live tokens; a leak of many is worse than the want of one more. */
export const MAX_LIVE_TOKENS = 50;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TokenView {
  id: string;
  name: string;
  scope: TokenScope;
  prefix: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

interface TokenRow {
  token_id: string;
  name: string;
  scope: TokenScope;
  prefix: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const viewOf = (r: TokenRow): TokenView => ({
  id: r.token_id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

export async function createToken(
  pool: pg.Pool,
  userId: string,
  input: { name: string; scope: TokenScope; expiresInDays: number },
  now: Date,
): Promise<{ token: string; view: TokenView }> {
  const name = input.name.trim();
  if (!name) throw new DomainError(400, 'Give the token a name, so you know later what uses it.');
  const { rows: live } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM personal_access_tokens WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2', [
    userId,
    now,
  ]);
  if (live[0].n >= MAX_LIVE_TOKENS) throw new DomainError(400, `You have ${MAX_LIVE_TOKENS} live tokens; revoke one before making another.`);
  const token = PERSONAL_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const { rows } = await pool.query<TokenRow>(
    `INSERT INTO personal_access_tokens (token_id, user_id, name, scope, token_hash, prefix, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [randomUUID(), userId, name, input.scope, hashOf(token), token.slice(0, SHOWN_CHARS), now, expires],
  );
  return { token, view: viewOf(rows[0]) };
}

export async function listTokens(pool: pg.Pool, userId: string): Promise<TokenView[]> {
  const { rows } = await pool.query<TokenRow>('SELECT * FROM personal_access_tokens WHERE user_id = $1 ORDER BY created_at DESC, token_id', [userId]);
  return rows.map(viewOf);
}

/** Revokes one of the user's own tokens; someone else's is "not found", as is an unknown id. */
export async function revokeToken(pool: pg.Pool, userId: string, tokenId: string, now: Date): Promise<TokenView> {
  const { rows } = await pool.query<TokenRow>(`UPDATE personal_access_tokens SET revoked_at = coalesce(revoked_at, $3) WHERE token_id = $1 AND user_id = $2 RETURNING *`, [
    tokenId,
    userId,
    now,
  ]);
  if (!rows[0]) throw new DomainError(404, 'Token not found.');
  return viewOf(rows[0]);
}

/** The claims a live token signs a request in with, else null (unknown, expired or revoked). */
export async function authenticatePersonalToken(pool: pg.Pool, token: string, now: Date): Promise<AccessClaims | null> {
  const { rows } = await pool.query<{ token_id: string; user_id: string; scope: TokenScope; expires_at: Date; last_used_at: Date | null; email: string | null }>(
    `SELECT t.token_id, t.user_id, t.scope, t.expires_at, t.last_used_at, c.email
       FROM personal_access_tokens t LEFT JOIN user_credentials c ON c.user_id = t.user_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2`,
    [hashOf(token), now],
  );
  const row = rows[0];
  if (!row) return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= LAST_USED_GRANULARITY_MS) {
    await pool.query('UPDATE personal_access_tokens SET last_used_at = $2 WHERE token_id = $1', [row.token_id, now]);
  }
  const iat = Math.floor(now.getTime() / 1000);
  return {
    sub: row.user_id,
    // The token stands in for a session: signing out ends no token, revoking it does.
    sid: row.token_id,
    email: row.email ?? '',
    iat,
    exp: Math.floor(row.expires_at.getTime() / 1000),
    aud: 'spotter-api',
    iss: 'spotter',
    scope: row.scope,
  };
}
