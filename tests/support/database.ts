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

export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const migrated = opts.migrate !== false;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated database (global-setup.ts), or an empty one to migrate.
  await admin.query(migrated ? `CREATE DATABASE ${name} TEMPLATE ${inject('migratedTemplate')}` : `CREATE DATABASE ${name}`);
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
