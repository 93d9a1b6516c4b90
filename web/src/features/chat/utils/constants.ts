/** Messaging constants (performance-messaging-templates §9). */
import { TEXT_LIMITS } from '@kernel';

export const MESSAGE_PAGE_SIZE = 50;
/** Messages closer than this to the previous one from the same sender are grouped. */
export const GROUP_GAP_MS = 5 * 60 * 1000;
export const UNREAD_BADGE_CAP = 99;
export const CONTACTS_SHOWN = 5;
export const TYPING_RESET_MS = 2000;
/** The client sends "typing" at most this often while the user types. */
export const TYPING_SEND_EVERY_MS = 1000;
export const READ_MARK_DEBOUNCE_MS = 500;
export const CHAT_CREATE_RETRIES = 3;
export const CHAT_CREATE_RETRY_MS = 500;
export const DELETE_TIMEOUT_MS = 5000;
/** The server's limit, from the kernel: the composer's maxLength. */
export const MESSAGE_MAX_LENGTH = TEXT_LIMITS.message;
/** Message search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** A found message stays highlighted this long after the jump. */
export const FOUND_HIGHLIGHT_MS = 3000;
