import { initialOf } from '@kernel';
import { cx } from '../../../lib/cx';
import { conversationName, type Conversation } from '../api/conversations';
import { badgeText, timeLabel } from '../utils/format';

type Props = { conversations: Conversation[]; selectedId: string | null; onSelect: (id: string) => void; me: string };

/** The conversation list: name, last message, time label and unread badge. */
export function ConversationList({ conversations, selectedId, onSelect, me }: Props) {
  if (conversations.length === 0) return <p className="chat-empty">No conversations yet</p>;
  return (
    <ul className="chat-list" aria-label="Conversations">
      {conversations.map((c) => {
        const name = conversationName(c);
        const last = c.lastMessage;
        const preview = last ? (last.deleted ? 'Message deleted' : `${last.sender_id === me ? 'You: ' : ''}${last.content}`) : 'No messages yet';
        return (
          <li key={c.id}>
            <button
              type="button"
              className={cx('chat-list__item', c.id === selectedId && 'chat-list__item--active')}
              aria-current={c.id === selectedId ? 'true' : undefined}
              // Named by its text as shown (WCAG 2.5.3, label in name): "Casey Coach 5m Hello 1 unread".
              onClick={() => onSelect(c.id)}
            >
              <span className="chat-avatar" aria-hidden="true">
                {initialOf(name)}
              </span>
              <span className="chat-list__body">
                <span className="chat-list__top">
                  <span className="chat-list__name">{name}</span>
                  <span className="chat-list__time">{timeLabel(last?.created_at ?? c.updated_at)}</span>
                </span>
                <span className="chat-list__bottom">
                  <span className="chat-list__preview">{preview}</span>
                  {c.unreadCount > 0 && (
                    <span className="chat-badge">
                      {badgeText(c.unreadCount)}
                      <span className="visually-hidden"> unread</span>
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
