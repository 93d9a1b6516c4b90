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
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // drop() ends idle connections from the server side; that is expected, not a failure.
  pool.on('error', () => {});
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
