/**
 * The messaging read models: `conversations` (one row per conversation with its last
 * message), `conversation_participants` (per user: read mark, unread count, deleted
 * for them and from where their history starts) and `messages` (the history, paged by
 * `(conversation_id, seq)` where seq is the message's position in its stream).
 *
 * Set-based: a batch is folded in memory over the rows it touches (read in one round
 * trip), then written in one statement that writes each table once. Rows keep the stream version they last
 * applied, so an event already applied changes nothing.
 *
 * Topics: `conversation:<id>` (history, ticks), `inbox:<userId>` (the list and the
 * unread badge) of the users whose list changed.
 */
import type { StoredEvent } from '../src/eventstore/port.ts';
import type { ConversationEvent, SentMessage } from '../src/domain/messaging/conversation.ts';
import { MESSAGING_EVENT_TYPES } from '../src/domain/messaging/conversation.ts';
import type { Projection } from './projection.ts';

interface ConversationRow {
  id: string;
  conversation_type: string;
  title: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
  last_message_id: string | null;
  last_message_seq: number | null;
  last_message_sender_id: string | null;
  last_message_content: string | null;
  last_message_type: string | null;
  last_message_at: string | null;
  last_message_deleted: boolean;
  version: number;
}

interface ParticipantRow {
  conversation_id: string;
  user_id: string;
  role: string;
  joined_at: string;
  last_read_at: string | null;
  last_read_seq: number;
  unread_count: number;
  deleted: boolean;
  cleared_seq: number;
  version: number;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  content: string;
  message_type: string;
  metadata: object;
  reply_to_id: string | null;
  created_at: string;
  deleted_at: string | null;
}

const CONVERSATION_COLUMNS: [keyof ConversationRow, string][] = [
  ['id', 'uuid'], ['conversation_type', 'text'], ['title', 'text'], ['created_by', 'uuid'], ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'], ['last_message_id', 'uuid'], ['last_message_seq', 'int'], ['last_message_sender_id', 'uuid'],
  ['last_message_content', 'text'], ['last_message_type', 'text'], ['last_message_at', 'timestamptz'],
  ['last_message_deleted', 'boolean'], ['version', 'int'],
];
const PARTICIPANT_COLUMNS: [keyof ParticipantRow, string][] = [
  ['conversation_id', 'uuid'], ['user_id', 'uuid'], ['role', 'text'], ['joined_at', 'timestamptz'], ['last_read_at', 'timestamptz'],
  ['last_read_seq', 'int'], ['unread_count', 'int'], ['deleted', 'boolean'], ['cleared_seq', 'int'], ['version', 'int'],
];
const MESSAGE_COLUMNS: [keyof MessageRow, string][] = [
  ['id', 'uuid'], ['conversation_id', 'uuid'], ['seq', 'int'], ['sender_id', 'uuid'], ['content', 'text'], ['message_type', 'text'],
  ['metadata', 'jsonb'], ['reply_to_id', 'uuid'], ['created_at', 'timestamptz'], ['deleted_at', 'timestamptz'],
];

const cols = (c: [string, string][]) => c.map(([n]) => n).join(', ');
const recordset = (c: [string, string][]) => c.map(([n, type]) => `${n} ${type}`).join(', ');
const updates = (c: [string, string][], keys: string[]) =>
  c.filter(([n]) => !keys.includes(n)).map(([n]) => `${n} = EXCLUDED.${n}`).join(', ');

/** Everything a batch changes, keyed for the fold. */
class Fold {
  readonly conversations = new Map<string, ConversationRow>();
  readonly participants = new Map<string, ParticipantRow>();
  readonly changedConversations = new Set<string>();
  readonly changedParticipants = new Set<string>();
  readonly newMessages = new Map<string, MessageRow>();
  /** Deletions of messages written in earlier batches: id → time. */
  readonly deletions = new Map<string, string>();
  readonly topics = new Set<string>();

  constructor(
    conversations: ConversationRow[],
    participants: ParticipantRow[],
    private readonly knownMessages: Map<string, { seq: number; sender_id: string; conversation_id: string }>,
  ) {
    for (const c of conversations) this.conversations.set(c.id, c);
    for (const p of participants) this.participants.set(pkey(p.conversation_id, p.user_id), p);
  }

  private membersOf(conversationId: string): ParticipantRow[] {
    return [...this.participants.values()].filter((p) => p.conversation_id === conversationId);
  }

  private touch(p: ParticipantRow, version: number): void {
    p.version = Math.max(p.version, version);
    this.changedParticipants.add(pkey(p.conversation_id, p.user_id));
    this.topics.add(`inbox:${p.user_id}`);
  }

  apply(stored: StoredEvent): void {
    const e = stored as unknown as ConversationEvent;
    const id = e.data.conversationId;
    const v = stored.streamVersion;
    const conv = this.conversations.get(id);
    if (e.type === 'ConversationStarted') {
      if (conv) return;
      const d = e.data;
      this.conversations.set(id, {
        id, conversation_type: d.conversationType, title: null, created_by: d.startedBy, created_at: d.startedAt, updated_at: d.startedAt,
        last_message_id: null, last_message_seq: null, last_message_sender_id: null, last_message_content: null,
        last_message_type: null, last_message_at: null, last_message_deleted: false, version: v,
      });
      this.changedConversations.add(id);
      for (const userId of d.participantIds) {
        const p: ParticipantRow = {
          conversation_id: id, user_id: userId, role: userId === d.startedBy ? 'owner' : 'member', joined_at: d.startedAt,
          last_read_at: null, last_read_seq: -1, unread_count: 0, deleted: false, cleared_seq: -1, version: v,
        };
        this.participants.set(pkey(id, userId), p);
        this.touch(p, v);
      }
      this.topics.add(`conversation:${id}`);
      return;
    }
    // Events of a conversation whose start this read model never saw cannot be placed.
    if (!conv) throw new Error(`${e.type} for unknown conversation ${id}`);
    if (v <= conv.version) return; // already applied
    conv.version = v;
    this.changedConversations.add(id);
    this.topics.add(`conversation:${id}`);
    const members = this.membersOf(id);
    switch (e.type) {
      case 'ConversationReopened': {
        const p = this.participants.get(pkey(id, e.data.userId));
        if (p) {
          p.deleted = false;
          this.touch(p, v);
        }
        return;
      }
      case 'MessageSent': {
        const d: SentMessage = e.data;
        this.newMessages.set(d.messageId, {
          id: d.messageId, conversation_id: id, seq: v, sender_id: d.senderId, content: d.content, message_type: d.messageType,
          metadata: d.metadata, reply_to_id: d.replyToId, created_at: d.sentAt, deleted_at: null,
        });
        this.knownMessages.set(d.messageId, { seq: v, sender_id: d.senderId, conversation_id: id });
        Object.assign(conv, {
          updated_at: d.sentAt, last_message_id: d.messageId, last_message_seq: v, last_message_sender_id: d.senderId,
          last_message_content: d.content, last_message_type: d.messageType, last_message_at: d.sentAt, last_message_deleted: false,
        });
        for (const p of members) {
          // A new message brings a deleted conversation back (with history from then on).
          p.deleted = false;
          if (p.user_id !== d.senderId) p.unread_count += 1;
          this.touch(p, v);
        }
        return;
      }
      case 'MessageDeleted': {
        const d = e.data;
        const fresh = this.newMessages.get(d.messageId);
        if (fresh) fresh.deleted_at = d.deletedAt;
        else this.deletions.set(d.messageId, d.deletedAt);
        if (conv.last_message_id === d.messageId) conv.last_message_deleted = true;
        const m = this.knownMessages.get(d.messageId);
        for (const p of members) {
          // A deleted message no longer counts as unread for whoever had not read it yet.
          if (m && p.user_id !== m.sender_id && m.seq > p.last_read_seq && m.seq > p.cleared_seq && p.unread_count > 0) p.unread_count -= 1;
          this.touch(p, v);
        }
        return;
      }
      case 'ConversationRead': {
        const p = this.participants.get(pkey(id, e.data.userId));
        if (!p) return;
        Object.assign(p, { last_read_seq: v, last_read_at: e.data.readAt, unread_count: 0 });
        this.touch(p, v);
        return;
      }
      case 'ConversationDeleted': {
        const p = this.participants.get(pkey(id, e.data.userId));
        if (!p) return;
        // Their history now starts after this point; the other participant keeps theirs.
        Object.assign(p, { deleted: true, cleared_seq: v, last_read_seq: Math.max(p.last_read_seq, v), unread_count: 0 });
        this.touch(p, v);
        return;
      }
      default:
        return;
    }
  }
}

const pkey = (conversationId: string, userId: string) => `${conversationId}:${userId}`;

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
    const { rows: current } = await tx.query<{ kind: 'c' | 'p' | 'm'; row: any }>(
      `SELECT 'c' AS kind, row_to_json(x) AS row FROM (SELECT ${cols(CONVERSATION_COLUMNS)} FROM ${c} WHERE id = ANY($1::uuid[])) x
       UNION ALL
       SELECT 'p', row_to_json(x) FROM (SELECT ${cols(PARTICIPANT_COLUMNS)} FROM ${p} WHERE conversation_id = ANY($1::uuid[])) x
       UNION ALL
       SELECT 'm', row_to_json(x) FROM (SELECT id, seq, sender_id, conversation_id FROM ${m} WHERE id = ANY($2::uuid[])) x`,
      [ids, deletedIds],
    );
    const of = (kind: string) => current.filter((r) => r.kind === kind).map((r) => r.row);
    const fold = new Fold(of('c'), of('p'), new Map(of('m').map((r: { id: string; seq: number; sender_id: string; conversation_id: string }) => [r.id, r])));
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
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${recordset(CONVERSATION_COLUMNS)})
         ON CONFLICT (id) DO UPDATE SET ${updates(CONVERSATION_COLUMNS, ['id', 'created_by', 'created_at'])}
         WHERE ${c}.version < EXCLUDED.version
         RETURNING 1
       ), participants_written AS (
         INSERT INTO ${p} (${cols(PARTICIPANT_COLUMNS)})
         SELECT * FROM jsonb_to_recordset($2::jsonb) AS x(${recordset(PARTICIPANT_COLUMNS)})
         ON CONFLICT (conversation_id, user_id) DO UPDATE SET ${updates(PARTICIPANT_COLUMNS, ['conversation_id', 'user_id', 'joined_at'])}
         WHERE ${p}.version < EXCLUDED.version
         RETURNING 1
       ), messages_written AS (
         INSERT INTO ${m} (${cols(MESSAGE_COLUMNS)})
         SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(${recordset(MESSAGE_COLUMNS)})
         ON CONFLICT (id) DO NOTHING
         RETURNING 1
       )
       UPDATE ${m} SET deleted_at = d.at
       FROM unnest($4::uuid[], $5::timestamptz[]) AS d(id, at)
       WHERE ${m}.id = d.id AND ${m}.deleted_at IS NULL`,
      [
        JSON.stringify(changedConvs),
        JSON.stringify(changedParts),
        JSON.stringify([...fold.newMessages.values()]),
        [...fold.deletions.keys()],
        [...fold.deletions.values()],
      ],
    );
    return fold.topics;
  },
};
