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
];
