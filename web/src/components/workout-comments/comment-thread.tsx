import { useEffect, useId } from 'react';
import { useUser } from '../../lib/auth';
import { useInView } from '../../lib/use-in-view';
import { useLiveCommentThread, useMarkCommentsRead } from './api';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import './comments.css';

/**
 * A workout's whole thread with its unread badge and a field for a comment on the
 * workout. Seen means read: once the panel has been on screen, the thread is marked
 * read up to the newest comment shown (until then the badge says how many are new).
 */
export function CommentThreadPanel({ workoutId }: { workoutId: string }) {
  const thread = useLiveCommentThread(workoutId).data;
  const me = useUser().id;
  const headingId = useId();
  const [panel, seen] = useInView<HTMLElement>('0px');
  const { mutate: markRead, isPending } = useMarkCommentsRead(workoutId);
  const newest = thread?.comments.at(-1)?.posted_at;
  const unread = thread?.unread_count ?? 0;
  useEffect(() => {
    if (seen && unread > 0 && newest && !isPending) markRead(newest);
  }, [seen, unread, newest, isPending, markRead]);
  const list = thread?.comments ?? [];
  return (
    <section ref={panel} className="comment-thread" aria-labelledby={headingId}>
      <h3 id={headingId} className="comment-thread__title">
        Comments
        {unread > 0 && <span className="comment-badge">{unread} unread</span>}
      </h3>
      {list.length === 0 ? (
        <p className="muted">No comments yet.</p>
      ) : (
        <CommentList comments={list} me={me} label="All comments" showSet othersReadUpTo={thread?.others_read_up_to ?? null} />
      )}
      <CommentForm workoutId={workoutId} setId={null} label="Comment on the workout" />
    </section>
  );
}
