/**
 * Workout comments (issue 27): a thread on each workout between the athlete and their
 * coach, on the workout or on one set. The decider behind /api/workouts/:id/comments,
 * the `comments` projection, the realtime topics `comments:<workoutId>` and
 * `comment-counts:<athleteId>`, and the timer of the unread comment mail.
 */
import type { Feature } from '../feature.ts';
import { commentsProjection } from '../../projections/comments/workout-comments.ts';
import { canActFor, isUuid } from '../training/index.ts';
import { athleteOfWorkout } from './queries.ts';
import { commentRoutes } from './routes.ts';
import { sendUnreadCommentMails } from './unread-mail.ts';

/** How often the unread mail looks for due comments: a fraction of the delay, between 1 s and a minute. */
export function unreadMailPollMs(afterMinutes: number): number {
  return Math.min(60_000, Math.max(1000, (afterMinutes * 60_000) / 4));
}

export const commentsFeature: Feature = {
  name: 'comments',
  projections: [commentsProjection],
  routes: commentRoutes,
  topicRules: {
    // One workout's thread: whoever may see the workout (its athlete or a linked coach).
    comments: async (db, userId, id) => {
      if (!isUuid(id)) return false;
      const athleteId = await athleteOfWorkout(db, id);
      return athleteId !== null && canActFor(db, userId, athleteId);
    },
    // One athlete's badges: the athlete or a linked coach.
    'comment-counts': async (db, userId, id) => isUuid(id) && canActFor(db, userId, id),
  },
  start(deps) {
    const { pool, now, config } = deps;
    let stopped = false;
    const timer = setInterval(() => {
      sendUnreadCommentMails(pool, now(), config.commentUnreadMailAfterMinutes, config.appUrl).catch((e: Error) => {
        // A pass still running when the server closes loses its pool; a failed pass is retried by the next.
        if (!stopped) console.error(`unread comment mail: ${e.message}`);
      });
    }, unreadMailPollMs(config.commentUnreadMailAfterMinutes));
    // unref: the timer never keeps a stopping server alive; the app stops it on close.
    timer.unref();
    return Promise.resolve(() => {
      stopped = true;
      clearInterval(timer);
    });
  },
};
