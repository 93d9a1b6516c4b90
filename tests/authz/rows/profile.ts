/** The profile is always the caller's own. */
import { signedIn, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  { route: 'GET /api/profile', request: () => ({ url: '/api/profile' }), expect: signedIn(200) },
  { route: 'PUT /api/profile', request: () => ({ url: '/api/profile', body: { displayName: 'Matrix Name' } }), expect: signedIn(200) },
];
