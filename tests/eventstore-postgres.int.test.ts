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

  it('is not held back by a long transaction that does not append', async () => {
    const store = new PostgresEventStore(db.pool);
    // A transaction with an xid (it wrote), left open: a report, a projection's batch, psql.
    const idle = await db.pool.connect();
    await idle.query('BEGIN');
    await idle.query('CREATE TEMP TABLE IF NOT EXISTS scratch (n int)');
    await idle.query('INSERT INTO scratch VALUES (1)');
    try {
      const { checkpoint } = await store.append('unrelated-1', [{ type: 'Appended', data: {} }], 'no_stream');
      // Polled: a transaction of another test file's database finishing at that very moment may hold it back briefly.
      await expect.poll(async () => (await store.readAll(null, 1000)).map((e) => e.checkpoint)).toContain(checkpoint);
    } finally {
      await idle.query('ROLLBACK');
      idle.release();
    }
  });

  it('still holds back what follows an append whose transaction commits late, and then hands out both in order', async () => {
    const store = new PostgresEventStore(db.pool);
    const after = await store.headCheckpoint();
    const slow = await db.pool.connect();
    await slow.query('BEGIN');
    await slow.query(`SELECT * FROM es_append('late-2', 'late', -1, '[{"id":"00000000-0000-4000-8000-000000000002","type":"Late2","data":{}}]')`);
    // An unrelated long transaction too: it must not matter either way.
    const idle = await db.pool.connect();
    await idle.query('BEGIN');
    await idle.query('SELECT pg_current_xact_id()');
    await store.append('early-2', [{ type: 'Early2', data: {} }], 'no_stream');
    expect((await store.readAll(after, 100)).map((e) => e.type)).toEqual([]);
    await slow.query('COMMIT');
    slow.release();
    await expect.poll(async () => (await store.readAll(after, 100)).map((e) => e.type)).toEqual(['Late2', 'Early2']);
    await idle.query('ROLLBACK');
    idle.release();
  });

  it('refuses an append that is not the first write of its transaction', async () => {
    const c = await db.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_current_xact_id()');
      await expect(c.query(`SELECT * FROM es_append('late-3', 'late', -1, '[{"id":"00000000-0000-4000-8000-000000000003","type":"Late3","data":{}}]')`)).rejects.toMatchObject({ code: 'SP001' });
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});
