/**
 * Invitation secrets. The token in an invitation link is a bearer secret (it lets
 * someone sign up without the access code), so, like confirmation tokens, only its
 * SHA-256 is stored, here, and never in an event. This table is not a read model:
 * a rebuild must not forget tokens already mailed, so no projection owns it.
 */
import type pg from 'pg';
import { newToken, tokenHash } from '../platform/auth/one-time-token.ts';

/** Long enough for an athlete to get round to it; a coach can always re-invite. */
export const INVITE_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** The invite_tokens table is created by migration 007 (src/platform/db/migrations.ts). */

/** One token per invite: a replayed event gets the existing row, never a second live link. */
export async function issueInviteToken(tx: pg.PoolClient, invite: { inviteId: string; coachId: string; email: string }, expiresAt: Date): Promise<string | null> {
  const token = newToken();
  const { rowCount } = await tx.query(
    `INSERT INTO invite_tokens (token_hash, invite_id, coach_id, email, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (invite_id) DO NOTHING`,
    [tokenHash(token), invite.inviteId, invite.coachId, invite.email, expiresAt],
  );
  return rowCount === 1 ? token : null;
}

/**
 * A resent invitation's token: it replaces the one mailed before, so only the latest
 * mail opens the door (like a new password-reset link retires the older ones).
 */
export async function reissueInviteToken(tx: pg.PoolClient, invite: { inviteId: string; coachId: string; email: string }, expiresAt: Date): Promise<string> {
  const token = newToken();
  await tx.query(
    `INSERT INTO invite_tokens (token_hash, invite_id, coach_id, email, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (invite_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [tokenHash(token), invite.inviteId, invite.coachId, invite.email, expiresAt],
  );
  return token;
}

/**
 * The invite a signup token belongs to, if the token is unexpired and the invite is
 * still pending (a revoked or already accepted invite opens no door).
 */
export async function findInviteByToken(db: pg.Pool, token: string, now: Date): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const { rows } = await db.query<{ id: string; email: string }>(
    `SELECT t.invite_id AS id, t.email FROM invite_tokens t
     JOIN invites i ON i.invite_id = t.invite_id
     WHERE t.token_hash = $1 AND t.expires_at > $2 AND i.status = 'pending'`,
    [tokenHash(token), now],
  );
  return rows[0] ?? null;
}

/** Which coach sent an invite: the signup reactor needs the stream to accept it on. */
export async function coachOfInvite(db: pg.Pool | pg.PoolClient, inviteId: string): Promise<string | null> {
  const { rows } = await db.query<{ coach_id: string }>('SELECT coach_id FROM invite_tokens WHERE invite_id = $1', [inviteId]);
  return rows[0]?.coach_id ?? null;
}
