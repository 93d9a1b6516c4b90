/**
 * The messaging projection's fold: the rows a batch touches, changed in memory event
 * by event (each row remembers the stream version it last applied, so an event seen
 * before changes nothing), and the topics whose data changed.
 */
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { ConversationEvent, SentMessage } from '../../src/messaging/domain/conversation.ts';
import { topicOf } from '../../src/kernel/topics.ts';

export interface ConversationRow {
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

export interface ParticipantRow {
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

export interface MessageRow {
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

export const CONVERSATION_COLUMNS: [keyof ConversationRow, string][] = [
  ['id', 'uuid'],
  ['conversation_type', 'text'],
  ['title', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['last_message_id', 'uuid'],
  ['last_message_seq', 'int'],
  ['last_message_sender_id', 'uuid'],
  ['last_message_content', 'text'],
  ['last_message_type', 'text'],
  ['last_message_at', 'timestamptz'],
  ['last_message_deleted', 'boolean'],
  ['version', 'int'],
];
export const PARTICIPANT_COLUMNS: [keyof ParticipantRow, string][] = [
  ['conversation_id', 'uuid'],
  ['user_id', 'uuid'],
  ['role', 'text'],
  ['joined_at', 'timestamptz'],
  ['last_read_at', 'timestamptz'],
  ['last_read_seq', 'int'],
  ['unread_count', 'int'],
  ['deleted', 'boolean'],
  ['cleared_seq', 'int'],
  ['version', 'int'],
];
export const MESSAGE_COLUMNS: [keyof MessageRow, string][] = [
  ['id', 'uuid'],
  ['conversation_id', 'uuid'],
  ['seq', 'int'],
  ['sender_id', 'uuid'],
  ['content', 'text'],
  ['message_type', 'text'],
  ['metadata', 'jsonb'],
  ['reply_to_id', 'uuid'],
  ['created_at', 'timestamptz'],
  ['deleted_at', 'timestamptz'],
];

export const cols = (c: [string, string][]) => c.map(([n]) => n).join(', ');
export const recordset = (c: [string, string][]) => c.map(([n, type]) => `${n} ${type}`).join(', ');
export const updates = (c: [string, string][], keys: string[]) =>
  c
    .filter(([n]) => !keys.includes(n))
    .map(([n]) => `${n} = EXCLUDED.${n}`)
    .join(', ');

/** Everything a batch changes, keyed for the fold. */
export class Fold {
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
    this.topics.add(topicOf.inbox(p.user_id));
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
        id,
        conversation_type: d.conversationType,
        title: null,
        created_by: d.startedBy,
        created_at: d.startedAt,
        updated_at: d.startedAt,
        last_message_id: null,
        last_message_seq: null,
        last_message_sender_id: null,
        last_message_content: null,
        last_message_type: null,
        last_message_at: null,
        last_message_deleted: false,
        version: v,
      });
      this.changedConversations.add(id);
      for (const userId of d.participantIds) {
        const p: ParticipantRow = {
          conversation_id: id,
          user_id: userId,
          role: userId === d.startedBy ? 'owner' : 'member',
          joined_at: d.startedAt,
          last_read_at: null,
          last_read_seq: -1,
          unread_count: 0,
          deleted: false,
          cleared_seq: -1,
          version: v,
        };
        this.participants.set(pkey(id, userId), p);
        this.touch(p, v);
      }
      this.topics.add(topicOf.conversation(id));
      return;
    }
    // Events of a conversation whose start this read model never saw cannot be placed.
    if (!conv) throw new Error(`${e.type} for unknown conversation ${id}`);
    if (v <= conv.version) return; // already applied
    conv.version = v;
    this.changedConversations.add(id);
    this.topics.add(topicOf.conversation(id));
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
          id: d.messageId,
          conversation_id: id,
          seq: v,
          sender_id: d.senderId,
          content: d.content,
          message_type: d.messageType,
          metadata: d.metadata,
          reply_to_id: d.replyToId,
          created_at: d.sentAt,
          deleted_at: null,
        });
        this.knownMessages.set(d.messageId, { seq: v, sender_id: d.senderId, conversation_id: id });
        Object.assign(conv, {
          updated_at: d.sentAt,
          last_message_id: d.messageId,
          last_message_seq: v,
          last_message_sender_id: d.senderId,
          last_message_content: d.content,
          last_message_type: d.messageType,
          last_message_at: d.sentAt,
          last_message_deleted: false,
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
