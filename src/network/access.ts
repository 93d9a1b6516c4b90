/**
 * Whether two users may talk: messaging is limited to accepted connections
 * (performance-messaging-templates §6), and a block by either side suspends that.
 * Reads the `user_connections` and `user_blocks` read models.
 */
import type pg from 'pg';

export async function areConnected(db: pg.Pool | pg.PoolClient, a: string, b: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM user_connections c
     WHERE c.status = 'accepted'
       AND ((c.requester_id = $1 AND c.recipient_id = $2) OR (c.requester_id = $2 AND c.recipient_id = $1))
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = $2) OR (b.blocker_id = $2 AND b.blocked_id = $1))`,
    [a, b],
  );
  return rows.length > 0;
}

/** Whether either of the two has blocked the other: a block ends every way of talking. */
export async function eitherBlocked(db: pg.Pool | pg.PoolClient, a: string, b: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM user_blocks WHERE (blocker_id = $1 AND blocked_id = $2) OR (blocker_id = $2 AND blocked_id = $1)', [a, b]);
  return rows.length > 0;
}
