/**
 * Team analytics: a coach may name only their own linked athletes. Anyone else who
 * names ownAthlete (another coach, the athlete themself, another athlete) is refused.
 */
import type { AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/team-analytics',
    request: (w) => ({ url: `/api/team-analytics?range=30d&mode=sets&athletes=${w.ids.ownAthlete}` }),
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 403, ownAthlete: 403, otherAthlete: 403 },
  },
  {
    // The caller's own team only: another coach gets their own (empty) team, never ownCoach's.
    route: 'GET /api/team-analytics/athletes',
    request: () => ({ url: '/api/team-analytics/athletes' }),
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 200, ownAthlete: 403, otherAthlete: 403 },
  },
];
