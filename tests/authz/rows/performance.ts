/**
 * Performance: ownAthlete's entries, summary and rep-max profile are for ownAthlete
 * and their linked coach only; everyone else is told the athlete (or the entry)
 * does not exist. Recent PRs without an athlete are the caller's own news.
 */
import type { AuthzRow, AuthzWorld, Caller } from '../types.ts';

const ownPair = (ok: number, refused: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, ownAthlete: ok, otherCoach: refused, otherAthlete: refused });
const own = (w: AuthzWorld) => w.ids.ownAthlete;

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/performance-records',
    request: (w) => ({ url: '/api/performance-records', body: { athlete_id: own(w), exercise_name: 'Matrix Squat', value: 200, reps: 5, date: '2025-06-03' } }),
    expect: ownPair(201, 404),
  },
  {
    route: 'DELETE /api/performance-records/:id',
    request: async (w) => {
      const logged = await w.as('ownCoach', 'POST', '/api/performance-records', { athlete_id: own(w), exercise_name: 'Matrix Squat', value: 205, reps: 3, date: '2025-06-04' });
      return { url: `/api/performance-records/${logged.id}` };
    },
    expect: ownPair(200, 404),
  },
  { route: 'GET /api/performance-summary', request: (w) => ({ url: `/api/performance-summary?athlete_id=${own(w)}&range=30d` }), expect: ownPair(200, 404) },
  { route: 'GET /api/recent-prs', request: (w) => ({ url: `/api/recent-prs?athlete_id=${own(w)}&days=30` }), expect: ownPair(200, 404) },
  { route: 'GET /api/rep-max-profile', request: (w) => ({ url: `/api/rep-max-profile?athlete_id=${own(w)}&exercise_name=Matrix%20Squat` }), expect: ownPair(200, 404) },
];
