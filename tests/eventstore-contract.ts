/**
 * The event store contract: every adapter of src/eventstore/port.ts must pass it.
 * Streams are unique per test, so a store with older data passes too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersionError, type EventStore } from '../src/platform/eventstore/port.ts';

export function runEventStoreContract(name: string, makeStore: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>, streamPrefix = 'contract') {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let cleanup: () => Promise<void>;
    const stream = () => `${streamPrefix}-${randomUUID()}`;
    const ev = (n: number) => ({ type: 'Counted', data: { n } });

    beforeAll(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterAll(async () => cleanup?.());

    it('creates a stream with no_stream and refuses a second no_stream append', async () => {
      const s = stream();
      const r = await store.append(s, [ev(1), ev(2)], 'no_stream');
      expect(r.nextExpectedVersion).toBe(1);
      await expect(store.append(s, [ev(3)], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect((await store.readStream(s)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    });

    it('appends at the exact expected version and refuses a stale one', async () => {
      const s = stream();
      await store.append(s, [ev(1)], 'no_stream');
      const r = await store.append(s, [ev(2)], 0);
      expect(r.nextExpectedVersion).toBe(1);
      const err = await store.append(s, [ev(3)], 0).catch((e) => e);
      expect(err).toBeInstanceOf(WrongExpectedVersionError);
      expect(err.actual).toBe(1);
      expect((await store.readStream(s)).map((e) => e.streamVersion)).toEqual([0, 1]);
    });

    it('refuses an exact version on a stream that does not exist', async () => {
      await expect(store.append(stream(), [ev(1)], 0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });

    it('appends with any whether or not the stream exists', async () => {
      const s = stream();
      await store.append(s, [ev(1)], 'any');
      const r = await store.append(s, [ev(2), ev(3)], 'any');
      expect(r.nextExpectedVersion).toBe(2);
    });

    it('requires an existing stream with stream_exists', async () => {
      const s = stream();
      await expect(store.append(s, [ev(1)], 'stream_exists')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await store.append(s, [ev(1)], 'no_stream');
      expect((await store.append(s, [ev(2)], 'stream_exists')).nextExpectedVersion).toBe(1);
    });

    it('reads a stream from a given version on', async () => {
      const s = stream();
      await store.append(s, [1, 2, 3, 4].map(ev), 'no_stream');
      expect((await store.readStream(s, 2)).map((e) => [e.streamVersion, e.data])).toEqual([
        [2, { n: 3 }],
        [3, { n: 4 }],
      ]);
      expect(await store.readStream(s, 4)).toEqual([]);
    });

    it('reads at most maxCount events of a stream, from a given version on', async () => {
      const s = stream();
      await store.append(s, [1, 2, 3, 4, 5].map(ev), 'no_stream');
      expect((await store.readStream(s, 0, 1)).map((e) => e.data)).toEqual([{ n: 1 }]);
      expect((await store.readStream(s, 1, 2)).map((e) => [e.streamVersion, e.data])).toEqual([
        [1, { n: 2 }],
        [2, { n: 3 }],
      ]);
      expect((await store.readStream(s, 3, 10)).map((e) => e.streamVersion)).toEqual([3, 4]);
      expect(await store.readStream(stream(), 0, 1)).toEqual([]);
      await expect(store.readStream(s, 0, 0)).rejects.toBeInstanceOf(RangeError);
    });

    it('returns an empty list for a stream that does not exist', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('keeps id, type, schema version and metadata', async () => {
      const s = stream();
      const id = randomUUID();
      await store.append(s, [{ id, type: 'Typed', data: { a: 'b' }, schemaVersion: 1, metadata: { userId: 'u1', commandId: 'c1', correlationId: 'k1' } }], 'no_stream');
      const [e] = await store.readStream(s);
      expect(e).toMatchObject({ id, type: 'Typed', stream: s, streamVersion: 0, schemaVersion: 1, data: { a: 'b' } });
      expect(e.metadata).toMatchObject({ userId: 'u1', commandId: 'c1', correlationId: 'k1' });
      expect(e.time).toBeInstanceOf(Date);
    });

    it('reads all events in append order from a checkpoint, exclusive', async () => {
      const before = await store.headCheckpoint();
      const a = stream();
      const b = stream();
      await store.append(a, [ev(1)], 'no_stream');
      const mid = await store.append(b, [ev(2)], 'no_stream');
      await store.append(a, [ev(3)], 0);
      // An event becomes readable once no older transaction can still commit (on a
      // shared test server other databases' transactions count too): poll, not sleep.
      const ns = async (from: string | null) => (await readEverything(store, from)).filter((e) => e.stream === a || e.stream === b).map((e) => (e.data as { n: number }).n);
      await expect.poll(() => ns(before)).toEqual([1, 2, 3]);
      await expect.poll(() => ns(mid.checkpoint)).toEqual([3]);
    });

    it('hands out checkpoints that sort in global order', async () => {
      const s = stream();
      const r1 = await store.append(s, [ev(1)], 'no_stream');
      const r2 = await store.append(s, [ev(2)], 0);
      expect(r1.checkpoint < r2.checkpoint).toBe(true);
      const read = (await store.readStream(s)).map((e) => e.checkpoint);
      expect(read).toEqual([r1.checkpoint, r2.checkpoint]);
    });

    it('pages through readAll with a limit', async () => {
      const before = await store.headCheckpoint();
      const s = stream();
      await store.append(s, [1, 2, 3, 4, 5].map(ev), 'no_stream');
      await expect.poll(async () => (await readEverything(store, before)).filter((e) => e.stream === s).length).toBe(5);
      const ours = (await readEverything(store, before)).filter((e) => e.stream === s);
      // Reading from the second of our events with a limit of 2 gives the next two.
      const page = await store.readAll(ours[1].checkpoint, 2);
      expect(page.map((e) => [e.stream, e.streamVersion])).toEqual([
        [s, 2],
        [s, 3],
      ]);
    });

    it('tells in-process listeners about each append', async () => {
      const seen: string[] = [];
      const off = store.onAppended((c) => seen.push(c));
      const r = await store.append(stream(), [ev(1)], 'no_stream');
      off();
      await store.append(stream(), [ev(2)], 'no_stream');
      expect(seen).toEqual([r.checkpoint]);
    });
  });
}

async function readEverything(store: EventStore, from: string | null) {
  const out = [];
  let after = from;
  for (;;) {
    const batch = await store.readAll(after, 500);
    if (batch.length === 0) return out;
    out.push(...batch);
    after = batch[batch.length - 1].checkpoint;
  }
}
