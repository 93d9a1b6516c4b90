import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { countingProjection } from './support/counting-projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
let runners: ProjectionRunner[] = [];
beforeEach(async () => {
  db = await createTestDatabase();
});
afterEach(async () => {
  for (const r of runners) await r.stop();
  runners = [];
  await db.drop();
});

function runner(store: PostgresEventStore, p: ReturnType<typeof countingProjection>) {
  const r = new ProjectionRunner(db.pool, store, db.url, [p], { pollMs: 20, log: () => {} });
  runners.push(r);
  return r;
}

async function totals(table = 'counting_rows') {
  const { rows } = await db.pool.query(`SELECT coalesce(sum(seen), 0)::int AS seen, coalesce(sum(out_of_order), 0)::int AS bad, count(*)::int AS streams FROM ${table}`);
  return rows[0] as { seen: number; bad: number; streams: number };
}

describe('projection runner', () => {
  it('sees every one of 20,000 events from 16 concurrent writers exactly once, in stream order', async () => {
    const store = new PostgresEventStore(db.pool);
    const r = runner(store, countingProjection());
    await r.start();
    let last = '';
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; i < 1250; i++) {
          // Eight streams per writer, appended at their exact versions.
          const stream = `count-${w}-${i % 8}`;
          const res = await store.append(stream, [{ type: 'Counted', data: { n: i } }], i < 8 ? 'no_stream' : Math.floor(i / 8) - 1);
          if (res.checkpoint > last) last = res.checkpoint;
        }
      }),
    );
    // The limit only ends a run that never gets there: in a CI rehearsal, on two cores
    // that both suites share, the projection was still counting 60 s after the last append.
    await r.waitFor(last, undefined, 180_000);
    expect(await totals()).toEqual({ seen: 20_000, bad: 0, streams: 128 });
  }, 300_000);

  it('resumes after a failing handler from its last checkpoint without applying an event twice', async () => {
    const store = new PostgresEventStore(db.pool);
    let failing = true;
    // A failure outside the events (a lost connection): retried, never parked (see projection-poison).
    const p = countingProjection({ failOn: (n) => failing && n === 57, failCode: '08006' });
    const r = runner(store, p);
    await r.start();
    for (let i = 0; i < 100; i++) await store.append(`count-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    await new Promise((res) => setTimeout(res, 200));
    const [status] = await r.status();
    expect(status.lastError).toBe('handler failed on 57');
    expect((await totals()).seen).toBeLessThan(100);
    failing = false;
    const head = await store.headCheckpoint();
    await r.waitFor(head!, undefined, 10_000);
    expect(await totals()).toEqual({ seen: 100, bad: 0, streams: 100 });
  });

  it('lets only one runner own a projection, and a stand-by takes over when the owner stops', async () => {
    const store = new PostgresEventStore(db.pool);
    const first = countingProjection();
    const second = countingProjection();
    const a = runner(store, first);
    const b = runner(store, second);
    await a.start();
    await b.start();
    expect((await a.status())[0].owned).toBe(true);
    expect((await b.status())[0].owned).toBe(false);
    for (let i = 0; i < 50; i++) await store.append(`count-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    await a.waitFor((await store.headCheckpoint())!);
    expect(second.applied).toBe(0);

    await a.stop();
    runners = runners.filter((x) => x !== a);
    for (let i = 50; i < 80; i++) await store.append(`count-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    await b.waitFor((await store.headCheckpoint())!, undefined, 10_000);
    await expect.poll(async () => (await b.status())[0].owned).toBe(true);
    expect(second.applied).toBe(30);
    expect(await totals()).toEqual({ seen: 80, bad: 0, streams: 80 });
  });

  it('holds all its projections on one session, and takes every one back when the database ends that session', async () => {
    const store = new PostgresEventStore(db.pool);
    const projections = ['alpha', 'beta', 'gamma'].map((name) => countingProjection({ name }));
    const r = new ProjectionRunner(db.pool, store, db.url, projections, { pollMs: 20, log: () => {} });
    runners.push(r);
    await r.start();
    const lockHolders = async () => {
      const { rows } = await db.pool.query<{ pid: number }>(
        `SELECT DISTINCT l.pid FROM pg_locks l JOIN pg_database d ON d.oid = l.database WHERE l.locktype = 'advisory' AND d.datname = current_database() AND l.granted`,
      );
      return rows.map((row) => row.pid);
    };
    const [session] = await lockHolders();
    expect(await lockHolders()).toEqual([session]);

    await db.pool.query('SELECT pg_terminate_backend($1)', [session]);
    // Gone with the session: until the poll takes them back, this runner owns none.
    await expect.poll(async () => (await lockHolders()).filter((pid) => pid !== session)).toHaveLength(1);
    await expect
      .poll(async () =>
        (await r.status())
          .filter((s) => s.owned)
          .map((s) => s.name)
          .sort(),
      )
      .toEqual(['alpha', 'beta', 'gamma']);
    for (let i = 0; i < 10; i++) await store.append(`count-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream');
    await r.waitFor((await store.headCheckpoint())!);
    expect(projections.map((p) => p.applied)).toEqual([10, 10, 10]);
  });

  it('keeps projecting while an unrelated transaction stays open', async () => {
    const store = new PostgresEventStore(db.pool);
    const r = runner(store, countingProjection());
    await r.start();
    const idle = await db.pool.connect();
    await idle.query('BEGIN');
    await idle.query('SELECT pg_current_xact_id()');
    try {
      let last = '';
      for (let i = 0; i < 20; i++) last = (await store.append(`busy-${i}`, [{ type: 'Counted', data: { n: i } }], 'no_stream')).checkpoint;
      await r.waitFor(last, undefined, 20_000);
      expect(await totals()).toEqual({ seen: 20, bad: 0, streams: 20 });
    } finally {
      await idle.query('ROLLBACK');
      idle.release();
    }
  });

  it('answers read-your-writes waits for the checkpoint an append returned', async () => {
    const store = new PostgresEventStore(db.pool);
    const r = runner(store, countingProjection());
    await r.start();
    const res = await store.append('count-x', [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
    await r.waitFor(res.checkpoint);
    expect((await totals()).seen).toBe(1);
  });
});
