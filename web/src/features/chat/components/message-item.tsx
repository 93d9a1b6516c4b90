import { cx } from '../../../lib/cx';
import type { Message } from '../api/messages';
import { clockTime } from '../utils/format';

type Props = {
  message: Message;
  mine: boolean;
  /** False when it continues the previous message's group (same sender, under 5 minutes). */
  startsGroup: boolean;
  /** Just jumped to from search: highlighted for a moment, and focused. */
  found?: boolean;
  senderName: string;
  onReply: (m: Message) => void;
  onDelete: (m: Message) => void;
  nameOf: (userId: string) => string;
};

/** One message: bubble, reply preview, time, ticks on one's own (single sent, double read), reply and delete. */
export function MessageItem({ message: m, mine, startsGroup, found = false, senderName, onReply, onDelete, nameOf }: Props) {
  const deleted = m.deleted_at !== null;
  const read = m.read_by.length > 0;
  return (
    <li
      className={cx('chat-msg', mine ? 'chat-msg--mine' : 'chat-msg--theirs', startsGroup && 'chat-msg--group-start', found && 'chat-msg--found')}
      data-message-id={m.id}
      // The jump from search moves focus here, so reading goes on from the message found.
      tabIndex={-1}
      aria-label={`${senderName}: ${deleted ? 'Message deleted' : m.content}`}
    >
      {startsGroup && (
        <span className="chat-msg__meta">
          {senderName} · {clockTime(m.created_at)}
        </span>
      )}
      <div className="chat-msg__bubble">
        {m.reply_to && (
          <span className="chat-msg__reply">
            <span className="chat-msg__reply-name">{nameOf(m.reply_to.sender_id)}</span>
            {m.reply_to.deleted ? 'Message deleted' : m.reply_to.content}
          </span>
        )}
        <span className={cx('chat-msg__text', deleted && 'chat-msg__text--deleted')}>{deleted ? 'Message deleted' : m.content}</span>
        {mine && !deleted && (
          <span className={cx('chat-msg__ticks', read && 'chat-msg__ticks--read')} role="img" aria-label={read ? 'Read' : 'Sent'}>
            {read ? '✓✓' : '✓'}
          </span>
        )}
      </div>
      {!deleted && (
        <span className="chat-msg__actions">
          <button type="button" className="chat-link" onClick={() => onReply(m)} aria-label={`Reply to ${senderName}'s message`}>
            Reply
          </button>
          {mine && (
            <button type="button" className="chat-link chat-link--danger" onClick={() => onDelete(m)} aria-label="Delete message">
              Delete
            </button>
          )}
        </span>
      )}
    </li>
  );
}
