/**
 * Whether a Spotter server is running on this database.
 *
 * The server's projection runner holds each projection's and reactor's ownership lock
 * (OWNERSHIP_LOCK, src/platform/locks.ts) for as long as it runs, in its own database
 * session, and the CLI never takes one (it never runs projections). So "some session
 * holds an ownership lock" is exactly "a server is projecting and running the reactors
 * that schedule workouts and send mail". Chosen over a port probe (the server may listen
 * on another host, port or behind a proxy, and something else may hold the port) and
 * over a heartbeat row (stale for its whole period after a kill -9, while PostgreSQL
 * releases a dead session's advisory locks at once).
 */
import type pg from 'pg';
import { OWNERSHIP_LOCK } from '../../src/platform/locks.ts';

export async function serverRunning(pool: pg.Pool | pg.Client): Promise<boolean> {
  const { rows } = await pool.query<{ running: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid::bigint = $1
         AND l.pid <> pg_backend_pid()
         AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())) AS running`,
    [OWNERSHIP_LOCK],
  );
  return rows[0].running;
}

/** The notice of commands whose effects wait for the server's reactors. */
export const SERVER_DOWN_NOTICE = 'Queued; the server is not running, so nothing is scheduled or sent until it starts.';
