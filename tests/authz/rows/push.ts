/**
 * Web Push (issue 27, item 5): every signed-in account manages its own devices and
 * preferences; a subscription made by ownAthlete can be removed by ownAthlete only
 * (anyone else: not found). Endpoints use `.invalid`, which is never resolved, so the
 * matrix sends no push anywhere.
 */
import { randomBytes, randomUUID, createECDH } from 'node:crypto';
import type { AuthzRow } from '../types.ts';
import { signedIn } from '../types.ts';

function subscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.invalid/send/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

export const rows: AuthzRow[] = [
  { route: 'GET /api/push/public-key', request: () => ({ url: '/api/push/public-key' }), expect: signedIn(200) },
  { route: 'GET /api/push/subscriptions', request: () => ({ url: '/api/push/subscriptions' }), expect: signedIn(200) },
  { route: 'POST /api/push/subscriptions', request: () => ({ url: '/api/push/subscriptions', body: subscription() }), expect: signedIn(201) },
  {
    route: 'DELETE /api/push/subscriptions/:id',
    request: async (w) => {
      const made = await w.as('ownAthlete', 'POST', '/api/push/subscriptions', subscription());
      return { url: `/api/push/subscriptions/${made.subscription.id}` };
    },
    expect: { anonymous: 401, ownAthlete: 200, ownCoach: 404, otherCoach: 404, otherAthlete: 404 },
  },
  { route: 'GET /api/push/preferences', request: () => ({ url: '/api/push/preferences' }), expect: signedIn(200) },
  { route: 'PUT /api/push/preferences', request: () => ({ url: '/api/push/preferences', body: { message: true, reminderTime: '07:30' } }), expect: signedIn(200) },
];
