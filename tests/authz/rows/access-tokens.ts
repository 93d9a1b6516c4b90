/**
 * Personal access tokens (issue 25, item 4): each signed-in account manages its own;
 * a token made by ownAthlete can be revoked by ownAthlete only (anyone else: not found).
 */
import type { AuthzRow } from '../types.ts';
import { signedIn } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/access-tokens',
    request: () => ({ url: '/api/access-tokens', body: { name: 'Matrix', scope: 'read', expires_in_days: 1 } }),
    expect: signedIn(201),
  },
  { route: 'GET /api/access-tokens', request: () => ({ url: '/api/access-tokens' }), expect: signedIn(200) },
  {
    route: 'DELETE /api/access-tokens/:id',
    request: async (w) => {
      const made = await w.as('ownAthlete', 'POST', '/api/access-tokens', { name: 'Matrix revoke', scope: 'read', expires_in_days: 1 });
      return { url: `/api/access-tokens/${made.access_token.id}` };
    },
    expect: { anonymous: 401, ownAthlete: 200, ownCoach: 404, otherCoach: 404, otherAthlete: 404 },
  },
];
