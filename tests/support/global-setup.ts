/**
 * Starts one real PostgreSQL for the test run: the embedded one by default, or the
 * server in TEST_DATABASE_URL. Test files create their own databases from it, as
 * copies of two prepared here (support/database.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { migrate } from '../../src/platform/db/migrations.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { startServer } from '../../src/server.ts';
import { withDatabase } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** A database with every migration applied, which test databases are created from. */
    migratedTemplate: string;
    /** The same with every projection of the server installed, as its first start leaves it (support/server.ts starts from it). */
    installedTemplate: string;
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
  installedTemplate: string;
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
 * Prepares the databases test databases copy (CREATE DATABASE … TEMPLATE): one migrated,
 * and one where a server has also started once. Measured on our 2-core machines: a copy
 * cost about 96 ms of CPU against 316 ms for running the migrations, and a test server's
 * start and close 2.7 CPU-s from the second copy against 4.1 from the first (23
 * connections and 665 transactions then, 12 and 133 now), a few hundred times a run.
 */
async function withTemplate(url: string, stopServer: () => Promise<void>): Promise<Postgres> {
  const suffix = randomBytes(6).toString('hex');
  const template = `template_${suffix}`;
  const installedTemplate = `installed_${suffix}`;
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
    await admin.query(`CREATE DATABASE ${installedTemplate} TEMPLATE ${template}`);
    // A server's first start: the projections' tables, the shipped exercise catalogue
    // and what it generates once (secrets, push keys), in-process and not listening.
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-outbox-'));
    const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', OUTBOX_DIR: outboxDir }), databaseUrl: withDatabase(url, installedTemplate) };
    const server = await startServer(config, { projections: 'in-process', listen: false, log: () => {} });
    await server.close();
    await fs.rm(outboxDir, { recursive: true, force: true });
  } finally {
    await admin.end();
  }
  return {
    url,
    template,
    installedTemplate,
    async stop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        for (const name of [template, installedTemplate]) await c.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await c.end();
      }
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
  project.provide('installedTemplate', server.installedTemplate);
  return async () => {
    if (--shared.users > 0) return;
    delete g[SHARED];
    await server.stop();
  };
}
