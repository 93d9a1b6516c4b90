/**
 * The one-time encryption of events stored in plain text before issue 26: sealed in
 * place, positions, versions and ids kept, the same events read back, idempotent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { encryptStoredEvents } from '../src/platform/eventstore/encrypt-stored.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { readToHead } from './support/read-to-head.ts';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

describe('encrypting events stored before', () => {
  it('seals personal fields in place and reads back the same events', async () => {
    const userId = randomUUID();
    const plain = [
      { stream: `user-${userId}`, type: 'UserRegistered', data: { userId, email: 'old@example.com', fullName: 'Olga Oldtimer', isCoach: true, isAthlete: true } },
      {
        stream: `conversation-x`,
        type: 'MessageSent',
        data: { conversationId: 'x', messageId: 'm', senderId: userId, content: 'an old message', messageType: 'text', metadata: {}, replyToId: null, sentAt: 't' },
      },
      { stream: `other-1`, type: 'SomethingElse', data: { note: 'not personal' } },
    ];
    // As an older server wrote them: plain text, straight into the table.
    for (const [i, e] of plain.entries())
      await db.pool
        .query('INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data) VALUES ($1, 0, $2, $3, $4)', [e.stream, randomUUID(), e.type, e.data])
        .then(() => i);
    await db.pool.query('DELETE FROM personal_data_rewrite');
    const rows = async () => (await db.pool.query('SELECT position, tx_id::text, stream_id, stream_version, event_id, data FROM es_events ORDER BY position')).rows;
    const before = await rows();
    const readBefore = await readToHead(store);

    expect(await encryptStoredEvents(db.pool, store.codec)).toBe(2);
    const after = await rows();
    expect(after.map(({ data: _d, ...r }) => r)).toEqual(before.map(({ data: _d, ...r }) => r));
    const text = JSON.stringify(after.map((r) => r.data));
    for (const s of ['old@example.com', 'Olga Oldtimer', 'an old message']) expect(text).not.toContain(s);
    expect(after[0].data.email.$enc).toBe('v1');
    expect(after[2].data).toEqual({ note: 'not personal' });
    expect(await readToHead(store)).toEqual(readBefore);

    // Done once: a later start does nothing, and a forced second pass changes nothing.
    expect(await encryptStoredEvents(db.pool, store.codec)).toBe(0);
    await db.pool.query('DELETE FROM personal_data_rewrite');
    expect(await encryptStoredEvents(db.pool, store.codec)).toBe(0);
    expect((await rows()).map((r) => r.data)).toEqual(after.map((r) => r.data));
  });
});
