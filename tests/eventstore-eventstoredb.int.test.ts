/**
 * The event store contract against a real EventStoreDB, e.g.
 *   EVENTSTORE_URL='esdb://localhost:2113?tls=false' npx vitest run tests/eventstore-eventstoredb.int.test.ts
 * Without EVENTSTORE_URL the suite is registered but skipped.
 *
 * A server keeps every earlier run's events, so each run uses its own stream type
 * (`contract<random>`, no dash so names stay `<type>-<id>`) and the adapter only reads
 * $all for that prefix.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventStoreDbEventStore } from '../src/platform/eventstore/eventstoredb.ts';
import { runEventStoreContract } from './eventstore-contract.ts';

const url = process.env.EVENTSTORE_URL;

if (!url) console.log('EventStoreDB contract suite skipped: EVENTSTORE_URL is not set');

const runId = randomUUID().replaceAll('-', '');
const prefix = `contract${runId}`;

function connect(streamPrefixes: string[]): EventStoreDbEventStore {
  if (!url) throw new Error('EVENTSTORE_URL is not set');
  return new EventStoreDbEventStore(url, { streamPrefixes });
}

describe.skipIf(!process.env.EVENTSTORE_URL)('eventstoredb adapter', () => {
  runEventStoreContract(
    'eventstoredb',
    () => {
      const store = connect([`${prefix}-`]);
      return Promise.resolve({ store, cleanup: () => store.close() });
    },
    prefix,
  );

  describe('eventstoredb: stream prefix filter', () => {
    const mine = `mine${runId}`;
    const other = `other${runId}`;
    let store: EventStoreDbEventStore;
    let everything: EventStoreDbEventStore;

    beforeAll(() => {
      store = connect([`${mine}-`]);
      everything = connect([`${mine}-`, `${other}-`]);
    });
    afterAll(async () => {
      await store?.close();
      await everything?.close();
    });

    it('reads only streams with a configured prefix and never system events', async () => {
      const before = await everything.headCheckpoint();
      const a = `${mine}-${randomUUID()}`;
      const b = `${other}-${randomUUID()}`;
      await store.append(a, [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
      const last = await store.append(b, [{ type: 'Counted', data: { n: 2 } }], 'no_stream');

      const seen = await store.readAll(before, 100);
      expect(seen.map((e) => e.stream)).toEqual([a]);
      expect(seen.every((e) => !e.stream.startsWith('$') && !e.type.startsWith('$'))).toBe(true);
      expect((await everything.readAll(before, 100)).map((e) => e.stream)).toEqual([a, b]);

      // The head of the filtered store is its own last event, not the other stream's.
      expect(await store.headCheckpoint()).toBe(seen[0].checkpoint);
      expect(await everything.headCheckpoint()).toBe(last.checkpoint);
    });

    it('hands out fixed-width commit:prepare checkpoints', async () => {
      const r = await store.append(`${mine}-${randomUUID()}`, [{ type: 'Counted', data: { n: 3 } }], 'no_stream');
      expect(r.checkpoint).toMatch(/^\d{20}:\d{20}$/);
    });
  });
});
