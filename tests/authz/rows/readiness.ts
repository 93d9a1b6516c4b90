/**
 * Readiness (issue 27) and load suggestions: a check-in is the caller's own (anyone
 * signed in checks in for themself); ownAthlete's readiness is for them and their
 * linked coach; the team view is for coaches (their own athletes only); load
 * suggestions are for ownAthlete's linked coach alone.
 */
import type { AuthzRow } from '../types.ts';

const checkIn = { sleep: 4, soreness: 3, stress: 5, energy: 4, note: 'matrix' };

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/readiness/check-ins',
    request: () => ({ url: '/api/readiness/check-ins', body: checkIn }),
    expect: { anonymous: 401, ownCoach: 201, ownAthlete: 201, otherCoach: 201, otherAthlete: 201 },
  },
  {
    route: 'GET /api/athletes/:id/readiness',
    request: (w) => ({ url: `/api/athletes/${w.ids.ownAthlete}/readiness` }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 200, otherCoach: 404, otherAthlete: 404 },
  },
  {
    route: 'GET /api/readiness/team',
    request: () => ({ url: '/api/readiness/team' }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 403, otherCoach: 200, otherAthlete: 403 },
  },
  {
    route: 'GET /api/athletes/:id/load-suggestions',
    request: (w) => ({ url: `/api/athletes/${w.ids.ownAthlete}/load-suggestions?exercise_name=Matrix%20Squat&reps=5&target_rpe=8` }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 404, otherCoach: 404, otherAthlete: 404 },
  },
];
