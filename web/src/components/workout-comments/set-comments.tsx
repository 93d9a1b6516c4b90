import { useContext, useState } from 'react';
import { useUser } from '../../lib/auth';
import { useCommentThread } from './api';
import { CommentForm } from './comment-form';
import { CommentList } from './comment-list';
import { CommentWorkoutContext } from './context';
import './comments.css';

type SetCommentsProps = {
  /** The set's workout; inside a CommentWorkout it may be left out. */
  workoutId?: string;
  setId: string | null | undefined;
  /** "Back Squat set 2". */
  label: string;
};

/** The comments on one set, beside it, and a button to add one. Nothing for an unsaved set or workout. */
export function SetComments({ workoutId: given, setId, label }: SetCommentsProps) {
  const around = useContext(CommentWorkoutContext);
  const workoutId = given ?? around;
  const thread = useCommentThread(workoutId).data;
  const me = useUser().id;
  const [open, setOpen] = useState(false);
  if (!workoutId || !setId) return null;
  const onSet = (thread?.comments ?? []).filter((c) => c.set_id === setId);
  return (
    <div className="set-comments">
      {onSet.length > 0 && <CommentList comments={onSet} me={me} label={`Comments on ${label}`} othersReadUpTo={thread?.others_read_up_to ?? null} />}
      <button type="button" className="btn btn--ghost btn--sm set-comments__toggle" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {open ? 'Cancel comment' : 'Comment'}
        <span className="visually-hidden"> on {label}</span>
      </button>
      {open && <CommentForm workoutId={workoutId} setId={setId} label={`Comment on ${label}`} autoFocus onPosted={() => setOpen(false)} />}
    </div>
  );
}
