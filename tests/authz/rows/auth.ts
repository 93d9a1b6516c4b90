/** Accounts: public entry points answer alike for every caller; session calls act on the caller's own session. */
import { uniqueEmail } from '../../support/server.ts';
import { ACCESS_CODE } from '../world.ts';
import { everyone, signedIn, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/auth/signup',
    request: () => ({ url: '/api/auth/signup', body: { fullName: 'Matrix Signup', email: uniqueEmail('signup'), password: 'secret12', accessCode: ACCESS_CODE } }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/auth/signin',
    request: (w) => ({ url: '/api/auth/signin', body: { email: w.emails.ownAthlete, password: w.password } }),
    expect: everyone(200),
  },
  {
    // A bearer token does not make someone else's refresh token work, nor is one needed.
    route: 'POST /api/auth/refresh',
    request: async (w) => {
      const session = await w.as('anonymous', 'POST', '/api/auth/signin', { email: w.emails.ownAthlete, password: w.password });
      return { url: '/api/auth/refresh', body: { refreshToken: session.refreshToken } };
    },
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/signout',
    request: () => ({ url: '/api/auth/signout' }),
    expect: signedIn(200),
  },
  {
    // A wrong code: nobody's role changes while the matrix runs.
    route: 'POST /api/auth/become-coach',
    request: () => ({ url: '/api/auth/become-coach', body: { accessCode: 'NOT-THE-CODE' } }),
    expect: signedIn(400),
  },
  { route: 'GET /api/auth/me', request: () => ({ url: '/api/auth/me' }), expect: signedIn(200) },
  {
    route: 'POST /api/auth/resend-confirmation',
    request: (w) => ({ url: '/api/auth/resend-confirmation', body: { email: w.emails.ownAthlete } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/recover',
    request: (w) => ({ url: '/api/auth/recover', body: { email: w.emails.ownAthlete } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    request: () => ({ url: '/api/auth/reset-password', body: { token: 'forged-reset-token', password: 'takeover1' } }),
    expect: everyone(400),
  },
  {
    route: 'GET /api/confirm-email',
    request: () => ({ url: '/api/confirm-email?token=forged-confirm-token' }),
    expect: everyone(400),
  },
];
