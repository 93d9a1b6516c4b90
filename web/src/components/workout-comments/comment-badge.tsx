import { useContext, type ComponentPropsWithoutRef } from 'react';
import { useCommentCounts } from './api';
import { CommentCountsContext } from './context';
import './comments.css';

type CommentCountsScopeProps = ComponentPropsWithoutRef<'div'> & { athleteId: string; from: string; to: string };

/** A block whose workout cards show their unread comments: the counts of its days come in one request, kept live. */
export function CommentCountsScope({ athleteId, from, to, children, ...div }: CommentCountsScopeProps) {
  const counts = useCommentCounts(athleteId || null, from, to);
  return (
    <div {...div}>
      <CommentCountsContext value={counts.data}>{children}</CommentCountsContext>
    </div>
  );
}

/** "2 unread comments" on a calendar card; nothing when all are read. */
export function CommentBadge({ workoutId }: { workoutId: string }) {
  const unread = useContext(CommentCountsContext)?.get(workoutId) ?? 0;
  if (unread === 0) return null;
  return (
    <span className="comment-badge comment-badge--card">
      <span aria-hidden="true">💬 {unread}</span>
      <span className="visually-hidden">{unread === 1 ? '1 unread comment' : `${unread} unread comments`}</span>
    </span>
  );
}
