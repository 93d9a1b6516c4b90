/**
 * One workout's comment thread (stream `workout-comments-<workoutId>`): who wrote
 * what, on which set, and how far each reader has read. Who may post is the
 * caller's fact (the coaching link, blocks and the workout's sets are read models and
 * the workout's stream), passed in with the command; the rules are decided here.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES as M, type WorkoutCommentEvent } from './events.ts';

export interface PostComment {
  type: 'PostWorkoutComment';
  /** The client's id for the comment: a retried post with the same id posts nothing new. */
  commentId: string;
  workoutId: string;
  athleteId: string;
  /** The coach on the other side of the thread; null when the athlete has none linked. */
  coachId: string | null;
  authorId: string;
  authorRole: 'coach' | 'athlete';
  text: string;
  setId: string | null;
  /** The workout's current set ids. */
  workoutSetIds: readonly string[];
  workoutDeleted: boolean;
  /** The coach and the athlete are linked (the coaching context's client_links). */
  linked: boolean;
  /** Either of them blocked the other (the network context). */
  blocked: boolean;
}

export interface MarkRead {
  type: 'MarkWorkoutCommentsRead';
  workoutId: string;
  readerId: string;
  /** Read only up to the comments the reader has seen (ISO); absent: everything. */
  upTo?: string | null;
}

export type WorkoutCommentCommand = PostComment | MarkRead;

interface KnownComment {
  authorId: string;
  text: string;
  setId: string | null;
  postedAt: string;
}

export interface WorkoutCommentsState {
  comments: ReadonlyMap<string, KnownComment>;
  /** Posting times in order (strictly increasing: see decide). */
  postedAt: readonly { at: string; authorId: string }[];
  readUpTo: Readonly<Record<string, string>>;
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text as kept: trimmed, 1..2000 characters, no NUL, no unpaired surrogate. */
export function commentText(raw: string): string {
  if (NUL.test(raw) || LONE_SURROGATE.test(raw)) throw new DomainError(400, M.invalidText);
  const text = raw.trim();
  if (!text) throw new DomainError(400, M.empty);
  if ([...text].length > COMMENT_MAX_LENGTH) throw new DomainError(400, M.tooLong);
  return text;
}

/** The newest posting time by someone else than `readerId`, after `after` and up to `upTo`. */
function newestUnread(state: WorkoutCommentsState, readerId: string, upTo: string | null): string | null {
  const after = state.readUpTo[readerId] ?? '';
  let newest: string | null = null;
  for (const p of state.postedAt) {
    if (upTo !== null && p.at > upTo) break;
    if (p.at > after && p.authorId !== readerId) newest = p.at;
  }
  if (newest === null) return null;
  // Read up to the newest comment seen, the reader's own ones after it included.
  const seen = state.postedAt.filter((p) => upTo === null || p.at <= upTo).at(-1);
  return seen ? seen.at : newest;
}

export const workoutCommentsDecider: Decider<WorkoutCommentsState, WorkoutCommentCommand, WorkoutCommentEvent> = {
  initialState: () => ({ comments: new Map(), postedAt: [], readUpTo: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'WorkoutCommentPosted': {
        const d = event.data;
        return {
          ...state,
          comments: new Map(state.comments).set(d.commentId, { authorId: d.authorId, text: d.text, setId: d.setId, postedAt: d.postedAt }),
          postedAt: [...state.postedAt, { at: d.postedAt, authorId: d.authorId }],
        };
      }
      case 'WorkoutCommentsRead': {
        const d = event.data;
        const before = state.readUpTo[d.readerId];
        if (before !== undefined && before >= d.readUpTo) return state;
        return { ...state, readUpTo: { ...state.readUpTo, [d.readerId]: d.readUpTo } };
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    switch (command.type) {
      case 'PostWorkoutComment': {
        const text = commentText(command.text);
        const setId = command.setId?.toLowerCase() ?? null;
        const known = state.comments.get(command.commentId);
        if (known) {
          // A retry of the same post: nothing new. The same id for something else is refused.
          if (known.authorId === command.authorId && known.text === text && known.setId === setId) return [];
          throw new DomainError(409, M.idTaken);
        }
        if (command.workoutDeleted) throw new DomainError(409, M.workoutDeleted);
        if (command.coachId === null) throw new DomainError(403, M.noCoach);
        if (!command.linked) throw new DomainError(403, M.notLinked);
        if (command.blocked) throw new DomainError(403, M.blocked);
        if (setId !== null && !command.workoutSetIds.some((id) => id.toLowerCase() === setId)) throw new DomainError(400, M.setNotInWorkout);
        // Posting times strictly increase within a thread, so "read up to" names one comment exactly.
        const last = state.postedAt.at(-1)?.at;
        const now = ctx.now.getTime();
        const postedAt = new Date(last !== undefined ? Math.max(now, Date.parse(last) + 1) : now).toISOString();
        return [
          {
            type: 'WorkoutCommentPosted',
            data: {
              commentId: command.commentId,
              workoutId: command.workoutId,
              athleteId: command.athleteId,
              coachId: command.coachId,
              authorId: command.authorId,
              authorRole: command.authorRole,
              text,
              setId,
              postedAt,
            },
          },
        ];
      }
      case 'MarkWorkoutCommentsRead': {
        const upTo = command.upTo ? new Date(command.upTo).toISOString() : null;
        const readUpTo = newestUnread(state, command.readerId, upTo);
        // Nothing new from the other side: no event (screens mark on every open).
        if (readUpTo === null) return [];
        return [{ type: 'WorkoutCommentsRead', data: { workoutId: command.workoutId, readerId: command.readerId, readUpTo } }];
      }
      default:
        return assertNever(command);
    }
  },
};
