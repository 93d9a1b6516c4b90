/** Branding is always the caller's own (reading it also shows their coach's colours). */
import { signedIn, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  { route: 'GET /api/branding', request: () => ({ url: '/api/branding' }), expect: signedIn(200) },
  { route: 'PUT /api/branding', request: () => ({ url: '/api/branding', body: { primary: '#112233', secondary: '#445566', accent: '#778899' } }), expect: signedIn(200) },
  { route: 'DELETE /api/branding', request: () => ({ url: '/api/branding' }), expect: signedIn(200) },
];
