/**
 * Durable rate limits (they survive a restart): hits are rows in rate_limit_hits,
 * counted over a sliding window under a per-bucket advisory lock.
 */
import type pg from 'pg';
import { DomainError } from '../../kernel/decider.ts';
import { createHash } from 'node:crypto';
import { safeKey } from './input-guard.ts';
import { RATE_LIMIT_LOCK } from '../locks.ts';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Buckets are built from input (e-mails, IPs): stored as a hash, so no address sits in
 * the table (issue 26: an erased person's address must not stay behind), and never a
 * NUL or a lone surrogate reaches PostgreSQL.
 */
const bucketKey = (bucket: string) => createHash('sha256').update(safeKey(bucket)).digest('base64url');

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

export class RateLimiter {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => Date,
    /** Multiplies every max: tests that sign in hundreds of times from one IP raise it. */
    private readonly scale = 1,
  ) {}

  /**
   * Counts only the attempts that fail: the hit is recorded before `attempt` runs
   * (so parallel guesses cannot all slip under the limit) and taken back when it
   * succeeds or fails for a reason that is not `countsAsFailure`.
   */
  async failures<T>(buckets: [string, Limit][], attempt: () => Promise<T>, countsAsFailure: (e: unknown) => boolean): Promise<T> {
    const at = await this.hit(buckets);
    try {
      const result = await attempt();
      await this.forget(buckets, at);
      return result;
    } catch (e) {
      if (!countsAsFailure(e)) await this.forget(buckets, at);
      throw e;
    }
  }

  private async forget(buckets: [string, Limit][], at: Date): Promise<void> {
    for (const [bucket] of buckets) {
      await this.pool.query('DELETE FROM rate_limit_hits WHERE ctid = (SELECT ctid FROM rate_limit_hits WHERE bucket = $1 AND at = $2 LIMIT 1)', [bucketKey(bucket), at]);
    }
  }

  /** Records a hit on each bucket; throws 429 if any is already at its limit. Resolves the hit's time. */
  async hit(raw: [string, Limit][]): Promise<Date> {
    const buckets = raw.map(([b, l]): [string, Limit] => [bucketKey(b), l]);
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const now = this.now();
      for (const [bucket, limit] of buckets) {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RATE_LIMIT_LOCK, bucket]);
        const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_hits WHERE bucket = $1 AND at > $2', [
          bucket,
          new Date(now.getTime() - limit.windowMs),
        ]);
        if (rows[0].n >= limit.max * this.scale) {
          await client.query('ROLLBACK');
          throw new DomainError(429, TOO_MANY_ATTEMPTS);
        }
      }
      for (const [bucket] of buckets) await client.query('INSERT INTO rate_limit_hits (bucket, at) VALUES ($1, $2)', [bucket, now]);
      // Old hits are useless; trimming them here keeps the table small without a cron.
      await client.query(`DELETE FROM rate_limit_hits WHERE at < $1`, [new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
      await client.query('COMMIT');
      return now;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }
}

const MINUTE = 60_000;
export const LIMITS = {
  // Failed sign-ins only. Per address *and* IP, so a stranger guessing someone's
  // password from elsewhere never locks the owner out; per IP, so one machine cannot
  // sweep many addresses. A gym's shared IP signs in as often as it likes.
  signInFailuresPerEmailIp: { max: 10, windowMs: 15 * MINUTE },
  signInFailuresPerIp: { max: 100, windowMs: 15 * MINUTE },
  // Access-code sign-ups (the code is the secret being guessed). Invited sign-ups
  // carry an unguessable token and count in their own, roomier bucket.
  signUpPerIp: { max: 10, windowMs: 60 * MINUTE },
  invitedSignUpPerIp: { max: 200, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 60 * MINUTE },
  mailPerEmail: { max: 5, windowMs: 60 * MINUTE },
} satisfies Record<string, Limit>;
