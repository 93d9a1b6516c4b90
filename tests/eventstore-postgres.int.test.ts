import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { appendStats, PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { WrongExpectedVersionError } from '../src/platform/eventstore/port.ts';
import { runEventStoreContract } from './eventstore-contract.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

runEventStoreContract('postgres', async () => {
  const db = await createTestDatabase();
  return { store: new PostgresEventStore(db.pool), cleanup: db.drop };
});

/** What an append writes, sent by hand inside a transaction the test keeps open. */
const appendByHand = (stream: string, id: string, type: string) =>
  `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data) VALUES ('${stream}', 0, '${id}', '${type}', '{}')`;

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
    await slow.query(appendByHand('late-1', '00000000-0000-4000-8000-000000000001', 'Late'));
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
    await slow.query(appendByHand('late-2', '00000000-0000-4000-8000-000000000002', 'Late2'));
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

  it('hands a reader that follows the store every event once, in order, while appends commit side by side', async () => {
    const from = await new PostgresEventStore(db.pool).headCheckpoint();
    const reader = new PostgresEventStore(db.pool);
    // Writers with batchers of their own: their statements commit on separate connections, in any order.
    const writers = Array.from({ length: 6 }, () => new PostgresEventStore(db.pool));
    const perWriter = 60;
    const written = Promise.all(
      writers.map(async (w, k) => {
        for (let n = 0; n < perWriter; n++) await w.append(`follow-${k}-${n % 5}`, [{ type: `Follow${k}`, data: { n } }], 'any');
      }),
    );
    const seen: { id: string; checkpoint: string }[] = [];
    let at = from;
    let done = false;
    void written.finally(() => (done = true));
    // Small pages, read as fast as they come: a page's horizon is asked while appends are committing.
    for (let idle = 0; idle < 3;) {
      const page = await reader.readAll(at, 7);
      for (const e of page) if (e.type.startsWith('Follow')) seen.push({ id: e.id, checkpoint: e.checkpoint });
      if (page.length) at = page[page.length - 1].checkpoint;
      else if (done) idle++;
      else await new Promise((r) => setImmediate(r));
    }
    await written;
    expect(seen.length).toBe(writers.length * perWriter);
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    expect(seen.map((e) => e.checkpoint)).toEqual([...seen.map((e) => e.checkpoint)].sort());
    await Promise.all([reader, ...writers].map((s) => s.close()));
  });

  it('refuses an append that is not the first write of its transaction', async () => {
    const c = await db.pool.connect();
    try {
      await c.query('BEGIN');
      await c.query('SELECT pg_current_xact_id()');
      await expect(c.query(appendByHand('late-3', '00000000-0000-4000-8000-000000000003', 'Late3'))).rejects.toMatchObject({
        code: 'SP001',
      });
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});

describe('postgres event store: appends sent together', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => db.drop());

  const event = (type: string, id?: string) => ({ type, data: { type }, ...(id ? { id } : {}) });

  it('shares statements between concurrent appends, each caller getting its own stream version', async () => {
    const before = { ...appendStats };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => store.append(`group-${i}`, [event('A'), event('B')], 'no_stream')));
    expect(results.map((r) => r.nextExpectedVersion)).toEqual(Array.from({ length: 40 }, () => 1));
    expect(appendStats.statements - before.statements).toBeLessThan(40);
    for (const i of [0, 17, 39])
      expect((await store.readStream(`group-${i}`)).map((e) => [e.type, e.streamVersion])).toEqual([
        ['A', 0],
        ['B', 1],
      ]);
  });

  it('refuses only the stale append of a group and writes the others', async () => {
    await store.append('stale-1', [event('First')], 'no_stream');
    const outcomes = await Promise.allSettled([
      store.append('fresh-1', [event('Fresh')], 'no_stream'),
      store.append('stale-1', [event('Stale')], 'no_stream'),
      store.append('fresh-2', [event('Fresh')], 'no_stream'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readStream('stale-1')).map((e) => e.type)).toEqual(['First']);
    expect((await store.readStream('fresh-2')).map((e) => e.type)).toEqual(['Fresh']);
  });

  it('refuses only the append that repeats an event id', async () => {
    const id = '00000000-0000-4000-8000-00000000dd01';
    await store.append('dup-1', [event('Original', id)], 'no_stream');
    const outcomes = await Promise.allSettled([store.append('dup-2', [event('Repeat', id)], 'no_stream'), store.append('dup-3', [event('Other')], 'no_stream')]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(await store.readStream('dup-2')).toEqual([]);
  });

  it("appends 'any' and 'stream_exists' in a shared statement at each stream's own head, refusing only the missing stream", async () => {
    await store.append('head-a', [event('A0'), event('A1'), event('A2')], 'no_stream');
    await store.append('head-b', [event('B0')], 'no_stream');
    const before = { ...appendStats };
    const outcomes = await Promise.allSettled([
      store.append('head-a', [event('A3'), event('A4')], 'any'),
      store.append('head-b', [event('B1')], 'stream_exists'),
      store.append('head-new', [event('N0')], 'any'),
      store.append('head-missing', [event('M0')], 'stream_exists'),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.nextExpectedVersion : 'refused'))).toEqual([4, 1, 0, 'refused']);
    const refused = (outcomes[3] as PromiseRejectedResult).reason as WrongExpectedVersionError;
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused.actual).toBeNull();
    expect(appendStats.statements - before.statements).toBeLessThan(4);
    expect((await store.readStream('head-a')).map((e) => [e.type, e.streamVersion])).toEqual([
      ['A0', 0],
      ['A1', 1],
      ['A2', 2],
      ['A3', 3],
      ['A4', 4],
    ]);
    expect((await store.readStream('head-b')).map((e) => e.type)).toEqual(['B0', 'B1']);
    expect(await store.readStream('head-missing')).toEqual([]);
  });

  it("gives concurrent 'any' appends of several processes to one stream gap-free versions, each process's in the order it sent them", async () => {
    const writers = Array.from({ length: 4 }, () => new PostgresEventStore(db.pool));
    try {
      const results = await Promise.all(writers.map((w, p) => Promise.all(Array.from({ length: 15 }, (_, n) => w.append('contended', [event(`p${p}-${n}`)], 'any')))));
      const versions = results.flat().map((r) => r.nextExpectedVersion);
      expect([...versions].sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, v) => v));
      const stored = await store.readStream('contended');
      expect(stored.map((e) => e.streamVersion)).toEqual(Array.from({ length: 60 }, (_, v) => v));
      for (let p = 0; p < writers.length; p++) {
        const own = stored.filter((e) => e.type.startsWith(`p${p}-`));
        expect(own.map((e) => e.type)).toEqual(Array.from({ length: 15 }, (_, n) => `p${p}-${n}`));
        expect(own.map((e) => e.streamVersion)).toEqual(results[p].map((r) => r.nextExpectedVersion));
      }
    } finally {
      await Promise.all(writers.map((w) => w.close()));
    }
  });

  it('keeps a process’s appends to one stream in order when the second is sent before the first is answered', async () => {
    const first = store.append('ordered-1', [event('One')], 'no_stream');
    const second = store.append('ordered-1', [event('Two')], 0);
    expect((await Promise.all([first, second])).map((r) => r.nextExpectedVersion)).toEqual([0, 1]);
    expect((await store.readStream('ordered-1')).map((e) => e.type)).toEqual(['One', 'Two']);
  });
});
