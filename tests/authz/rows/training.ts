/**
 * Workouts, the athlete's side and analytics: ownAthlete's training is for
 * ownAthlete and their linked coach only. Another coach or athlete is refused (403)
 * where they name the athlete, and told "not found" where they name a workout.
 */
import type { AuthzRow, Caller } from '../types.ts';

const ownPair = (ok: number, refused: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, ownAthlete: ok, otherCoach: refused, otherAthlete: refused });
const own = (w: { ids: { ownAthlete: string } }) => w.ids.ownAthlete;

export const rows: AuthzRow[] = [
  { route: 'GET /api/manage-workouts', request: (w) => ({ url: `/api/manage-workouts?clientId=${own(w)}` }), expect: ownPair(200, 403) },
  { route: 'POST /api/manage-workouts', request: (w) => ({ url: '/api/manage-workouts', body: { workout: w.workoutBody('2025-06-03') } }), expect: ownPair(201, 403) },
  {
    route: 'PUT /api/manage-workouts',
    request: async (w) => ({ url: '/api/manage-workouts', body: { workoutId: await w.linkedWorkout(), workout: { ...w.workoutBody(), name: 'Matrix Renamed' } } }),
    expect: ownPair(200, 404),
  },
  {
    route: 'DELETE /api/manage-workouts',
    request: async (w) => ({ url: '/api/manage-workouts', body: { workoutId: await w.linkedWorkout() } }),
    expect: ownPair(200, 404),
  },
  {
    route: 'POST /api/manage-workouts/restore',
    request: async (w) => {
      const workoutId = await w.linkedWorkout();
      await w.as('ownCoach', 'DELETE', '/api/manage-workouts', { workoutId });
      return { url: '/api/manage-workouts/restore', body: { workoutId } };
    },
    expect: ownPair(200, 404),
  },
  {
    route: 'POST /api/manage-workouts/move',
    request: async (w) => ({ url: '/api/manage-workouts/move', body: { workoutId: await w.linkedWorkout(), date: '2025-06-09' } }),
    expect: ownPair(200, 404),
  },
  { route: 'GET /api/manage-workouts/:id', request: async (w) => ({ url: `/api/manage-workouts/${await w.linkedWorkout()}` }), expect: ownPair(200, 404) },
  { route: 'GET /api/manage-workouts/:id/history', request: async (w) => ({ url: `/api/manage-workouts/${await w.linkedWorkout()}/history` }), expect: ownPair(200, 404) },
  {
    route: 'GET /api/athlete/workouts',
    request: () => ({ url: '/api/athlete/workouts' }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 200, otherCoach: 200, otherAthlete: 200 },
  },
  {
    route: 'POST /api/athlete/workouts/:id/actuals',
    request: async (w) => ({ url: `/api/athlete/workouts/${await w.linkedWorkout()}/actuals`, body: { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100 } } }),
    expect: ownPair(200, 404),
  },
  {
    route: 'GET /api/athlete/dashboard',
    request: () => ({ url: '/api/athlete/dashboard' }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 200, otherCoach: 200, otherAthlete: 200 },
  },
  { route: 'GET /api/analytics/workouts', request: (w) => ({ url: `/api/analytics/workouts?athleteId=${own(w)}` }), expect: ownPair(200, 403) },
  { route: 'GET /api/analytics/weekly-volume', request: (w) => ({ url: `/api/analytics/weekly-volume?athleteId=${own(w)}` }), expect: ownPair(200, 403) },
  { route: 'GET /api/analytics/capacity', request: (w) => ({ url: `/api/analytics/capacity?athleteId=${own(w)}` }), expect: ownPair(200, 403) },
  { route: 'GET /api/performance-records', request: (w) => ({ url: `/api/performance-records?athlete_id=${own(w)}` }), expect: ownPair(200, 403) },
];
