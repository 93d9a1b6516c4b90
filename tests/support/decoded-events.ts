/**
 * Every event in a database as the application reads it: personal fields decrypted
 * (issue 26), so a test can find a workout by its name. Raw SQL over es_events sees
 * only the encrypted envelopes.
 */
import type pg from 'pg';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres.ts';
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';

export async function decodedEvents(pool: pg.Pool, keep: (e: StoredEvent) => boolean = () => true): Promise<StoredEvent[]> {
  const store = new PostgresEventStore(pool);
  const kept: StoredEvent[] = [];
  try {
    for (let after: string | null = null; ;) {
      const page = await store.readAll(after, 5_000);
      if (page.length === 0) return kept;
      for (const e of page) if (keep(e)) kept.push(e);
      after = page[page.length - 1].checkpoint;
    }
  } finally {
    // The store's key ring holds a LISTEN connection of its own.
    await store.close();
  }
}
