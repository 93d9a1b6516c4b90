/**
 * Sign-up, sign-in, sessions and one-time links. Facts go into the user's stream
 * through the user decider; secrets (password hashes, hashed tokens) stay in their
 * own tables. `now` is injected so token lifetimes are tested on a fake clock.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { DomainError } from '../kernel/decider.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { userDecider, userStream, type UserCommand } from './domain/user.ts';
import { signAccessToken, verifyAccessToken, type AccessClaims } from '../platform/auth/access-token.ts';
import { dummyHash, hashPassword, verifyPassword } from '../platform/auth/passwords.ts';
import { newToken, tokenHash } from '../platform/auth/one-time-token.ts';
import { REFRESH_TOKEN_TTL_MS, rotateRefreshToken, startSession, revokeSession, revokeAllSessions, type SessionCache } from '../platform/auth/sessions.ts';
import { authenticatePersonalToken, PERSONAL_TOKEN_PREFIX } from '../access-tokens/index.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

export const MESSAGES = {
  incorrectAccessCode: 'Incorrect access code.',
  confirmFirst: 'Please confirm your email address before signing in.',
  invalidCredentials: 'Invalid login credentials',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset.',
  invalidConfirmLink: 'Failed to confirm email. The link may be expired or invalid.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  resetSent: 'Password reset instructions have been sent to your email.',
  confirmationSent: 'Confirmation email sent! Please check your inbox.',
  emailTaken: 'An account with this e-mail already exists.',
  sessionExpired: 'Your session has expired. Please sign in again.',
} as const;

export const MIN_PASSWORD = 6;
export const MAX_PASSWORD = TEXT_LIMITS.password;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  user: PublicUser;
}

export interface PublicUser {
  id: string;
  email: string;
  fullName: string;
  isCoach: boolean;
  isAthlete: boolean;
}

export interface AuthDeps {
  pool: pg.Pool;
  store: EventStore;
  secret: string;
  accessCode: string;
  now: () => Date;
  /** Open sessions cached in the process (see sessions.ts); without it every request asks the database. */
  sessionCache?: SessionCache;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD) throw new DomainError(400, MESSAGES.passwordTooShort);
  if (password.length > MAX_PASSWORD) throw new DomainError(400, `Password must be at most ${MAX_PASSWORD} characters long.`);
}

export class AuthService {
  constructor(private readonly d: AuthDeps) {}

  private async userCommand(userId: string, command: UserCommand, actor: string | null = userId) {
    return handleCommand(this.d.store, userStream(userId), userDecider, command, { userId: actor, now: this.d.now });
  }

  /**
   * Creates the account. `invite` is a server-checked invitation (it replaces the
   * access code and proves the address, so the account starts confirmed).
   */
  async signUp(input: { fullName: string; email: string; password: string; accessCode?: string; invite?: { id: string; email: string } }) {
    const email = normalizeEmail(input.email);
    if (input.invite) {
      if (normalizeEmail(input.invite.email) !== email) throw new DomainError(400, 'This invitation was sent to another e-mail address.');
    } else if ((input.accessCode ?? '').trim() !== this.d.accessCode) {
      throw new DomainError(400, MESSAGES.incorrectAccessCode);
    }
    checkPassword(input.password);
    const userId = randomUUID();
    const passwordHash = await hashPassword(input.password);
    // The unique e-mail is claimed first; if the event cannot be appended the claim is
    // released, so nothing is left half-written.
    const claimed = await this.d.pool.query('INSERT INTO user_credentials (user_id, email, password_hash, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING', [
      userId,
      email,
      passwordHash,
      this.d.now(),
    ]);
    if (claimed.rowCount !== 1) throw new DomainError(409, MESSAGES.emailTaken);
    try {
      const result = await this.userCommand(
        userId,
        { type: 'RegisterUser', userId, email, fullName: input.fullName.trim(), ...(input.invite ? { inviteId: input.invite.id, preConfirmed: true } : {}) },
        null,
      );
      return { userId, checkpoint: result.append?.checkpoint ?? null, confirmed: !!input.invite };
    } catch (e) {
      await this.d.pool.query('DELETE FROM user_credentials WHERE user_id = $1', [userId]);
      throw e;
    }
  }

  async signIn(emailIn: string, password: string): Promise<SessionTokens> {
    const email = normalizeEmail(emailIn);
    const { rows } = await this.d.pool.query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM user_credentials WHERE email = $1', [email]);
    const cred = rows[0];
    const ok = await verifyPassword(cred?.password_hash ?? (await dummyHash()), password);
    if (!cred || !ok) throw new DomainError(401, MESSAGES.invalidCredentials);
    const user = await this.loadUser(cred.user_id);
    if (!user.confirmed) throw new DomainError(403, MESSAGES.confirmFirst, 'email_not_confirmed');
    const session = await startSession(this.d.pool, cred.user_id, this.d.now());
    return this.tokensFor(user.profile, session.sessionId, session.refreshToken);
  }

  async refresh(refreshToken: string): Promise<SessionTokens> {
    const rotated = await rotateRefreshToken(this.d.pool, refreshToken, this.d.now());
    if (!rotated) throw new DomainError(401, MESSAGES.sessionExpired);
    const user = await this.loadUser(rotated.userId);
    return this.tokensFor(user.profile, rotated.sessionId, rotated.refreshToken);
  }

  async signOut(sessionId: string): Promise<void> {
    await revokeSession(this.d.pool, sessionId, this.d.now(), 'signed out');
  }

  /** False when the token belongs to no session (forged, or never issued). */
  async signOutByRefreshToken(refreshToken: string): Promise<boolean> {
    const { rows } = await this.d.pool.query<{ session_id: string }>('SELECT session_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash(refreshToken)]);
    if (!rows[0]) return false;
    await revokeSession(this.d.pool, rows[0].session_id, this.d.now(), 'signed out');
    return true;
  }

  /** The claims of a valid access token whose session is still open, else null. */
  async authenticate(accessToken: string): Promise<AccessClaims | null> {
    if (accessToken.startsWith(PERSONAL_TOKEN_PREFIX)) return authenticatePersonalToken(this.d.pool, accessToken, this.d.now());
    const claims = verifyAccessToken(this.d.secret, accessToken, this.d.now().getTime());
    if (!claims) return null;
    const lookup = async () => {
      const { rows } = await this.d.pool.query<{ user_id: string }>('SELECT user_id FROM auth_sessions WHERE session_id = $1 AND revoked_at IS NULL', [claims.sid]);
      return rows[0] ? { userId: rows[0].user_id } : null;
    };
    const open = this.d.sessionCache ? await this.d.sessionCache.isOpen(claims.sid, lookup) : !!(await lookup());
    return open ? claims : null;
  }

  refusalOf(accessToken: string): string | null {
    return accessToken.startsWith(PERSONAL_TOKEN_PREFIX) ? 'This access token is expired, revoked or unknown.' : null;
  }

  async confirmEmail(token: string) {
    const userId = await this.useToken(token, 'confirm');
    if (!userId) throw new DomainError(400, MESSAGES.invalidConfirmLink);
    await this.userCommand(userId, { type: 'ConfirmEmail' });
    const user = await this.loadUser(userId);
    return user.profile;
  }

  /** Answers the same whether or not the address has an account. */
  async resendConfirmation(emailIn: string): Promise<void> {
    const userId = await this.userIdByEmail(emailIn);
    if (userId) await this.userCommand(userId, { type: 'RequestEmailConfirmation' });
  }

  async requestPasswordReset(emailIn: string): Promise<void> {
    const userId = await this.userIdByEmail(emailIn);
    if (userId) await this.userCommand(userId, { type: 'RequestPasswordReset' });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    checkPassword(password);
    const passwordHash = await hashPassword(password);
    const userId = await this.useToken(token, 'reset', async (client, id) => {
      await client.query('UPDATE user_credentials SET password_hash = $2 WHERE user_id = $1', [id, passwordHash]);
      // Using one reset link spends all the others, older or newer.
      await client.query(`UPDATE auth_tokens SET used_at = $2 WHERE user_id = $1 AND purpose = 'reset' AND used_at IS NULL`, [id, this.d.now()]);
      // A reset ends every session: whoever knew the old password is signed out.
      await revokeAllSessions(client, id, this.d.now(), 'password reset');
    });
    if (!userId) throw new DomainError(400, MESSAGES.invalidResetLink);
    await this.userCommand(userId, { type: 'ResetPassword' });
  }

  /** From the user's stream, so a coach who has just become one is one at once. */
  async isCoach(userId: string): Promise<boolean> {
    return (await this.loadUser(userId)).profile.isCoach;
  }

  /** An athlete-only account (made from an invitation) becomes a coach with the access code. */
  async becomeCoach(userId: string, accessCode: string): Promise<{ user: PublicUser; checkpoint: string | null }> {
    if (accessCode.trim() !== this.d.accessCode) throw new DomainError(400, MESSAGES.incorrectAccessCode);
    const result = await this.userCommand(userId, { type: 'BecomeCoach' });
    return { user: (await this.loadUser(userId)).profile, checkpoint: result.append?.checkpoint ?? null };
  }

  private async userIdByEmail(emailIn: string): Promise<string | null> {
    const { rows } = await this.d.pool.query<{ user_id: string }>('SELECT user_id FROM user_credentials WHERE email = $1', [normalizeEmail(emailIn)]);
    return rows[0]?.user_id ?? null;
  }

  /**
   * Spends a one-time token: valid, unexpired and unused, marked used in the same
   * transaction as `alsoDo`, so two clicks on one link cannot both succeed.
   */
  private async useToken(token: string, purpose: 'confirm' | 'reset', alsoDo?: (c: pg.PoolClient, userId: string) => Promise<void>): Promise<string | null> {
    if (!token) return null;
    const client = await this.d.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ user_id: string }>(
        `UPDATE auth_tokens SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
         RETURNING user_id`,
        [tokenHash(token), purpose, this.d.now()],
      );
      const userId = rows[0]?.user_id ?? null;
      if (userId && alsoDo) await alsoDo(client, userId);
      await client.query('COMMIT');
      return userId;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** The user as the command side knows it (the stream), not a possibly lagging read model. */
  private async loadUser(userId: string): Promise<{ confirmed: boolean; profile: PublicUser }> {
    const events = await this.d.store.readStream(userStream(userId));
    const state = events.reduce((s, e) => userDecider.evolve(s, e as never), userDecider.initialState());
    const registered = events.find((e) => e.type === 'UserRegistered')?.data as { isCoach: boolean; isAthlete: boolean } | undefined;
    if (!state.id || !registered) throw new DomainError(401, MESSAGES.invalidCredentials);
    return {
      confirmed: state.confirmed,
      profile: { id: state.id, email: state.email!, fullName: state.name, isCoach: state.isCoach, isAthlete: registered.isAthlete },
    };
  }

  private tokensFor(user: PublicUser, sessionId: string, refreshToken: string): SessionTokens {
    const { token, expiresAt } = signAccessToken(this.d.secret, { sub: user.id, sid: sessionId, email: user.email }, this.d.now().getTime());
    return { accessToken: token, refreshToken, expiresAt, user };
  }
}

export { newToken, REFRESH_TOKEN_TTL_MS };
