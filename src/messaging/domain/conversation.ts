/**
 * A direct conversation (stream `conversation-<id>`, id = directConversationId(pair)):
 * who takes part, its messages (who sent each, whether it was deleted) and each
 * participant's read and deleted-for-me marks. The connection between the two is the
 * network context's fact, read by the caller and passed in as `connected`: the rule
 * "only accepted connections may start or send" is decided here.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES as M } from './messages.ts';

export type MessageMetadata = Record<string, string | number | boolean | null>;

export interface SentMessage {
  conversationId: string;
  messageId: string;
  senderId: string;
  content: string;
  messageType: string;
  metadata: MessageMetadata;
  replyToId: string | null;
  sentAt: string;
}

export type ConversationEvent =
  | { type: 'ConversationStarted'; data: { conversationId: string; conversationType: 'direct'; participantIds: string[]; startedBy: string; startedAt: string } }
  | { type: 'ConversationReopened'; data: { conversationId: string; userId: string } }
  | { type: 'MessageSent'; data: SentMessage }
  | { type: 'MessageDeleted'; data: { conversationId: string; messageId: string; deletedBy: string; deletedAt: string } }
  | { type: 'ConversationRead'; data: { conversationId: string; userId: string; readAt: string } }
  | { type: 'ConversationDeleted'; data: { conversationId: string; userId: string } };

export const MESSAGING_EVENT_TYPES: ConversationEvent['type'][] = [
  'ConversationStarted',
  'ConversationReopened',
  'MessageSent',
  'MessageDeleted',
  'ConversationRead',
  'ConversationDeleted',
];

export interface NewMessage {
  messageId: string;
  content: string;
  messageType?: string;
  metadata?: MessageMetadata;
  replyToId?: string | null;
}

export type ConversationCommand =
  | { type: 'StartConversation'; conversationId: string; by: string; otherUserId: string; connected: boolean; initialMessage?: NewMessage }
  | ({ type: 'SendMessage'; conversationId: string; senderId: string; connected: boolean } & NewMessage)
  | { type: 'DeleteMessage'; conversationId: string; messageId: string; by: string }
  | { type: 'MarkConversationRead'; conversationId: string; by: string }
  | { type: 'DeleteConversation'; conversationId: string; by: string };

/** What the rules need of a message: who sent it, and whether it was deleted. */
export interface MessageMark {
  senderId: string;
  deleted: boolean;
}

export interface ConversationState {
  conversationId: string | null;
  participants: string[];
  /** Participants who deleted the conversation for themselves (until it reopens for them). */
  deletedFor: string[];
  /** Participants with messages from the other side they have not read yet. */
  unreadFor: string[];
  messages: ReadonlyMap<string, MessageMark>;
}

const without = (list: string[], id: string) => list.filter((x) => x !== id);
const withOne = (list: string[], id: string) => (list.includes(id) ? list : [...list, id]);

function messageOf(conversationId: string, senderId: string, m: NewMessage, sentAt: Date, state: ConversationState): SentMessage {
  const content = m.content.trim();
  if (!content) throw new DomainError(400, M.emptyMessage);
  if (content.length > MESSAGE_MAX_LENGTH) throw new DomainError(400, M.tooLong);
  const replyToId = m.replyToId ?? null;
  if (replyToId !== null && !state.messages.has(replyToId)) throw new DomainError(400, M.replyElsewhere);
  return {
    conversationId,
    messageId: m.messageId,
    senderId,
    content,
    messageType: m.messageType ?? 'text',
    metadata: m.metadata ?? {},
    replyToId,
    sentAt: sentAt.toISOString(),
  };
}

function participantOrThrow(state: ConversationState, userId: string): void {
  if (!state.participants.includes(userId)) throw new DomainError(404, M.conversationNotFound);
}

/**
 * The conversation after `events`. The messages are copied once per run and filled in
 * place (Decider.evolveAll): a copy per message made reading a 5,000-message thread
 * take seconds. The small lists are replaced, never changed, as before.
 */
function foldConversation(state: ConversationState, events: readonly ConversationEvent[]): ConversationState {
  if (events.length === 0) return state;
  const messages = new Map(state.messages);
  let next = state;
  for (const event of events) next = step(next, event, messages);
  return { ...next, messages };
}

/** One event onto `state`, whose messages are `messages` (the run's own copy, changed here). */
function step(state: ConversationState, event: ConversationEvent, messages: Map<string, MessageMark>): ConversationState {
  switch (event.type) {
    case 'ConversationStarted':
      return { ...state, conversationId: event.data.conversationId, participants: [...event.data.participantIds] };
    case 'ConversationReopened':
      return { ...state, deletedFor: without(state.deletedFor, event.data.userId) };
    case 'MessageSent': {
      const { messageId, senderId } = event.data;
      messages.set(messageId, { senderId, deleted: false });
      // A new message brings the conversation back for whoever had deleted it.
      const others = state.participants.filter((p) => p !== senderId);
      return { ...state, deletedFor: [], unreadFor: others.reduce(withOne, state.unreadFor) };
    }
    case 'MessageDeleted': {
      const m = messages.get(event.data.messageId);
      if (m) messages.set(event.data.messageId, { ...m, deleted: true });
      return state;
    }
    case 'ConversationRead':
      return { ...state, unreadFor: without(state.unreadFor, event.data.userId) };
    case 'ConversationDeleted':
      return { ...state, deletedFor: withOne(state.deletedFor, event.data.userId), unreadFor: without(state.unreadFor, event.data.userId) };
    default:
      return assertNever(event);
  }
}

export const conversationDecider: Decider<ConversationState, ConversationCommand, ConversationEvent> = {
  initialState: () => ({ conversationId: null, participants: [], deletedFor: [], unreadFor: [], messages: new Map() }),

  evolve: (state, event) => foldConversation(state, [event]),
  evolveAll: (state, events) => foldConversation(state, events),

  decide(command, state, ctx) {
    switch (command.type) {
      case 'StartConversation': {
        const { conversationId, by, otherUserId } = command;
        if (by === otherUserId) throw new DomainError(400, M.withYourself);
        if (!command.connected) throw new DomainError(403, M.notConnected);
        const events: ConversationEvent[] = [];
        if (state.conversationId === null) {
          const participantIds = [by, otherUserId].sort();
          events.push({ type: 'ConversationStarted', data: { conversationId, conversationType: 'direct', participantIds, startedBy: by, startedAt: ctx.now.toISOString() } });
        } else if (state.deletedFor.includes(by)) {
          events.push({ type: 'ConversationReopened', data: { conversationId, userId: by } });
        }
        const initial = command.initialMessage;
        // An empty initial message means none: the chat opens without one.
        if (initial && initial.content.trim()) {
          events.push({ type: 'MessageSent', data: messageOf(conversationId, by, initial, ctx.now, state) });
        }
        return events;
      }
      case 'SendMessage': {
        participantOrThrow(state, command.senderId);
        if (!command.connected) throw new DomainError(403, M.notConnected);
        return [{ type: 'MessageSent', data: messageOf(command.conversationId, command.senderId, command, ctx.now, state) }];
      }
      case 'DeleteMessage': {
        participantOrThrow(state, command.by);
        const m = state.messages.get(command.messageId);
        if (!m) throw new DomainError(404, M.messageNotFound);
        if (m.senderId !== command.by) throw new DomainError(403, M.deleteOthers);
        if (m.deleted) return [];
        return [
          { type: 'MessageDeleted', data: { conversationId: command.conversationId, messageId: command.messageId, deletedBy: command.by, deletedAt: ctx.now.toISOString() } },
        ];
      }
      case 'MarkConversationRead': {
        participantOrThrow(state, command.by);
        // Nothing new to read: no event (the client marks on every open, debounced).
        if (!state.unreadFor.includes(command.by)) return [];
        return [{ type: 'ConversationRead', data: { conversationId: command.conversationId, userId: command.by, readAt: ctx.now.toISOString() } }];
      }
      case 'DeleteConversation': {
        participantOrThrow(state, command.by);
        if (state.deletedFor.includes(command.by)) return [];
        return [{ type: 'ConversationDeleted', data: { conversationId: command.conversationId, userId: command.by } }];
      }
      default:
        return assertNever(command);
    }
  },
};
