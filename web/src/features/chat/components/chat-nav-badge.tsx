import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { unreadCountQueryKey, useUnreadCount } from '../api/conversations';
import { badgeText } from '../utils/format';
import './chat.css';
import { topicOf } from '@kernel';

/** The Chat navigation item's unread badge; follows the user's inbox topic, so it updates live on every page. */
export function ChatNavBadge() {
  const user = useUser();
  const { data } = useUnreadCount();
  useTopic(topicOf.inbox(user.id), [unreadCountQueryKey]);
  const count = data ?? 0;
  if (count <= 0) return null;
  return (
    <span className="chat-badge chat-badge--nav" aria-label={`${count} unread ${count === 1 ? 'message' : 'messages'}`}>
      {badgeText(count)}
    </span>
  );
}
