import type { ReactNode } from 'react';
import { useLiveCommentThread } from './api';
import { CommentWorkoutContext } from './context';

/**
 * The sets inside belong to this saved workout (null: unsaved, or a template's): each
 * set shows its comments. Fetches the thread once for all of them and follows it live.
 */
export function CommentWorkout({ workoutId, children }: { workoutId: string | null; children: ReactNode }) {
  useLiveCommentThread(workoutId);
  return <CommentWorkoutContext value={workoutId}>{children}</CommentWorkoutContext>;
}
