import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, lowerBackendPriority } from '../src/platform/db/background-priority.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { rebuildProjection } from '../src/platform/projections/rebuild.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/** Fields 3… of /proc/<pid>/stat. The command name (field 2) may hold spaces; the fields after its closing parenthesis do not. */
function statOf(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
/** The niceness of a process on this machine, as `ps -o ni` shows it (field 19). */
const niceOf = (pid: number) => Number(statOf(pid)[16]);
/** Its scheduling policy (field 41), as `chrt -p` shows it. */
const policyOf = (pid: number) => Number(statOf(pid)[38]);
const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

async function backendPid(client: pg.ClientBase | pg.Pool): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return rows[0].pid;
}

/** Issue 28: a rebuild's writes run at background priority, so live commands keep the CPU. */
describe('background priority of a rebuild on the embedded database', () => {
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

  it('lowers the CPU priority of a backend of this machine’s database', async () => {
    const client = await db.pool.connect();
    try {
      const pid = await backendPid(client);
      expect(niceOf(pid)).toBeLessThan(BACKGROUND_NICE);
      expect(policyOf(pid)).toBe(SCHED_OTHER);
      expect(await lowerBackendPriority(client)).toBe(true);
      expect(niceOf(pid)).toBe(BACKGROUND_NICE);
      // Runs only on CPU time live work leaves (chrt, util-linux).
      expect(policyOf(pid)).toBe(SCHED_IDLE);
    } finally {
      client.release(true);
    }
  });

  it('leaves alone a process that is not a backend of that database', async () => {
    // A database elsewhere answers with a pid that means nothing here: this process's own.
    const elsewhere = { query: () => Promise.resolve({ rows: [{ pid: process.pid, dir: os.tmpdir() }] }) } as unknown as pg.ClientBase;
    const before = os.getPriority(process.pid);
    expect(await lowerBackendPriority(elsewhere)).toBe(false);
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it('reads and applies a rebuild’s batches at background priority and never pools those connections', async () => {
    const seen: string[] = [];
    const readers: string[] = [];
    const probe: Projection = {
      name: 'priority_probe',
      version: 1,
      handles: ['Probed'],
      tables: { priority_probe: (t) => `CREATE TABLE ${t} (n int)` },
      async apply(events, { tx, table }) {
        const pid = await backendPid(tx);
        seen.push(`nice ${niceOf(pid)}, policy ${policyOf(pid)}`);
        // The backends whose last statement was a read of the store in global order (readAll's two).
        const { rows } = await tx.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query LIKE '%es_read_horizon()%' OR query LIKE '%(tx_id, position) >%')`,
        );
        readers.push(...rows.map((r) => `nice ${niceOf(r.pid)}, policy ${policyOf(r.pid)}`));
        await tx.query(`INSERT INTO ${table('priority_probe')} SELECT generate_series(1, $1::int)`, [events.length]);
        return [];
      },
    };
    const normal = niceOf(await backendPid(db.pool));
    // Installed through a pool of its own, closed before the rebuild: its connections' reads of the store are gone from pg_stat_activity.
    const installing = new pg.Pool({ connectionString: db.url, max: 2 });
    const runner = new ProjectionRunner(installing, new PostgresEventStore(installing), db.url, [probe], { log: () => {} });
    await runner.start();
    await runner.stop();
    await installing.end();
    for (let i = 0; i < 5; i++) await store.append(`probe-${i}`, [{ type: 'Probed', data: { i }, metadata: {} }], 'no_stream');

    const done = await rebuildProjection(db.pool, store, probe, { batchSize: 2 });

    expect(done.eventsRead).toBe(5);
    expect(seen).toEqual(new Array(3).fill(`nice ${BACKGROUND_NICE}, policy ${SCHED_IDLE}`));
    expect(readers.length).toBeGreaterThan(0);
    expect(new Set(readers)).toEqual(new Set([`nice ${BACKGROUND_NICE}, policy ${SCHED_IDLE}`]));
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM priority_probe');
    expect(rows[0].n).toBe(5);
    // Every connection the pool hands out afterwards serves at the priority it had before.
    const clients = await Promise.all(Array.from({ length: db.pool.totalCount || 1 }, () => db.pool.connect()));
    try {
      for (const c of clients) {
        const pid = await backendPid(c);
        expect([niceOf(pid), policyOf(pid)]).toEqual([normal, SCHED_OTHER]);
      }
    } finally {
      for (const c of clients) c.release();
    }
  });
});
