import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { runEventStoreContract } from './eventstore-contract.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

runEventStoreContract('postgres', async () => {
  const db = await createTestDatabase();
  return { store: new PostgresEventStore(db.pool), cleanup: db.drop };
});

describe('postgres event store: late commits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.drop());

  it('does not hand out an event while an earlier transaction is still open', async () => {
    const store = new PostgresEventStore(db.pool);
    // Holds a position that was handed out first but commits last.
    const slow = await db.pool.connect();
    await slow.query('BEGIN');
    await slow.query(`SELECT * FROM es_append('late-1', 'late', -1, '[{"id":"00000000-0000-4000-8000-000000000001","type":"Late","data":{}}]')`);
    await store.append('early-1', [{ type: 'Early', data: {} }], 'no_stream');
    expect(await store.readAll(null, 100)).toEqual([]);
    await slow.query('COMMIT');
    slow.release();
    // Other databases' transactions on the same server hold xmin back for a moment too.
    await expect.poll(async () => (await store.readAll(null, 100)).map((e) => e.type)).toEqual(['Late', 'Early']);
  });
});
