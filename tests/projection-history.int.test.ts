import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import type { StoredEvent } from '../src/platform/eventstore/port.ts';
import { historyReader } from '../src/platform/projections/projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * ProjectionContext.history (issue 28): the earlier events of streams, which performance
 * records and team analytics fold a workout's "before" from instead of keeping a copy.
 */
describe('a projection reading earlier events of streams', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  const userId = '00000000-0000-4000-8000-0000000000b2';
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    // Interleaved, so stream order and global order differ.
    for (let n = 0; n < 4; n++) {
      await store.append('workout-a', [{ type: 'Step', data: { stream: 'a', n } }], n === 0 ? 'no_stream' : n - 1);
      await store.append('workout-b', [{ type: 'Step', data: { stream: 'b', n } }], n === 0 ? 'no_stream' : n - 1);
    }
    await store.append('user-x', [{ type: 'UserRegistered', data: { userId, email: 'x\u0000@example.test', fullName: 'X' }, metadata: { userId } }], 'no_stream');
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const below = new Map([
    ['workout-a', 3],
    ['workout-b', 1],
    ['user-x', 1],
    ['workout-none', 5],
  ]);
  const expected = [
    ['workout-a', 0],
    ['workout-a', 1],
    ['workout-a', 2],
    ['workout-b', 0],
    ['user-x', 0],
  ];
  const key = (e: { stream: string; streamVersion: number }) => [e.stream, e.streamVersion];

  it('hands each stream its events below the version named, in stream order, decrypted, in one read', async () => {
    const events = await historyReader(store)(below);
    expect(events.map(key).sort()).toEqual([...expected].sort());
    expect(events.filter((e) => e.stream === 'workout-a').map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2]);
    expect(events.find((e) => e.stream === 'user-x')?.data).toMatchObject({ email: 'x\u0000@example.test' });
  });

  it('reads the same stream by stream on a store without readBelow (EventStoreDB)', async () => {
    const byStream = historyReader({ readStream: (stream, from) => store.readStream(stream, from) });
    // Each stream in its order; the streams' order among themselves is the store's.
    const inStreamOrder = (events: StoredEvent[]) => [...events].sort((a, b) => a.stream.localeCompare(b.stream) || a.streamVersion - b.streamVersion);
    expect(inStreamOrder(await byStream(below))).toEqual(inStreamOrder(await historyReader(store)(below)));
  });

  it('reads nothing for no stream', async () => {
    expect(await historyReader(store)(new Map())).toEqual([]);
  });
});
