/**
 * The session that holds a runner's ownership of its projections: one session
 * advisory lock per projection it owns, all on one dedicated connection.
 *
 * One connection, not one per projection: opening a connection cost the database about
 * 25 ms of CPU on our 2-core machines, a server took 25 of them as it started, and a
 * standing-by server opened 25 more every two seconds to try the locks again.
 *
 * The locks live as long as the connection: when the database drops it (restart,
 * failover, a terminated backend) every projection held on it is lost at once, and
 * each holder is told so it can take its projection back later.
 */
import pg from 'pg';
import { OWNERSHIP_LOCK } from '../locks.ts';

export class OwnershipLocks {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** What to call for each projection held on the current connection if it drops. */
  private readonly holders = new Map<string, () => void>();
  /** The session's statements, one after another (pg 9 will no longer queue them for us). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly databaseUrl: string) {}

  /** Takes `projection`'s lock if no other session holds it; `onLost` hears when the connection holding it drops. */
  async tryLock(projection: string, onLost: () => void): Promise<boolean> {
    const client = await this.connection();
    const { rows } = await this.inTurn(() => client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [OWNERSHIP_LOCK, projection]));
    // The connection dropped while the answer came back: the lock went with it.
    if (!rows[0].ok || this.client !== client) return false;
    this.holders.set(projection, onLost);
    return true;
  }

  /** Gives `projection` up (its owner failed to load it, or stops). */
  unlock(projection: string): void {
    const client = this.client;
    if (!this.holders.delete(projection) || !client) return;
    // In turn behind any lock request already sent, so a quick retake finds it free.
    this.inTurn(() => client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [OWNERSHIP_LOCK, projection])).catch(() => {});
  }

  /** Ends the session: every lock on it goes free at once. */
  async close(): Promise<void> {
    this.holders.clear();
    const client = this.client;
    this.client = null;
    await this.queue;
    await client?.end().catch(() => {});
  }

  private inTurn<T>(statement: () => Promise<T>): Promise<T> {
    const result = this.queue.then(statement);
    this.queue = result.catch(() => {});
    return result;
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
    } catch (e) {
      await client.end().catch(() => {});
      throw e;
    }
    this.client = client;
    return client;
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    const lost = [...this.holders.values()];
    this.holders.clear();
    client.end().catch(() => {});
    for (const onLost of lost) onLost();
  }
}
