import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { readToHead } from './support/read-to-head.ts';

/** readAll's `dataOf` (issue 28): a rebuild reads every event but needs the data of its own types only. */
describe('postgres event store: reading all events with the data of some types', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    const userId = '00000000-0000-4000-8000-0000000000a1';
    await store.append(
      `user-${userId}`,
      [{ type: 'UserRegistered', data: { userId, email: 'ada\u0000@example.test', fullName: 'Ada \ud800 Lovelace' }, metadata: { userId } }],
      'no_stream',
    );
    await store.append('other-1', [{ type: 'SomethingElse', data: { big: 'x'.repeat(5000) }, metadata: { userId } }], 'no_stream');
    await store.append(`user-${userId}`, [{ type: 'ProfileUpdated', data: { userId, displayName: 'Ada' }, metadata: { userId } }], 0);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('hands out every event in order, with data and metadata only for the listed types, decrypted', async () => {
    const all = await readToHead(store);
    const some = await readToHead(store, 100, ['UserRegistered', 'ProfileUpdated']);
    expect(some.map((e) => [e.type, e.checkpoint, e.stream, e.streamVersion])).toEqual(all.map((e) => [e.type, e.checkpoint, e.stream, e.streamVersion]));
    // Decrypted as readAll decrypts it (the lone surrogate reads back as U+FFFD either way).
    expect(some[0].data).toEqual(all[0].data);
    expect(some[0].data).toMatchObject({ email: 'ada\u0000@example.test' });
    expect(some[0].metadata).toEqual(all[0].metadata);
    expect(some[1]).toMatchObject({ type: 'SomethingElse', data: null, metadata: {} });
    expect(some[2].data).toEqual({ userId: '00000000-0000-4000-8000-0000000000a1', displayName: 'Ada' });
  });

  it('leaves the data of every event out when no listed type occurs, and pages as readAll does', async () => {
    // Two of the three events: read again while the horizon stops short (see support/read-to-head.ts).
    const first = await vi.waitFor(async () => {
      const two = await store.readAll(null, 2, ['NotThere']);
      expect(two.map((e) => e.data)).toEqual([null, null]);
      return two;
    });
    await vi.waitFor(async () => {
      const rest = await store.readAll(first[1].checkpoint, 2, ['NotThere']);
      expect(rest.map((e) => e.type)).toEqual(['ProfileUpdated']);
    });
  });

  it('reads envelopes alone when no type is wanted: the same events, ids, times and checkpoints, no data or metadata', async () => {
    const all = await readToHead(store);
    const envelopes = await readToHead(store, 100, []);
    const envelopeOf = (e: (typeof all)[number]) => ({ ...e, data: null, metadata: {} });
    expect(envelopes).toEqual(all.map(envelopeOf));
    // Paged from an envelope's checkpoint, as a rebuild pages.
    await vi.waitFor(async () => {
      const rest = await store.readAll(envelopes[0].checkpoint, 100, []);
      expect(rest).toEqual(all.slice(1).map(envelopeOf));
    });
  });
});
