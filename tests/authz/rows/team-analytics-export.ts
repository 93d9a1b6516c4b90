/** Team analytics as CSV (issue 25): the coach's own linked athletes only, as GET /api/team-analytics. */
import type { AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'GET /api/team-analytics/export.csv',
    request: (w) => ({ url: `/api/team-analytics/export.csv?range=30d&mode=sets&athletes=${w.ids.ownAthlete}` }),
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 403, ownAthlete: 403, otherAthlete: 403 },
  },
];
