/**
 * A key read just before an erasure commits is not cached after it: the lookup's answer
 * arrives after the erasure has destroyed the key and told the ring to forget it, and
 * the next lookup must still find no key (else the erasure's rebuild decrypts what it
 * erases). The interleaving is forced by holding the lookup's answer back.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import pg from 'pg';
import { KEYS_ERASED_CHANNEL, KeyRing, destroyKeys } from '../src/platform/eventstore/personal-data.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

it('does not cache a key whose lookup began before its erasure', async () => {
  let release: () => void = () => {};
  let held: Promise<void> | null = null;
  // The real pool; only the answers of its queries can be held back.
  const pool = new Proxy(db.pool, {
    get(target, prop) {
      if (prop === 'query')
        return async (...args: Parameters<pg.Pool['query']>) => {
          const answer = await (target.query as (...a: unknown[]) => Promise<unknown>)(...args);
          if (held) await held;
          return answer;
        };
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const ring = new KeyRing(pool);
  try {
    await ring.keysFor(['someone'], true);
    // Listening: only then does the ring cache keys.
    await vi.waitFor(() => expect((ring as unknown as { listening: boolean }).listening).toBe(true));

    // Out of the cache, so the next lookup reads the table.
    ring.forget(['someone']);
    held = new Promise((r) => (release = r));
    const lookup = ring.keysFor(['someone'], false);
    // The erasure commits while the lookup's answer is held, and the ring forgets.
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await destroyKeys(client, [{ id: 'someone', final: true }]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    ring.forget(['someone']);
    held = null;
    release();
    // It read the key before the erasure: that answer stands for that caller.
    expect((await lookup).has('someone')).toBe(true);

    expect((await ring.keysFor(['someone'], false)).has('someone')).toBe(false);
  } finally {
    await ring.close();
  }
});

it('stops listening once its pool has ended, instead of reconnecting for the rest of the process', async () => {
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  const ring = new KeyRing(pool); // never closed, as by a store nobody closed
  const listeners = async () => {
    const { rows } = await db.pool.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = $1`, [`LISTEN ${KEYS_ERASED_CHANNEL}`]);
    return rows.map((r: { pid: number }) => r.pid);
  };
  await ring.keysFor(['someone else'], true);
  await vi.waitFor(async () => expect(await listeners()).toHaveLength(1));
  await pool.end();
  // Its listening connection goes away (a restart, a dropped database): before, the ring
  // opened a new one a second later, and again every second while that failed.
  await db.pool.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [await listeners()]);
  await new Promise((r) => setTimeout(r, 2500));
  expect(await listeners()).toEqual([]);
});
