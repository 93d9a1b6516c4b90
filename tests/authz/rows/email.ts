/** The e-mail demo: sending a product template to ownAthlete, and the outbox. */
import { everyone, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/send-email',
    request: (w) => ({ url: '/api/send-email', body: { to: w.emails.ownAthlete, template: 'welcome', data: { name: 'Ada' } } }),
    expect: everyone(200),
  },
  { route: 'GET /api/outbox', request: () => ({ url: '/api/outbox' }), expect: everyone(200) },
];
