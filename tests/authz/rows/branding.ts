/**
 * Branding is always the caller's own (reading it also shows their coach's colours);
 * only a coach sets or removes it: athlete-only accounts are refused.
 */
import { signedIn, type AuthzRow, type Caller } from '../types.ts';

const coaches = (status: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: status, otherCoach: status, ownAthlete: 403, otherAthlete: 403 });

export const rows: AuthzRow[] = [
  { route: 'GET /api/branding', request: () => ({ url: '/api/branding' }), expect: signedIn(200) },
  { route: 'PUT /api/branding', request: () => ({ url: '/api/branding', body: { primary: '#112233', secondary: '#445566', accent: '#778899' } }), expect: coaches(200) },
  { route: 'DELETE /api/branding', request: () => ({ url: '/api/branding' }), expect: coaches(200) },
];
