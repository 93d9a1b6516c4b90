/** Reads advisory locks held by any session on this database (pg_locks is cluster-wide). */
import type pg from 'pg';

export { OWNERSHIP_LOCK, REBUILD_LOCK as REPLAY_LOCK } from '../../src/platform/locks.ts';

/**
 * Names whose two-key advisory lock (namespace, hashtext(name)) is granted to some
 * session. pg_locks shows the first key in classid and the second, as an unsigned
 * oid, in objid, with objsubid = 2.
 */
export async function heldLocks(pool: pg.Pool, namespace: number, names: string[]): Promise<Set<string>> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT n AS name FROM unnest($2::text[]) AS n
     WHERE EXISTS (
       SELECT 1 FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND l.classid::bigint = $1
         AND l.objid::bigint = (hashtext(n)::bigint & 4294967295))`,
    [namespace, names],
  );
  return new Set(rows.map((r) => r.name));
}
