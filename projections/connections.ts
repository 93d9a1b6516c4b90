/**
 * user_connections and user_blocks: the contact network as the spec's Connection
 * entity. A rejected or removed request leaves no row (the pair may start again);
 * a block is kept apart from the connection, so unblocking restores what was there.
 * Both users' `user:<id>` topics are told, so each sees the other's action live.
 */
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { ConnectionEvent } from '../src/domain/network/connection.ts';
import type { Projection } from './projection.ts';

export const connectionsProjection: Projection = {
  name: 'connections',
  version: 1,
  handles: ['ConnectionRequested', 'ConnectionAccepted', 'ConnectionRejected', 'ConnectionRemoved', 'UserBlocked', 'UserUnblocked'],
  tables: {
    user_connections: (t) => `
      CREATE TABLE ${t} (
        connection_id   uuid PRIMARY KEY,
        requester_id    uuid NOT NULL,
        recipient_id    uuid NOT NULL,
        status          text NOT NULL CHECK (status IN ('pending', 'accepted')),
        connection_type text NOT NULL,
        notes           text,
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL
      );
      CREATE INDEX ${t}_requester ON ${t} (requester_id);
      CREATE INDEX ${t}_recipient ON ${t} (recipient_id);`,
    user_blocks: (t) => `
      CREATE TABLE ${t} (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (blocker_id, blocked_id)
      );
      CREATE INDEX ${t}_blocked ON ${t} (blocked_id);`,
  },
  async apply(events, { tx, table }) {
    const c = table('user_connections');
    const b = table('user_blocks');
    const topics: string[] = [];
    for (const stored of events as StoredEvent[]) {
      const e = stored as unknown as ConnectionEvent;
      switch (e.type) {
        case 'ConnectionRequested': {
          const d = e.data;
          await tx.query(
            `INSERT INTO ${c} (connection_id, requester_id, recipient_id, status, connection_type, notes, created_at, updated_at)
             VALUES ($1, $2, $3, 'pending', $4, $5, $6, $6) ON CONFLICT (connection_id) DO NOTHING`,
            [d.connectionId, d.requesterId, d.recipientId, d.connectionType, d.notes, stored.time],
          );
          topics.push(`user:${d.requesterId}`, `user:${d.recipientId}`);
          break;
        }
        case 'ConnectionAccepted':
          await tx.query(`UPDATE ${c} SET status = 'accepted', updated_at = $2 WHERE connection_id = $1`, [e.data.connectionId, stored.time]);
          topics.push(`user:${e.data.requesterId}`, `user:${e.data.recipientId}`);
          break;
        case 'ConnectionRejected':
        case 'ConnectionRemoved':
          await tx.query(`DELETE FROM ${c} WHERE connection_id = $1`, [e.data.connectionId]);
          topics.push(`user:${e.data.requesterId}`, `user:${e.data.recipientId}`);
          break;
        case 'UserBlocked':
          await tx.query(`INSERT INTO ${b} (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
            e.data.blockerId,
            e.data.blockedId,
            stored.time,
          ]);
          topics.push(`user:${e.data.blockerId}`, `user:${e.data.blockedId}`);
          break;
        case 'UserUnblocked':
          await tx.query(`DELETE FROM ${b} WHERE blocker_id = $1 AND blocked_id = $2`, [e.data.blockerId, e.data.blockedId]);
          topics.push(`user:${e.data.blockerId}`, `user:${e.data.blockedId}`);
          break;
        default:
          continue;
      }
    }
    return topics;
  },
};
