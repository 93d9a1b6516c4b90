/** Texts of the messaging errors and the spec's messaging constants (performance-messaging-templates §8–§9). */
import { MESSAGE_SEARCH_LIMIT, TEXT_LIMITS } from '../../kernel/limits.ts';

export const MESSAGING_MESSAGES = {
  conversationNotFound: 'Conversation not found.',
  messageNotFound: 'Message not found.',
  notConnected: 'Messaging is limited to accepted connections.',
  withYourself: 'You cannot start a conversation with yourself.',
  userNotFound: 'User not found.',
  emptyMessage: 'Message cannot be empty.',
  tooLong: `Message is too long (at most ${TEXT_LIMITS.message} characters).`,
  replyElsewhere: 'The message you reply to is not in this conversation.',
  deleteOthers: 'You can only delete your own messages.',
} as const;

/** At most this many characters in a message, after trimming. */
export const MESSAGE_MAX_LENGTH = TEXT_LIMITS.message;
/** History page size (spec §9). */
export const MESSAGE_PAGE_SIZE = 50;
/** Message search answers at most this many (spec §7). */
export { MESSAGE_SEARCH_LIMIT };
