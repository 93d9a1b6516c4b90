/**
 * Workout comments (GET/POST /api/workouts/:id/comments, POST …/read and GET
 * /api/workout-comment-counts), followed live on `comments:<workoutId>` and
 * `comment-counts:<athleteId>`. Shared by the coach's editor and calendar and the
 * athlete's logger, so it lives outside both features.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { topicOf } from '@kernel';
import { api } from '../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../lib/read-after-write';
import { useTopic } from '../../lib/realtime';
import { uuidv7 } from '../../lib/uuid7';

export type WorkoutComment = {
  id: string;
  author_id: string;
  author_role: 'coach' | 'athlete';
  author_name: string;
  text: string;
  set_id: string | null;
  set: { set_id: string; exercise_index: number; exercise_name: string; set_number: number } | null;
  posted_at: string;
};

export type CommentThread = {
  comments: WorkoutComment[];
  read_up_to: string | null;
  others_read_up_to: string | null;
  unread_count: number;
};

/** The server's limit on a comment, after trimming. */
export const COMMENT_MAX_LENGTH = 2000;

export const commentsKey = (workoutId: string) => ['workout-comments', workoutId] as const;

/** One workout's thread (every reader of one workout shares the request). */
export function useCommentThread(workoutId: string | null) {
  return useQuery({
    queryKey: commentsKey(workoutId ?? ''),
    queryFn: () => api.get<CommentThread>(`/api/workouts/${encodeURIComponent(workoutId!)}/comments`, { headers: afterWriteHeaders() }),
    enabled: workoutId !== null,
  });
}

/** The thread, refetched whenever it changes on the server (the other side posts or reads). */
export function useLiveCommentThread(workoutId: string | null) {
  useTopic(workoutId ? topicOf.comments(workoutId) : null, workoutId ? [commentsKey(workoutId)] : []);
  return useCommentThread(workoutId);
}

export function usePostComment(workoutId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The comment's id is made here, once per post: a retry of the same post is harmless.
    mutationFn: ({ text, setId, commentId }: { text: string; setId: string | null; commentId: string }) =>
      api.post<{ id: string; checkpoint: string | null }>(`/api/workouts/${encodeURIComponent(workoutId)}/comments`, { commentId, text, setId }),
    onSuccess: async (result) => {
      rememberWrite(result.checkpoint);
      await queryClient.invalidateQueries({ queryKey: commentsKey(workoutId) });
    },
  });
}

export const newCommentId = () => uuidv7();

/** Marks the thread read up to the newest comment shown. */
export function useMarkCommentsRead(workoutId: string) {
  return useMutation({
    mutationFn: (upTo: string) => api.post<{ checkpoint: string | null }>(`/api/workouts/${encodeURIComponent(workoutId)}/comments/read`, { upTo }),
    onSuccess: (result) => rememberWrite(result.checkpoint),
  });
}

export const commentCountsKey = (athleteId: string) => ['workout-comment-counts', athleteId] as const;

/** Unread comments per workout of an athlete's visible days, kept live: workout id → unread. */
export function useCommentCounts(athleteId: string | null, from: string, to: string) {
  useTopic(athleteId ? topicOf.commentCounts(athleteId) : null, athleteId ? [commentCountsKey(athleteId)] : []);
  return useQuery({
    queryKey: [...commentCountsKey(athleteId ?? ''), from, to],
    queryFn: async () => {
      const query = new URLSearchParams({ athleteId: athleteId!, from, to });
      const res = await api.get<{ counts: { workout_id: string; unread: number; total: number }[] }>(`/api/workout-comment-counts?${query.toString()}`, {
        headers: afterWriteHeaders(),
      });
      return new Map(res.counts.map((c) => [c.workout_id, c.unread]));
    },
    enabled: athleteId !== null,
  });
}
