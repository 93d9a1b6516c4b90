import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { conversationDecider, type ConversationCommand, type ConversationEvent } from '../src/messaging/domain/conversation.ts';
import { conversationStream, directConversationId } from '../src/messaging/domain/conversation-id.ts';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const CAL = '33333333-3333-4333-8333-333333333333';
const CONV = directConversationId(ANA, BEN);
const M1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const M2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const NOW = new Date('2025-03-01T10:00:00Z');
const AT = NOW.toISOString();

const given = deciderSpec(conversationDecider, { userId: ANA, now: NOW });

const started = (by = ANA): ConversationEvent => ({
  type: 'ConversationStarted',
  data: { conversationId: CONV, conversationType: 'direct', participantIds: [ANA, BEN], startedBy: by, startedAt: AT },
});
const sent = (messageId: string, senderId: string, content = 'hi', replyToId: string | null = null): ConversationEvent => ({
  type: 'MessageSent',
  data: { conversationId: CONV, messageId, senderId, content, messageType: 'text', metadata: {}, replyToId, sentAt: AT },
});
const read = (userId: string): ConversationEvent => ({ type: 'ConversationRead', data: { conversationId: CONV, userId, readAt: AT } });
const deletedFor = (userId: string): ConversationEvent => ({ type: 'ConversationDeleted', data: { conversationId: CONV, userId } });

const start = (by: string, other: string, connected = true, initial?: string): ConversationCommand => ({
  type: 'StartConversation',
  conversationId: CONV,
  by,
  otherUserId: other,
  connected,
  ...(initial !== undefined ? { initialMessage: { messageId: M1, content: initial } } : {}),
});
const send = (
  senderId: string,
  content: string,
  extra: { connected?: boolean; replyToId?: string | null; messageId?: string; messageType?: string } = {},
): ConversationCommand => ({
  type: 'SendMessage',
  conversationId: CONV,
  senderId,
  connected: extra.connected ?? true,
  messageId: extra.messageId ?? M2,
  content,
  ...(extra.replyToId !== undefined ? { replyToId: extra.replyToId } : {}),
  ...(extra.messageType ? { messageType: extra.messageType } : {}),
});

describe('the conversation id', () => {
  it('is the same whoever of the pair starts, and differs for another pair', () => {
    expect(directConversationId(BEN, ANA)).toBe(CONV);
    expect(directConversationId(ANA, CAL)).not.toBe(CONV);
    expect(CONV).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(conversationStream(CONV)).toBe(`conversation-${CONV}`);
  });
});

describe('StartConversation', () => {
  it('starts a direct conversation between accepted connections', () => {
    given([])
      .when(start(ANA, BEN))
      .then([started(ANA)]);
  });
  it('starts it with an initial message, trimmed', () => {
    given([])
      .when(start(ANA, BEN, true, '  hello  '))
      .then([started(ANA), sent(M1, ANA, 'hello')]);
  });
  it('treats a blank initial message as none', () => {
    given([])
      .when(start(ANA, BEN, true, '   '))
      .then([started(ANA)]);
  });
  it('reuses the existing conversation: nothing new is started', () => {
    given([started(ANA)])
      .when(start(ANA, BEN))
      .then([]);
  });
  it('ends in one conversation when both start at the same moment: the second decides on the first one’s stream and starts nothing', () => {
    // Both commands go to one stream (the id is a function of the pair); the store lets
    // one append at the expected version, the other re-decides on top of it.
    const ben = start(BEN, ANA);
    expect(ben).toMatchObject({ conversationId: CONV });
    given([])
      .when(ben, BEN)
      .then([started(BEN)]);
    given([started(ANA)])
      .when(ben, BEN)
      .then([]);
    given([started(ANA)])
      .when({ type: 'StartConversation', conversationId: CONV, by: BEN, otherUserId: ANA, connected: true, initialMessage: { messageId: M2, content: 'hey' } }, BEN)
      .then([sent(M2, BEN, 'hey')]);
  });
  it('reopens it for a participant who had deleted it', () => {
    given([started(), deletedFor(ANA)])
      .when(start(ANA, BEN))
      .then([{ type: 'ConversationReopened', data: { conversationId: CONV, userId: ANA } }]);
  });
  it('refuses a conversation with yourself', () => {
    given([]).when(start(ANA, ANA)).thenThrows(400, 'You cannot start a conversation with yourself.');
  });
  it('refuses users without an accepted connection (never connected, pending, removed or blocked)', () => {
    given([])
      .when(start(ANA, CAL, false))
      .thenThrows(403, 'Messaging is limited to accepted connections.');
    given([started()])
      .when(start(ANA, BEN, false))
      .thenThrows(403, 'Messaging is limited to accepted connections.');
  });
  it('refuses an initial message over 4,000 characters', () => {
    given([])
      .when(start(ANA, BEN, true, 'x'.repeat(4001)))
      .thenThrows(400, 'Message is too long (at most 4000 characters).');
  });
});

describe('SendMessage', () => {
  it('sends a trimmed text message', () => {
    given([started()])
      .when(send(ANA, '  see you at 6  '))
      .then([sent(M2, ANA, 'see you at 6')]);
  });
  it('keeps a message type other than text', () => {
    given([started()])
      .when(send(BEN, 'pic', { messageType: 'image' }), BEN)
      .then([{ ...sent(M2, BEN, 'pic'), data: { ...(sent(M2, BEN, 'pic').data as object), messageType: 'image' } } as ConversationEvent]);
  });
  it('accepts exactly 4,000 characters and refuses 4,001', () => {
    given([started()])
      .when(send(ANA, 'y'.repeat(4000)))
      .then([sent(M2, ANA, 'y'.repeat(4000))]);
    given([started()])
      .when(send(ANA, 'y'.repeat(4001)))
      .thenThrows(400, 'Message is too long (at most 4000 characters).');
  });
  it('refuses an empty or whitespace-only message', () => {
    given([started()]).when(send(ANA, '')).thenThrows(400, 'Message cannot be empty.');
    given([started()]).when(send(ANA, ' \n\t ')).thenThrows(400, 'Message cannot be empty.');
  });
  it('replies to a message of the same conversation', () => {
    given([started(), sent(M1, BEN)])
      .when(send(ANA, 'yes', { replyToId: M1 }))
      .then([sent(M2, ANA, 'yes', M1)]);
  });
  it('refuses a reply to a message that is not in this conversation', () => {
    given([started()])
      .when(send(ANA, 'yes', { replyToId: M1 }))
      .thenThrows(400, 'The message you reply to is not in this conversation.');
  });
  it('stops new messages both ways once the connection is blocked or removed', () => {
    given([started(), sent(M1, BEN)])
      .when(send(ANA, 'hello', { connected: false }))
      .thenThrows(403, 'Messaging is limited to accepted connections.');
    given([started(), sent(M1, ANA)])
      .when(send(BEN, 'hello', { connected: false }), BEN)
      .thenThrows(403, 'Messaging is limited to accepted connections.');
  });
  it('answers 404 to someone who is not a participant, and for a conversation never started', () => {
    given([started()]).when(send(CAL, 'hi'), CAL).thenThrows(404, 'Conversation not found.');
    given([]).when(send(ANA, 'hi')).thenThrows(404, 'Conversation not found.');
  });
});

describe('DeleteMessage', () => {
  const del = (by: string, messageId = M1): ConversationCommand => ({ type: 'DeleteMessage', conversationId: CONV, messageId, by });
  it('lets the sender delete their own message', () => {
    given([started(), sent(M1, ANA)])
      .when(del(ANA))
      .then([{ type: 'MessageDeleted', data: { conversationId: CONV, messageId: M1, deletedBy: ANA, deletedAt: AT } }]);
  });
  it('does nothing the second time', () => {
    given([started(), sent(M1, ANA), { type: 'MessageDeleted', data: { conversationId: CONV, messageId: M1, deletedBy: ANA, deletedAt: AT } }])
      .when(del(ANA))
      .then([]);
  });
  it('refuses deleting the other participant’s message', () => {
    given([started(), sent(M1, BEN)])
      .when(del(ANA))
      .thenThrows(403, 'You can only delete your own messages.');
  });
  it('answers 404 for an unknown message or a non-participant', () => {
    given([started()]).when(del(ANA)).thenThrows(404, 'Message not found.');
    given([started(), sent(M1, ANA)])
      .when(del(CAL), CAL)
      .thenThrows(404, 'Conversation not found.');
  });
});

describe('MarkConversationRead', () => {
  const mark = (by: string): ConversationCommand => ({ type: 'MarkConversationRead', conversationId: CONV, by });
  it('marks the conversation read for a participant with unread messages', () => {
    given([started(), sent(M1, ANA)])
      .when(mark(BEN), BEN)
      .then([read(BEN)]);
  });
  it('records nothing when there is nothing new (own messages, or already read)', () => {
    given([started(), sent(M1, ANA)])
      .when(mark(ANA))
      .then([]);
    given([started(), sent(M1, ANA), read(BEN)])
      .when(mark(BEN), BEN)
      .then([]);
  });
  it('reads again after a new message', () => {
    given([started(), sent(M1, ANA), read(BEN), sent(M2, ANA)])
      .when(mark(BEN), BEN)
      .then([read(BEN)]);
  });
  it('answers 404 to a non-participant', () => {
    given([started(), sent(M1, ANA)])
      .when(mark(CAL), CAL)
      .thenThrows(404, 'Conversation not found.');
  });
});

describe('DeleteConversation', () => {
  const remove = (by: string): ConversationCommand => ({ type: 'DeleteConversation', conversationId: CONV, by });
  it('deletes it for the participant who asks only', () => {
    given([started(), sent(M1, ANA)])
      .when(remove(BEN), BEN)
      .then([deletedFor(BEN)]);
  });
  it('does nothing when already deleted for them, and again after a new message brings it back', () => {
    given([started(), deletedFor(BEN)])
      .when(remove(BEN), BEN)
      .then([]);
    given([started(), deletedFor(BEN), sent(M1, ANA)])
      .when(remove(BEN), BEN)
      .then([deletedFor(BEN)]);
  });
  it('answers 404 to a non-participant', () => {
    given([started()]).when(remove(CAL), CAL).thenThrows(404, 'Conversation not found.');
  });
});
