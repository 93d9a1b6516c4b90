/**
 * user_connections and user_blocks: the contact network as the spec's Connection
 * entity. A rejected or removed request leaves no row (the pair may start again);
 * a block is kept apart from the connection, so unblocking restores what was there.
 * Both users' `user:<id>` topics are told, so each sees the other's action live.
 */
import type { ConnectionEvent } from '../../src/network/domain/connection.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

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
  // Set-based: each connection's and each block's events are folded in memory into
  // what the batch leaves (a new row, a status change, or no row), then one statement
  // per kind of write per table.
  async apply(events, { tx, table }) {
    const c = table('user_connections');
    const b = table('user_blocks');
    type Row = { connection_id: string; requester_id: string; recipient_id: string; status: string; connection_type: string; notes: string | null; at: string };
    const conns = new Map<string, { op: 'insert'; row: Row } | { op: 'accept'; at: string } | { op: 'delete' }>();
    // `reset`: an unblock happened in the batch, so any row from before goes first.
    const blocks = new Map<string, { blocker_id: string; blocked_id: string; at: string; blocked: boolean; reset: boolean }>();
    const topics = new Set<string>();
    for (const stored of events) {
      const e = stored as unknown as ConnectionEvent;
      const at = stored.time.toISOString();
      switch (e.type) {
        case 'ConnectionRequested': {
          const d = e.data;
          conns.set(d.connectionId, {
            op: 'insert',
            row: {
              connection_id: d.connectionId,
              requester_id: d.requesterId,
              recipient_id: d.recipientId,
              status: 'pending',
              connection_type: d.connectionType,
              notes: d.notes ?? null,
              at,
            },
          });
          topics.add(topicOf.user(d.requesterId)).add(topicOf.user(d.recipientId));
          break;
        }
        case 'ConnectionAccepted': {
          const cur = conns.get(e.data.connectionId);
          if (cur?.op === 'insert') cur.row = { ...cur.row, status: 'accepted' };
          else if (cur?.op !== 'delete') conns.set(e.data.connectionId, { op: 'accept', at });
          topics.add(topicOf.user(e.data.requesterId)).add(topicOf.user(e.data.recipientId));
          break;
        }
        case 'ConnectionRejected':
        case 'ConnectionRemoved':
          conns.set(e.data.connectionId, { op: 'delete' });
          topics.add(topicOf.user(e.data.requesterId)).add(topicOf.user(e.data.recipientId));
          break;
        case 'UserBlocked':
        case 'UserUnblocked': {
          const key = `${e.data.blockerId}|${e.data.blockedId}`;
          const first = blocks.get(key);
          // A block keeps its first time, as ON CONFLICT DO NOTHING does.
          const blocked = e.type === 'UserBlocked';
          blocks.set(key, {
            blocker_id: e.data.blockerId,
            blocked_id: e.data.blockedId,
            at: blocked && first?.blocked ? first.at : at,
            blocked,
            reset: (first?.reset ?? false) || !blocked,
          });
          topics.add(topicOf.user(e.data.blockerId)).add(topicOf.user(e.data.blockedId));
          break;
        }
        default:
          continue;
      }
    }
    const ops = [...conns.entries()];
    const deleted = ops.filter(([, o]) => o.op === 'delete').map(([id]) => id);
    const inserted = ops.flatMap(([, o]) => (o.op === 'insert' ? [o.row] : []));
    const accepted = ops.flatMap(([id, o]) => (o.op === 'accept' ? [{ connection_id: id, at: o.at }] : []));
    if (deleted.length) await tx.query(`DELETE FROM ${c} WHERE connection_id = ANY($1::uuid[])`, [deleted]);
    if (inserted.length) {
      await tx.query(
        `INSERT INTO ${c} (connection_id, requester_id, recipient_id, status, connection_type, notes, created_at, updated_at)
         SELECT connection_id, requester_id, recipient_id, status, connection_type, notes, at, at
         FROM json_to_recordset($1::json) AS x(connection_id uuid, requester_id uuid, recipient_id uuid, status text, connection_type text, notes text, at timestamptz)
         ON CONFLICT (connection_id) DO NOTHING`,
        [JSON.stringify(inserted)],
      );
    }
    if (accepted.length) {
      await tx.query(
        `UPDATE ${c} AS u SET status = 'accepted', updated_at = x.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS x(connection_id, at) WHERE u.connection_id = x.connection_id`,
        [accepted.map((a) => a.connection_id), accepted.map((a) => a.at)],
      );
    }
    const allBlocks = [...blocks.values()];
    const unblocked = allBlocks.filter((x) => x.reset);
    const blocked = allBlocks.filter((x) => x.blocked);
    if (unblocked.length) {
      await tx.query(`DELETE FROM ${b} AS k USING unnest($1::uuid[], $2::uuid[]) AS x(blocker_id, blocked_id) WHERE k.blocker_id = x.blocker_id AND k.blocked_id = x.blocked_id`, [
        unblocked.map((x) => x.blocker_id),
        unblocked.map((x) => x.blocked_id),
      ]);
    }
    if (blocked.length) {
      await tx.query(`INSERT INTO ${b} (blocker_id, blocked_id, created_at) SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) ON CONFLICT DO NOTHING`, [
        blocked.map((x) => x.blocker_id),
        blocked.map((x) => x.blocked_id),
        blocked.map((x) => x.at),
      ]);
    }
    return [...topics];
  },
};
