/** A fresh, migrated database per test file, on the run's real PostgreSQL. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './database-url.ts';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop: () => Promise<void>;
}

/**
 * A test's own pool on a database the test will drop or stop. Dropping ends idle
 * connections from the server side, and so can a stop right after `pool.end()`, which
 * resolves once its clients are told to end, not once their backends are gone (57P01).
 * That is expected at teardown, not a failure; unheard, it would be an uncaught exception
 * (it ended a CI run so, from tests/privacy-restore.int.test.ts).
 */
export function testPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {});
  return pool;
}

/**
 * `migrate: false`: an empty database. `installed`: also every projection of the server
 * installed, as a server's first start leaves the database (support/server.ts).
 */
export async function createTestDatabase(opts: { migrate?: boolean; installed?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const migrated = opts.migrate !== false;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of one of the run's prepared databases (global-setup.ts), or an empty one.
  const template = opts.installed ? inject('installedTemplate') : inject('migratedTemplate');
  await admin.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = testPool(url, 20);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
