import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { errorMessage } from '../../lib/api-client';
import { COMMENT_MAX_LENGTH, newCommentId, usePostComment } from './api';

type CommentFormProps = {
  workoutId: string;
  setId: string | null;
  /** The field's label: "Comment on the workout", "Comment on Back Squat set 2". */
  label: string;
  autoFocus?: boolean;
  onPosted?: () => void;
};

export function CommentForm({ workoutId, setId, label, autoFocus, onPosted }: CommentFormProps) {
  const [text, setText] = useState('');
  const post = usePostComment(workoutId);
  // One id per comment, kept until it is posted: pressing Post again after a failure cannot post it twice.
  const pendingId = useRef<string | null>(null);
  const fieldId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || post.isPending) return;
    pendingId.current ??= newCommentId();
    post.mutate(
      { text, setId, commentId: pendingId.current },
      {
        onSuccess: () => {
          pendingId.current = null;
          setText('');
          onPosted?.();
        },
      },
    );
  };
  return (
    <form className="comment-form" onSubmit={submit}>
      <label htmlFor={fieldId} className="comment-form__label">
        {label}
      </label>
      <textarea
        id={fieldId}
        className="input comment-form__text"
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        value={text}
        autoFocus={autoFocus}
        onChange={(e) => {
          setText(e.target.value);
          pendingId.current = null;
        }}
      />
      {post.isError && (
        <p className="field__error" role="alert">
          {errorMessage(post.error)}
        </p>
      )}
      <Button type="submit" size="sm" disabled={!text.trim()} isLoading={post.isPending}>
        Post
      </Button>
    </form>
  );
}
