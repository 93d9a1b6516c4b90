/**
 * The e-mail demo: a product template to ownAthlete may come from ownAthlete
 * themself or from their coach, nobody else; the outbox shows a signed-in user only
 * their own mail (the operator key shows all, see trust-mail.int.test.ts).
 */
import { signedIn, type AuthzRow } from '../types.ts';

export const rows: AuthzRow[] = [
  {
    route: 'POST /api/send-email',
    request: (w) => ({ url: '/api/send-email', body: { to: w.emails.ownAthlete, template: 'welcome', data: { name: 'Ada' } } }),
    expect: { anonymous: 401, ownCoach: 200, ownAthlete: 200, otherCoach: 403, otherAthlete: 403 },
  },
  { route: 'GET /api/outbox', request: () => ({ url: '/api/outbox' }), expect: signedIn(200) },
];
