/**
 * Webhooks: a coach's tool. Athlete-only accounts are refused (403); a coach sees and
 * changes only their own endpoints, another coach's is "not found". The endpoints
 * point at `.invalid`, a name that never resolves, so a test event goes nowhere.
 */
import type { AuthzRow, AuthzWorld, Caller } from '../types.ts';

const coachOnly = (ok: number, otherCoach: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: ok, otherCoach, ownAthlete: 403, otherAthlete: 403 });

async function ownEndpoint(w: AuthzWorld): Promise<string> {
  const made = await w.as('ownCoach', 'POST', '/api/webhooks', { url: 'https://hooks.example.invalid/matrix', event_types: ['set.logged'] });
  return made.data.id as string;
}

export const rows: AuthzRow[] = [
  { route: 'GET /api/webhooks', request: () => ({ url: '/api/webhooks' }), expect: coachOnly(200, 200) },
  {
    route: 'POST /api/webhooks',
    request: () => ({ url: '/api/webhooks', body: { url: 'https://hooks.example.invalid/new', event_types: ['athlete.linked'] } }),
    expect: coachOnly(201, 201),
  },
  {
    route: 'PATCH /api/webhooks/:id',
    request: async (w) => ({ url: `/api/webhooks/${await ownEndpoint(w)}`, body: { description: 'renamed' } }),
    expect: coachOnly(200, 404),
  },
  { route: 'DELETE /api/webhooks/:id', request: async (w) => ({ url: `/api/webhooks/${await ownEndpoint(w)}` }), expect: coachOnly(200, 404) },
  { route: 'POST /api/webhooks/:id/rotate-secret', request: async (w) => ({ url: `/api/webhooks/${await ownEndpoint(w)}/rotate-secret` }), expect: coachOnly(200, 404) },
  { route: 'POST /api/webhooks/:id/test', request: async (w) => ({ url: `/api/webhooks/${await ownEndpoint(w)}/test` }), expect: coachOnly(202, 404) },
  { route: 'GET /api/webhooks/:id/deliveries', request: async (w) => ({ url: `/api/webhooks/${await ownEndpoint(w)}/deliveries` }), expect: coachOnly(200, 404) },
];
