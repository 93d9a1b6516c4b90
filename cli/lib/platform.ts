/**
 * The CLI talks to the same database as the server (DATABASE_URL, or the embedded
 * PostgreSQL of this checkout), but never runs projections itself: a CLI process
 * that took a projection's ownership lock would fight the server for it.
 */
import { allProjections } from '../../src/features.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { mailReactor } from '../../src/platform/mail/reactor.ts';
import { startPlatform, type Platform } from '../../src/platform/start.ts';
import { resolveDatabase } from './database.ts';
import { featureReactors } from '../../src/features.ts';
import { assertSchema, explainConnectionError } from './connection.ts';

/** What the logic functions need; tests build it from a test database. */
export type CliPlatform = Pick<Platform, 'pool' | 'store' | 'runner'>;

/**
 * What the server runs (src/server.ts adds the mail reactor to allProjections), so that
 * status shows the mail backlog too. Never run here: the reactor only gets listed.
 */
export function serverProjections(config: Pick<Config, 'appUrl'>): Projection[] {
  return [...allProjections, mailReactor(config.appUrl)];
}

/**
 * Runs `fn` against the platform. Only `schema: 'install'` (`spotter restore`) creates
 * or upgrades the schema, and `'unchecked'` leaves it to `fn` (`spotter migrate`); every
 * other command refuses a database without it (assertSchema). Connection errors become
 * one sentence naming the setting to check.
 */
export async function withPlatform<T>(fn: (platform: Platform) => Promise<T>, opts: { schema?: 'required' | 'install' | 'unchecked' } = {}): Promise<T> {
  const schema = opts.schema ?? 'required';
  const config = await resolveDatabase(loadConfig());
  let platform: Platform;
  try {
    platform = await startPlatform(config, {
      projections: serverProjections(config),
      // Listed in status like the server's (never run here).
      reactors: featureReactors,
      runProjections: false,
      migrate: schema === 'install',
      // A replay of every read model writes through three connections beside its lock, its reader and one spare (rebuild.ts).
      poolSize: 6,
      // stderr, so that `--json` output on stdout stays parseable.
      log: (m) => process.stderr.write(`${m}\n`),
    });
  } catch (e) {
    throw explainConnectionError(e, config);
  }
  try {
    if (schema === 'required') await assertSchema(platform.pool, config).catch((e) => Promise.reject(explainConnectionError(e, config)));
    return await fn(platform);
  } finally {
    // Ends the pool (and the embedded server if this process started it) so the process exits.
    await platform.close();
  }
}
