/** `spotter retention`: the server's retention sweep (src/retention/), run now with the periods of this environment. */
import type pg from 'pg';
import { loadConfig } from '../../src/platform/config.ts';
import { sweepRetention, type RetentionLine } from '../../src/retention/index.ts';

export async function runRetention(pool: pg.Pool, opts: { dryRun: boolean; now?: Date; env?: NodeJS.ProcessEnv }): Promise<RetentionLine[]> {
  return sweepRetention(pool, loadConfig(opts.env).retention, opts.now ?? new Date(), { dryRun: opts.dryRun });
}
