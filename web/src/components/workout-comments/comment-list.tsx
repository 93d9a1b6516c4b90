import type { WorkoutComment } from './api';

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type CommentListProps = {
  comments: WorkoutComment[];
  me: string;
  label: string;
  /** Name the set of each comment (the whole thread); off beside a set. */
  showSet?: boolean;
  /** The newest of the reader's own comments the other side has read up to. */
  othersReadUpTo: string | null;
};

export function CommentList({ comments, me, label, showSet, othersReadUpTo }: CommentListProps) {
  const lastMine = [...comments].reverse().find((c) => c.author_id === me);
  const seen = lastMine && othersReadUpTo && othersReadUpTo >= lastMine.posted_at;
  return (
    <ol className="comment-list" aria-label={label}>
      {comments.map((c) => (
        <li key={c.id} className={c.author_id === me ? 'comment comment--mine' : 'comment'}>
          <p className="comment__meta">
            <strong>{c.author_id === me ? 'You' : c.author_name}</strong>
            {showSet && c.set_id && <span> on {c.set ? `${c.set.exercise_name} set ${c.set.set_number}` : 'a removed set'}</span>}{' '}
            <time className="muted" dateTime={c.posted_at}>
              {when(c.posted_at)}
            </time>
          </p>
          <p className="comment__text">{c.text}</p>
          {c === lastMine && seen && <p className="comment__seen muted">Seen</p>}
        </li>
      ))}
    </ol>
  );
}
