/**
 * The messaging read models: `conversations` (one row per conversation with its last
 * message), `conversation_participants` (per user: read mark, unread count, deleted
 * for them and from where their history starts) and `messages` (the history, paged by
 * `(conversation_id, seq)` where seq is the message's position in its stream).
 *
 * Set-based: a batch is folded in memory (fold.ts) over the rows it touches, read in
 * one round trip, then written in one statement that writes each table once. Rows
 * keep the stream version they last applied, so an event already applied changes nothing.
 *
 * Topics: `conversation:<id>` (history, ticks), `inbox:<userId>` (the list and the
 * unread badge) of the users whose list changed.
 */
import { MESSAGING_EVENT_TYPES } from '../../src/messaging/domain/conversation.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { CONVERSATION_COLUMNS, Fold, MESSAGE_COLUMNS, PARTICIPANT_COLUMNS, cols, recordset, updates, type ConversationRow, type ParticipantRow } from './fold.ts';

export const messagingProjection: Projection = {
  name: 'messaging',
  version: 1,
  handles: MESSAGING_EVENT_TYPES,
  tables: {
    conversations: (t) => `
      CREATE TABLE ${t} (
        id                     uuid PRIMARY KEY,
        conversation_type      text NOT NULL,
        title                  text,
        created_by             uuid NOT NULL,
        created_at             timestamptz NOT NULL,
        updated_at             timestamptz NOT NULL,
        last_message_id        uuid,
        last_message_seq       int,
        last_message_sender_id uuid,
        last_message_content   text,
        last_message_type      text,
        last_message_at        timestamptz,
        last_message_deleted   boolean NOT NULL DEFAULT false,
        version                int NOT NULL
      );`,
    conversation_participants: (t) => `
      CREATE TABLE ${t} (
        conversation_id uuid NOT NULL,
        user_id         uuid NOT NULL,
        role            text NOT NULL,
        joined_at       timestamptz NOT NULL,
        last_read_at    timestamptz,
        last_read_seq   int NOT NULL,
        unread_count    int NOT NULL,
        deleted         boolean NOT NULL,
        -- History up to this stream position is hidden for this user (they deleted the conversation).
        cleared_seq     int NOT NULL,
        version         int NOT NULL,
        PRIMARY KEY (conversation_id, user_id)
      );
      CREATE INDEX ${t}_user ON ${t} (user_id) INCLUDE (deleted, unread_count);`,
    messages: (t) => `
      CREATE TABLE ${t} (
        id              uuid PRIMARY KEY,
        conversation_id uuid NOT NULL,
        seq             int NOT NULL,
        sender_id       uuid NOT NULL,
        content         text NOT NULL,
        message_type    text NOT NULL,
        metadata        jsonb NOT NULL,
        reply_to_id     uuid,
        created_at      timestamptz NOT NULL,
        deleted_at      timestamptz
      );
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE UNIQUE INDEX ${t}_page ON ${t} (conversation_id, seq DESC);
      CREATE INDEX ${t}_content ON ${t} USING gin (lower(content) gin_trgm_ops);`,
  },

  async apply(events, { tx, table }) {
    const c = table('conversations');
    const p = table('conversation_participants');
    const m = table('messages');
    const ids = [...new Set(events.map((e) => (e.data as { conversationId: string }).conversationId))];
    const deletedIds = events.filter((e) => e.type === 'MessageDeleted').map((e) => (e.data as { messageId: string }).messageId);
    // Everything the fold starts from, in one round trip: the batch's conversations, their
    // participants and the messages it deletes.
    const { rows: current } = await tx.query<{ kind: 'c' | 'p' | 'm'; row: unknown }>(
      `SELECT 'c' AS kind, row_to_json(x) AS row FROM (SELECT ${cols(CONVERSATION_COLUMNS)} FROM ${c} WHERE id = ANY($1::uuid[])) x
       UNION ALL
       SELECT 'p', row_to_json(x) FROM (SELECT ${cols(PARTICIPANT_COLUMNS)} FROM ${p} WHERE conversation_id = ANY($1::uuid[])) x
       UNION ALL
       SELECT 'm', row_to_json(x) FROM (SELECT id, seq, sender_id, conversation_id FROM ${m} WHERE id = ANY($2::uuid[])) x`,
      [ids, deletedIds],
    );
    const of = <T>(kind: 'c' | 'p' | 'm') => current.filter((r) => r.kind === kind).map((r) => r.row as T);
    type KnownMessage = { id: string; seq: number; sender_id: string; conversation_id: string };
    const fold = new Fold(of<ConversationRow>('c'), of<ParticipantRow>('p'), new Map(of<KnownMessage>('m').map((r) => [r.id, r])));
    for (const e of events) fold.apply(e);

    const changedConvs = [...fold.changedConversations].map((id) => fold.conversations.get(id)!);
    const changedParts = [...fold.changedParticipants].map((k) => fold.participants.get(k)!);
    if (changedConvs.length === 0 && changedParts.length === 0 && fold.newMessages.size === 0 && fold.deletions.size === 0) return fold.topics;
    // One statement for the batch: each table written once (data-modifying CTEs), one round trip.
    // Deletions of messages inserted in this same batch were folded in memory, since the
    // UPDATE cannot see the CTE's inserts.
    await tx.query(
      `WITH conversations_written AS (
         INSERT INTO ${c} (${cols(CONVERSATION_COLUMNS)})
         SELECT * FROM json_to_recordset($1::json) AS x(${recordset(CONVERSATION_COLUMNS)})
         ON CONFLICT (id) DO UPDATE SET ${updates(CONVERSATION_COLUMNS, ['id', 'created_by', 'created_at'])}
         WHERE ${c}.version < EXCLUDED.version
         RETURNING 1
       ), participants_written AS (
         INSERT INTO ${p} (${cols(PARTICIPANT_COLUMNS)})
         SELECT * FROM json_to_recordset($2::json) AS x(${recordset(PARTICIPANT_COLUMNS)})
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET ${updates(PARTICIPANT_COLUMNS, ['conversation_id', 'user_id', 'joined_at'])}
         WHERE ${p}.version < EXCLUDED.version
         RETURNING 1
       ), messages_written AS (
         INSERT INTO ${m} (${cols(MESSAGE_COLUMNS)})
         SELECT * FROM json_to_recordset($3::json) AS x(${recordset(MESSAGE_COLUMNS)})
         ON CONFLICT (id) DO NOTHING
         RETURNING 1
       )
       UPDATE ${m} SET deleted_at = d.at
       FROM unnest($4::uuid[], $5::timestamptz[]) AS d(id, at)
       WHERE ${m}.id = d.id AND ${m}.deleted_at IS NULL`,
      [JSON.stringify(changedConvs), JSON.stringify(changedParts), JSON.stringify([...fold.newMessages.values()]), [...fold.deletions.keys()], [...fold.deletions.values()]],
    );
    return fold.topics;
  },
};
