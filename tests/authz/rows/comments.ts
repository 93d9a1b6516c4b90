/**
 * Workout comments: a workout's thread is for its athlete and their linked coach only.
 * Anyone else is told the workout does not exist, or refused (403) where they name the athlete.
 */
import { randomUUID } from 'node:crypto';
import type { AuthzRow, Caller } from '../types.ts';

const ownPair = (ok: number, refused: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, ownAthlete: ok, otherCoach: refused, otherAthlete: refused });

export const rows: AuthzRow[] = [
  { route: 'GET /api/workouts/:workoutId/comments', request: async (w) => ({ url: `/api/workouts/${await w.linkedWorkout()}/comments` }), expect: ownPair(200, 404) },
  {
    route: 'POST /api/workouts/:workoutId/comments',
    request: async (w) => ({ url: `/api/workouts/${await w.linkedWorkout()}/comments`, body: { commentId: randomUUID(), text: 'matrix comment' } }),
    expect: ownPair(200, 404),
  },
  {
    route: 'POST /api/workouts/:workoutId/comments/read',
    request: async (w) => {
      const workoutId = await w.linkedWorkout();
      const posted = await w.as('ownAthlete', 'POST', `/api/workouts/${workoutId}/comments`, { commentId: randomUUID(), text: 'matrix unread' });
      await w.settled(posted.checkpoint);
      return { url: `/api/workouts/${workoutId}/comments/read`, body: {} };
    },
    expect: ownPair(200, 404),
  },
  {
    route: 'GET /api/workout-comment-counts',
    request: (w) => ({ url: `/api/workout-comment-counts?athleteId=${w.ids.ownAthlete}&from=2025-06-01&to=2025-06-30` }),
    expect: ownPair(200, 403),
  },
];
