/**
 * A pool whose database goes away (restart, failover, Ctrl-C reaching PostgreSQL
 * first) must not take the process with it. pg-pool listens for errors only on idle
 * clients: a client checked out at that moment emits 'error' with nobody listening,
 * and Node ends the process on an unhandled 'error' event. Every client gets a
 * listener of its own when it is made; the query it was running fails normally, and
 * pg-pool drops the dead client when it is released.
 */
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.ts';

export function watchPool(pool: pg.Pool, log: (m: string) => void): void {
  // One line per outage, not one per pooled connection.
  let quietUntil = 0;
  const report = (e: Error) => {
    if (isDatabaseUnavailable(e) && Date.now() < quietUntil) return;
    quietUntil = Date.now() + 5000;
    log(`database pool: ${e.message}`);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}
