/**
 * Read-side queries of messaging: SQL on conversations, conversation_participants,
 * messages, user_profiles and (for whether the composer is open) the network's
 * user_connections and user_blocks. A caller who is not a participant sees nothing.
 */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';
import { MESSAGE_SEARCH_LIMIT } from './domain/messages.ts';

type Db = pg.Pool | pg.PoolClient;

interface PersonCols {
  user_id: string | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  email: string | null;
}
const nameOf = (r: PersonCols) => (r.user_id ? displayName({ ...r, name: r.full_name }) : 'Unknown User');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Why the composer is closed, or null when the two may message. */
export type ClosedReason = 'blocked' | 'not_connected' | null;

/** The user ids taking part in a conversation (empty when there is no such conversation). */
export async function participantsOf(db: Db, conversationId: string): Promise<string[]> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM conversation_participants WHERE conversation_id = $1', [conversationId]);
  return rows.map((r) => r.user_id);
}

/** The conversation a message belongs to, or null. */
export async function conversationOfMessage(db: Db, messageId: string): Promise<string | null> {
  const { rows } = await db.query<{ conversation_id: string }>('SELECT conversation_id FROM messages WHERE id = $1', [messageId]);
  return rows[0]?.conversation_id ?? null;
}

/** Sum of the caller's unread counts: the Chat navigation badge. */
export async function unreadTotal(db: Db, me: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT coalesce(sum(unread_count), 0)::int AS n FROM conversation_participants WHERE user_id = $1 AND NOT deleted', [me]);
  return rows[0].n;
}

interface ConversationDbRow extends PersonCols {
  id: string;
  conversation_type: string;
  title: string | null;
  created_at: Date;
  updated_at: Date;
  last_message_id: string | null;
  last_message_seq: number | null;
  last_message_sender_id: string | null;
  last_message_content: string | null;
  last_message_type: string | null;
  last_message_at: Date | null;
  last_message_deleted: boolean;
  my_role: string;
  my_last_read_at: Date | null;
  unread_count: number;
  cleared_seq: number;
  other_role: string | null;
  other_last_read_at: Date | null;
  profile_type: string | null;
  my_name: string | null;
  blocked: boolean | null;
  connected: boolean | null;
}

/**
 * The caller's contacts and blocks are gathered once per query (hashed sub-plans),
 * not probed per conversation: a list of hundreds stays one pass over each table.
 * $1 is always the caller.
 */
const CONVERSATION_SELECT = `
  WITH contacts AS (
    SELECT CASE WHEN uc.requester_id = $1 THEN uc.recipient_id ELSE uc.requester_id END AS other_id
    FROM user_connections uc
    WHERE uc.status = 'accepted' AND (uc.requester_id = $1 OR uc.recipient_id = $1)
    -- A coaching link lets the two talk as an accepted contact does (may-message.ts).
    UNION SELECT athlete_id FROM client_links WHERE coach_id = $1
    UNION SELECT coach_id FROM client_links WHERE athlete_id = $1
  ), blocks AS (
    SELECT b.blocked_id AS other_id FROM user_blocks b WHERE b.blocker_id = $1
    UNION
    SELECT b.blocker_id FROM user_blocks b WHERE b.blocked_id = $1
  )
  SELECT c.id, c.conversation_type, c.title, c.created_at, c.updated_at,
         c.last_message_id, c.last_message_seq, c.last_message_sender_id, c.last_message_content, c.last_message_type,
         c.last_message_at, c.last_message_deleted,
         me.role AS my_role, me.last_read_at AS my_last_read_at, me.unread_count, me.cleared_seq,
         o.role AS other_role, o.last_read_at AS other_last_read_at,
         pr.user_id, pr.display_name, pr.first_name, pr.last_name, pr.full_name, pr.email, pr.profile_type,
         (SELECT coalesce(nullif(trim(mp.display_name), ''), nullif(trim(concat_ws(' ', mp.first_name, mp.last_name)), ''), mp.full_name)
          FROM user_profiles mp WHERE mp.user_id = $1) AS my_name,
         o.user_id IN (SELECT other_id FROM blocks) AS blocked,
         o.user_id IN (SELECT other_id FROM contacts) AS connected
  FROM conversation_participants me
  JOIN conversations c ON c.id = me.conversation_id
  LEFT JOIN conversation_participants o ON o.conversation_id = me.conversation_id AND o.user_id <> me.user_id
  LEFT JOIN user_profiles pr ON pr.user_id = o.user_id`;

function toConversation(r: ConversationDbRow, me: string) {
  const visible = r.last_message_id !== null && (r.last_message_seq ?? -1) > r.cleared_seq;
  const otherName = nameOf(r);
  const closedReason: ClosedReason = r.blocked ? 'blocked' : r.connected ? null : 'not_connected';
  return {
    id: r.id,
    type: r.conversation_type,
    // A direct conversation has no title of its own: it is named after the other person.
    title: r.title ?? (r.user_id ? otherName : null),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    participants: [
      { user_id: me, role: r.my_role, last_read_at: iso(r.my_last_read_at), display_name: r.my_name ?? 'Unknown User' },
      ...(r.user_id ? [{ user_id: r.user_id, role: r.other_role ?? 'member', last_read_at: iso(r.other_last_read_at), display_name: otherName }] : []),
    ],
    other_user: r.user_id ? { user_id: r.user_id, display_name: otherName, profile_type: r.profile_type ?? 'coach' } : null,
    lastMessage: visible
      ? {
          id: r.last_message_id!,
          content: r.last_message_deleted ? '' : r.last_message_content!,
          message_type: r.last_message_type!,
          sender_id: r.last_message_sender_id!,
          created_at: iso(r.last_message_at)!,
          deleted: r.last_message_deleted,
        }
      : null,
    unreadCount: r.unread_count,
    can_send: closedReason === null,
    closed_reason: closedReason,
  };
}

export type ConversationView = ReturnType<typeof toConversation>;

/** The list's SQL, also for the benchmark's EXPLAIN. */
export const conversationListQuery = (me: string) => ({
  text: `${CONVERSATION_SELECT}
     WHERE me.user_id = $1 AND NOT me.deleted
     ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.id`,
  values: [me],
});

/** The caller's conversations (not those they deleted), the most recently active first. */
export async function conversationsOf(db: Db, me: string): Promise<ConversationView[]> {
  const { rows } = await db.query<ConversationDbRow>(conversationListQuery(me));
  return rows.map((r) => toConversation(r, me));
}

/** One conversation of the caller's, or null when they are not a participant. */
export async function conversationOf(db: Db, me: string, conversationId: string): Promise<ConversationView | null> {
  const { rows } = await db.query<ConversationDbRow>(`${CONVERSATION_SELECT} WHERE me.user_id = $1 AND me.conversation_id = $2`, [me, conversationId]);
  return rows[0] ? toConversation(rows[0], me) : null;
}

interface MessageDbRow {
  id: string;
  seq: number;
  sender_id: string;
  content: string;
  message_type: string;
  metadata: Record<string, unknown>;
  reply_to_id: string | null;
  created_at: Date;
  deleted_at: Date | null;
  read_by: string[];
  reply_content: string | null;
  reply_sender_id: string | null;
  reply_deleted: boolean | null;
}

/**
 * A page of a conversation's history, newest first, before the cursor (a message's
 * position); null when the caller is not a participant. A deleted message keeps its
 * place but not its text.
 */
export async function messagesOf(db: Db, me: string, conversationId: string, before: number | null, limit: number) {
  const { rows: mine } = await db.query<{ cleared_seq: number }>('SELECT cleared_seq FROM conversation_participants WHERE conversation_id = $1 AND user_id = $2', [
    conversationId,
    me,
  ]);
  if (!mine[0]) return null;
  const { rows } = await db.query<MessageDbRow>(
    `SELECT m.id, m.seq, m.sender_id, m.content, m.message_type, m.metadata, m.reply_to_id, m.created_at, m.deleted_at,
            ARRAY(SELECT o.user_id::text FROM conversation_participants o
                  WHERE o.conversation_id = m.conversation_id AND o.user_id <> m.sender_id AND o.last_read_seq >= m.seq) AS read_by,
            r.content AS reply_content, r.sender_id AS reply_sender_id, (r.deleted_at IS NOT NULL) AS reply_deleted
     FROM messages m
     LEFT JOIN messages r ON r.id = m.reply_to_id
     WHERE m.conversation_id = $1 AND m.seq > $2 AND ($3::int IS NULL OR m.seq < $3)
     ORDER BY m.seq DESC
     LIMIT $4`,
    [conversationId, mine[0].cleared_seq, before, limit + 1],
  );
  const page = rows.slice(0, limit);
  return {
    messages: page.map((m) => ({
      id: m.id,
      seq: m.seq,
      content: m.deleted_at ? '' : m.content,
      message_type: m.message_type,
      metadata: m.deleted_at ? {} : m.metadata,
      created_at: m.created_at.toISOString(),
      sender_id: m.sender_id,
      reply_to_id: m.reply_to_id,
      reply_to:
        m.reply_to_id && m.reply_sender_id
          ? { id: m.reply_to_id, sender_id: m.reply_sender_id, content: m.reply_deleted ? '' : m.reply_content!, deleted: !!m.reply_deleted }
          : null,
      deleted_at: iso(m.deleted_at),
      read_by: m.read_by,
    })),
    nextCursor: rows.length > limit ? String(page[page.length - 1].seq) : null,
  };
}

function containing(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Messages whose text contains `term`, in the caller's conversations (optionally one), newest first. */
export async function searchMessages(db: Db, me: string, term: string, conversationId: string | null) {
  const { rows } = await db.query<{ id: string; conversation_id: string; content: string; sender_id: string; created_at: Date; message_type: string }>(
    `SELECT m.id, m.conversation_id, m.content, m.sender_id, m.created_at, m.message_type
     FROM conversation_participants p
     JOIN messages m ON m.conversation_id = p.conversation_id AND m.seq > p.cleared_seq
     WHERE p.user_id = $1 AND ($3::uuid IS NULL OR p.conversation_id = $3)
       AND m.deleted_at IS NULL AND lower(m.content) LIKE $2
     ORDER BY m.created_at DESC, m.id
     LIMIT ${MESSAGE_SEARCH_LIMIT}`,
    [me, containing(term), conversationId],
  );
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
