/**
 * Starts one real PostgreSQL for the test run: the embedded one by default, or the
 * server in TEST_DATABASE_URL. Test files create their own databases from it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * Vitest runs a global setup once per project of the config, even a project that the
 * command line filtered out (`--project e2e`), so each vitest process started two
 * PostgreSQL servers and used one. The server is shared by the projects of a process
 * (kept on globalThis, as each project may load this module afresh) and stopped after
 * the last one.
 */
interface SharedServer {
  started: Promise<{ url: string; stop: () => Promise<void> }>;
  users: number;
}
const SHARED = Symbol.for('spotter.test-postgres');
type WithShared = typeof globalThis & { [SHARED]?: SharedServer };

async function startPostgres() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-test-pg-'));
  await fs.chmod(dir, 0o777);
  // Not durable: the run's data is thrown away, and no test crashes the operating system.
  const db = await startEmbeddedPostgres(path.join(dir, 'data'), { durable: false });
  return {
    url: db.url,
    async stop() {
      await db.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const g = globalThis as WithShared;
  const shared = (g[SHARED] ??= { started: startPostgres(), users: 0 });
  shared.users++;
  const server = await shared.started;
  project.provide('adminDatabaseUrl', server.url);
  return async () => {
    if (--shared.users > 0) return;
    delete g[SHARED];
    await server.stop();
  };
}
