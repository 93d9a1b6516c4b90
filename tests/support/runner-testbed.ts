/**
 * For a file of projection-runner tests: before each test a database of its own and an
 * event store on it; after it, the runners the test started are stopped (before the
 * database is dropped, or they would poll a database that is gone) and it is dropped.
 */
import { afterEach, beforeEach } from 'vitest';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres.ts';
import type { ProjectionRunner } from '../../src/platform/projections/runner.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface RunnerTestbed {
  db: TestDatabase;
  store: PostgresEventStore;
  /** The runners a test started: push each one. */
  runners: ProjectionRunner[];
}

export function runnerTestbed(): RunnerTestbed {
  const bed = { runners: [] } as unknown as RunnerTestbed;
  beforeEach(async () => {
    bed.db = await createTestDatabase();
    bed.store = new PostgresEventStore(bed.db.pool);
  });
  afterEach(async () => {
    for (const r of bed.runners) await r.stop();
    bed.runners = [];
    await bed.db.drop();
  });
  return bed;
}
