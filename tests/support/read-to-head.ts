/**
 * Every event up to the store's head, as a projection reads them.
 *
 * One readAll can stop short of the newest events: the read horizon (es_read_horizon in
 * src/platform/db/migrations.ts) stops below any transaction that finished while it was
 * being computed, and the test cluster is shared with other test files whose
 * transactions come and go. A projection simply reads again on its next poll; a test that
 * reads once and compares would see a shorter log. So this reads again until the last
 * event read is the head (nothing else may be appending meanwhile).
 */
import { expect, vi } from 'vitest';
import type { EventStore, StoredEvent } from '../../src/platform/eventstore/port.ts';

export async function readToHead(store: EventStore, limit = 100_000, dataOf?: readonly string[]): Promise<StoredEvent[]> {
  let events: StoredEvent[] = [];
  await vi.waitFor(
    async () => {
      const head = await store.headCheckpoint();
      events = await store.readAll(null, limit, dataOf);
      expect(events.at(-1)?.checkpoint ?? null).toBe(head);
    },
    { timeout: 20_000, interval: 50 },
  );
  return events;
}
