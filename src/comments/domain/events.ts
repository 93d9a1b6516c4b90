/**
 * The workout comments' published language: the two events other contexts build on
 * (web push listens for WorkoutCommentPosted by type; crypto-shredding registers
 * `text` as personal data). Keep the names and fields as they are.
 */
export interface WorkoutCommentPostedData {
  commentId: string;
  workoutId: string;
  athleteId: string;
  coachId: string;
  authorId: string;
  authorRole: 'coach' | 'athlete';
  text: string;
  /** The set of that workout the comment is about, or null for the workout as a whole. */
  setId: string | null;
  postedAt: string;
}

export interface WorkoutCommentsReadData {
  workoutId: string;
  readerId: string;
  /** The postedAt of the newest comment read: everything posted up to it counts as read. */
  readUpTo: string;
}

export type WorkoutCommentEvent = { type: 'WorkoutCommentPosted'; data: WorkoutCommentPostedData } | { type: 'WorkoutCommentsRead'; data: WorkoutCommentsReadData };

export const COMMENT_EVENT_TYPES: WorkoutCommentEvent['type'][] = ['WorkoutCommentPosted', 'WorkoutCommentsRead'];

/** One workout's thread is one stream. */
export function commentStream(workoutId: string): string {
  return `workout-comments-${workoutId}`;
}

/** At most this many characters in a comment, after trimming. */
export const COMMENT_MAX_LENGTH = 2000;

export const COMMENT_MESSAGES = {
  workoutNotFound: 'Workout not found.',
  workoutDeleted: 'This workout was deleted: it takes no new comments.',
  empty: 'Comment cannot be empty.',
  tooLong: `Comment is too long (at most ${COMMENT_MAX_LENGTH} characters).`,
  invalidText: 'Comment contains characters that are not allowed.',
  setNotInWorkout: 'That set is not part of this workout.',
  noCoach: 'You have no linked coach to comment to.',
  notLinked: 'Commenting is limited to an athlete and their linked coach.',
  blocked: 'Commenting is not possible: one of you has blocked the other.',
  idTaken: 'This comment id is already used by another comment.',
} as const;
