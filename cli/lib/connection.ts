/**
 * What the CLI says when the database is not the one it expects: one sentence that
 * names the setting to check (DATABASE_URL, or SPOTTER_DATA_DIR for the embedded
 * PostgreSQL), never a raw driver error, and never a schema created on the way.
 */
import type pg from 'pg';
import type { Config } from '../../src/platform/config.ts';
import { pendingMigrations } from '../../src/platform/db/migrations.ts';

/** A database problem the staff member fixes with a setting or `spotter migrate`: exit 1, nothing done. */
export class DatabaseSetupError extends Error {
  readonly exitCode = 1;
}

type Where = Pick<Config, 'databaseUrl' | 'embeddedDataDir'>;

/** "DATABASE_URL (db.example.com:5432/spotter)" without the password, or the embedded data folder. */
export function describeTarget(config: Where): string {
  if (!config.databaseUrl) return `the embedded PostgreSQL (SPOTTER_DATA_DIR ${config.embeddedDataDir})`;
  try {
    const u = new URL(config.databaseUrl);
    return `DATABASE_URL (${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname})`;
  } catch {
    return 'DATABASE_URL (not a valid URL)';
  }
}

const REASONS: Record<string, string> = {
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name does not resolve',
  ECONNREFUSED: 'nothing accepts connections at that address',
  ECONNRESET: 'the connection was cut',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  '28P01': 'the user name or password is wrong',
  '28000': 'the server refused that user',
  '3D000': 'that database does not exist',
};

/** The driver's connection errors as one sentence; other errors are returned as they are. */
export function explainConnectionError(e: unknown, config: Where): Error {
  const err = e as NodeJS.ErrnoException & { code?: string };
  const code = err?.code ?? (err?.message?.startsWith('getaddrinfo ENOTFOUND') ? 'ENOTFOUND' : undefined);
  const reason = code ? REASONS[code] : err instanceof TypeError && /Invalid URL/i.test(err.message) ? 'it is not a valid URL' : undefined;
  if (!reason) return err instanceof Error ? err : new Error(String(e));
  const setting = config.databaseUrl ? 'DATABASE_URL' : 'SPOTTER_DATA_DIR';
  return new DatabaseSetupError(`Cannot connect to ${describeTarget(config)}: ${reason}; check ${setting}.`);
}

/** Refuses a database without the Spotter schema, or with an older one, without changing it. */
export async function assertSchema(pool: pg.Pool, config: Where): Promise<void> {
  const pending = await pendingMigrations(pool);
  const setting = config.databaseUrl ? 'DATABASE_URL' : 'SPOTTER_DATA_DIR';
  if (pending === null)
    throw new DatabaseSetupError(
      `${describeTarget(config)} holds no Spotter database: check ${setting}, or run \`spotter migrate\` to install the schema there (nothing was created).`,
    );
  if (pending.length > 0)
    throw new DatabaseSetupError(
      `${describeTarget(config)} lacks ${pending.length} migration(s) (${pending.join(', ')}): start the server or run \`spotter migrate\` (nothing was changed).`,
    );
}
