/**
 * The command path (issue 16): a version conflict keeps its connection, commands on
 * one stream in one process run one after another without conflicts, and across two
 * processes (two stores with their own caches and queues) conflicts are retried.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { WrongExpectedVersionError } from '../src/platform/eventstore/port.ts';
import { commandStats, handleCommand } from '../src/platform/handle-command.ts';
import type { Decider, DomainEvent } from '../src/kernel/decider.ts';
import { DomainError } from '../src/kernel/decider.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

type Added = DomainEvent<'Added', { n: number; total: number }>;
/** A tally: each command adds n; the total may not pass a cap. */
const tally: Decider<{ total: number; count: number }, { n: number; cap?: number }, Added> = {
  initialState: () => ({ total: 0, count: 0 }),
  evolve: (s, e) => ({ total: e.data.total, count: s.count + 1 }),
  decide: (c, s) => {
    if (c.cap !== undefined && s.total + c.n > c.cap) throw new DomainError(409, 'over the cap');
    return c.n === 0 ? [] : [{ type: 'Added', data: { n: c.n, total: s.total + c.n } }];
  },
};

async function streamEvents(stream: string) {
  const { rows } = await db.pool.query(`SELECT stream_version, data FROM es_events WHERE stream_id = $1 ORDER BY stream_version`, [stream]);
  return rows as { stream_version: number; data: { n: number; total: number } }[];
}

describe('command path', () => {
  it('keeps its connection through 100 version conflicts', async () => {
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    let opened = 0;
    pool.on('connect', () => opened++);
    const store = new PostgresEventStore(pool);
    await store.append('conflict-1', [{ type: 'Added', data: { n: 1, total: 1 } }], 'no_stream');
    const before = opened;
    let conflicts = 0;
    for (let i = 0; i < 100; i++) {
      await store.append('conflict-1', [{ type: 'Added', data: { n: 1, total: 2 } }], 'no_stream').catch((e) => {
        if (e instanceof WrongExpectedVersionError) conflicts++;
        else throw e;
      });
    }
    expect(conflicts).toBe(100);
    expect(opened).toBe(before);
    // And the connection still works.
    expect((await store.append('conflict-1', [{ type: 'Added', data: { n: 1, total: 2 } }], 0)).nextExpectedVersion).toBe(1);
    await pool.end();
  });

  it('runs 60 concurrent commands on one stream in one process in order, without a conflict', async () => {
    const store = new PostgresEventStore(db.pool);
    const conflicts = commandStats.conflicts;
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => handleCommand(store, 'tally-one', tally, { n: i + 1 }, { userId: null })));
    expect(results.map((r) => r.append!.nextExpectedVersion)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(commandStats.conflicts).toBe(conflicts);
    const events = await streamEvents('tally-one');
    expect(events.map((e) => e.data.n)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(events.at(-1)!.data.total).toBe((60 * 61) / 2);
  });

  it('retries conflicts between two processes so every command lands once, on the latest state', async () => {
    // Two stores: two caches and two queues, as two server processes have.
    const a = new PostgresEventStore(db.pool);
    const b = new PostgresEventStore(db.pool);
    const run = (store: PostgresEventStore, from: number) => Array.from({ length: 25 }, (_, i) => handleCommand(store, 'tally-two', tally, { n: from + i }, { userId: null }));
    const results = await Promise.all([...run(a, 1), ...run(b, 101)]);
    expect(results.every((r) => r.append)).toBe(true);
    const events = await streamEvents('tally-two');
    expect(events).toHaveLength(50);
    expect(events.map((e) => e.data.n).sort((x, y) => x - y)).toEqual([...Array.from({ length: 25 }, (_, i) => 1 + i), ...Array.from({ length: 25 }, (_, i) => 101 + i)]);
    // Each decision saw every event before it: the running total is never off.
    let total = 0;
    for (const e of events) expect(e.data.total).toBe((total += e.data.n));
  });

  it('decides on the store, not a stale cache, before refusing or doing nothing', async () => {
    const a = new PostgresEventStore(db.pool);
    const b = new PostgresEventStore(db.pool);
    await handleCommand(a, 'tally-stale', tally, { n: 5 }, { userId: null });
    // b appends behind a's back: a's cached total (5) is now stale (total 15).
    await handleCommand(b, 'tally-stale', tally, { n: 10 }, { userId: null });
    await expect(handleCommand(a, 'tally-stale', tally, { n: 1, cap: 15 }, { userId: null })).rejects.toThrow('over the cap');
    const ok = await handleCommand(a, 'tally-stale', tally, { n: 0 }, { userId: null });
    expect(ok.append).toBeNull();
    expect((await streamEvents('tally-stale')).map((e) => e.data.total)).toEqual([5, 15]);
  });
});
