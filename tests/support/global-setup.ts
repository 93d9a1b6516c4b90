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

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-test-pg-'));
  await fs.chmod(dir, 0o777);
  const db = await startEmbeddedPostgres(path.join(dir, 'data'));
  project.provide('adminDatabaseUrl', db.url);
  return async () => {
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
