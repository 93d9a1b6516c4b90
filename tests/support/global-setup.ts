/**
 * Starts one real PostgreSQL for the test run: the embedded one by default, or the
 * server in TEST_DATABASE_URL. Test files create their own databases from it, as
 * copies of one migrated here (support/database.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { migrate } from '../../src/platform/db/migrations.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database with every migration applied, which test databases are created from. */
    migratedTemplate: string;
  }
}

/**
 * Vitest runs a global setup once per project of the config, even a project that the
 * command line filtered out (`--project e2e`), so each vitest process started two
 * PostgreSQL servers and used one. The server is shared by the projects of a process
 * (kept on globalThis, as each project may load this module afresh) and stopped after
 * the last one.
 */
interface Postgres {
  url: string;
  template: string;
  stop: () => Promise<void>;
}
interface SharedServer {
  started: Promise<Postgres>;
  users: number;
}
const SHARED = Symbol.for('spotter.test-postgres');
type WithShared = typeof globalThis & { [SHARED]?: SharedServer };

async function startPostgres(): Promise<Postgres> {
  if (process.env.TEST_DATABASE_URL) return withTemplate(process.env.TEST_DATABASE_URL, async () => {});
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-test-pg-'));
  await fs.chmod(dir, 0o777);
  // Not durable: the run's data is thrown away, and no test crashes the operating system.
  const db = await startEmbeddedPostgres(path.join(dir, 'data'), { durable: false });
  return withTemplate(db.url, async () => {
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
  });
}

/**
 * Migrates one database for the run, which test databases copy (CREATE DATABASE …
 * TEMPLATE): a copy cost the machine about 96 ms of CPU, running the migrations into
 * each new database 316 ms, a few hundred times a run.
 */
async function withTemplate(url: string, stopServer: () => Promise<void>): Promise<Postgres> {
  const template = `template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    const pool = new pg.Pool({ connectionString: withDatabase(url, template), max: 1 });
    try {
      await migrate(pool);
    } finally {
      // A template must have no connections while it is copied.
      await pool.end();
    }
  } finally {
    await admin.end();
  }
  return {
    url,
    template,
    async stop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${template}`).finally(() => c.end());
      await stopServer();
    },
  };
}

export default async function setup(project: TestProject) {
  const g = globalThis as WithShared;
  const shared = (g[SHARED] ??= { started: startPostgres(), users: 0 });
  shared.users++;
  const server = await shared.started;
  project.provide('adminDatabaseUrl', server.url);
  project.provide('migratedTemplate', server.template);
  return async () => {
    if (--shared.users > 0) return;
    delete g[SHARED];
    await server.stop();
  };
}
