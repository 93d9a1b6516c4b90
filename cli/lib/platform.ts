/**
 * The CLI talks to the same database as the server (DATABASE_URL, or the embedded
 * PostgreSQL of this checkout), but never runs projections itself: a CLI process
 * that took a projection's ownership lock would fight the server for it.
 */
import { loadConfig } from '../../src/config.ts';
import { startPlatform, type Platform } from '../../src/platform.ts';

/** What the logic functions need; tests build it from a test database. */
export type CliPlatform = Pick<Platform, 'pool' | 'store' | 'runner'>;

export async function withPlatform<T>(fn: (platform: Platform) => Promise<T>): Promise<T> {
  const platform = await startPlatform(loadConfig(), {
    runProjections: false,
    poolSize: 4,
    // stderr, so that `--json` output on stdout stays parseable.
    log: (m) => process.stderr.write(`${m}\n`),
  });
  try {
    return await fn(platform);
  } finally {
    // Ends the pool (and the embedded server if this process started it) so the process exits.
    await platform.close();
  }
}
