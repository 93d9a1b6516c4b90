/**
 * `spotter erase --user <email>`: staff erase an account, the same erasure as Settings →
 * Delete account (src/privacy), recorded with the operating-system user who ran it.
 */
import { eraseAccount } from '../../src/privacy/index.ts';
import type { CliPlatform } from './platform.ts';

export interface EraseTarget {
  userId: string;
  email: string;
  name: string;
}

export class UnknownAccount extends Error {}

/** The account behind an address, from the profiles read model; an erased one is no longer there by its address. */
export async function findAccount(platform: Pick<CliPlatform, 'pool'>, email: string): Promise<EraseTarget> {
  const { rows } = await platform.pool.query<{ user_id: string; email: string; name: string | null }>(
    "SELECT user_id::text, email, coalesce(nullif(display_name, ''), full_name) AS name FROM user_profiles WHERE lower(email) = lower($1)",
    [email.trim()],
  );
  if (!rows[0]) throw new UnknownAccount(`no account with the e-mail address ${email}`);
  return { userId: rows[0].user_id, email: rows[0].email, name: rows[0].name ?? '' };
}

export interface EraseReport {
  userId: string;
  email: string;
  erased: true;
  rebuilt: string[];
  eraseLog: string | null;
  elapsedMs: number;
}

export async function runErase(platform: CliPlatform, target: EraseTarget, opts: { staff: string; eraseLog?: string; log?: (m: string) => void }): Promise<EraseReport> {
  const started = performance.now();
  const result = await eraseAccount(
    { pool: platform.pool, store: platform.store, projections: platform.runner.projections(), log: opts.log, eraseLog: opts.eraseLog },
    target.userId,
    'staff',
    opts.staff,
  );
  return { userId: result.userId, email: target.email, erased: true, rebuilt: result.rebuilt, eraseLog: opts.eraseLog ?? null, elapsedMs: performance.now() - started };
}
