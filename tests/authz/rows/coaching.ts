/**
 * Clients, invites and links. Coach-scoped calls act on the caller's own stream, so
 * another coach never reaches ownCoach's invites or links: they are not found. The
 * athletes signed up from invitations and are athletes only: coach calls refuse them.
 */
import { uniqueEmail } from '../../support/server.ts';
import type { AuthzRow, Caller } from '../types.ts';

const coaches = (status: number): Record<Caller, number> => ({ anonymous: 401, ownCoach: status, otherCoach: status, ownAthlete: 403, otherAthlete: 403 });

export const rows: AuthzRow[] = [
  { route: 'GET /api/get-clients', request: () => ({ url: '/api/get-clients' }), expect: coaches(200) },
  { route: 'GET /api/manage-invites', request: () => ({ url: '/api/manage-invites' }), expect: coaches(200) },
  {
    route: 'POST /api/manage-invites',
    request: () => ({ url: '/api/manage-invites', body: { email: uniqueEmail('invitee') } }),
    expect: coaches(200),
  },
  {
    route: 'DELETE /api/manage-invites',
    request: async (w) => {
      const sent = await w.as('ownCoach', 'POST', '/api/manage-invites', { email: uniqueEmail('revoke') });
      return { url: '/api/manage-invites', body: { inviteId: sent.inviteId } };
    },
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 404, ownAthlete: 403, otherAthlete: 403 },
  },
  { route: 'GET /api/manage-links', request: () => ({ url: '/api/manage-links' }), expect: coaches(200) },
  {
    // Someone who accepted ownCoach's invitation: only ownCoach may link them; to
    // anyone else they have accepted no invitation (409, nothing written).
    route: 'POST /api/manage-links',
    request: async (w) => ({ url: '/api/manage-links', body: { email: (await w.acceptedInvitee()).email } }),
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 409, ownAthlete: 403, otherAthlete: 403 },
  },
  {
    route: 'DELETE /api/manage-links',
    request: async (w) => ({ url: '/api/manage-links', body: { userId: (await w.newLinkedAthlete()).id } }),
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 404, ownAthlete: 403, otherAthlete: 403 },
  },
  {
    route: 'POST /api/manage-invites/:inviteId/resend',
    request: async (w) => {
      const sent = await w.as('ownCoach', 'POST', '/api/manage-invites', { email: uniqueEmail('resend') });
      return { url: `/api/manage-invites/${sent.inviteId}/resend` };
    },
    expect: { anonymous: 401, ownCoach: 200, otherCoach: 404, ownAthlete: 403, otherAthlete: 403 },
  },
  // Everyone reads their own coaches only: the route takes no id.
  { route: 'GET /api/my-coaches', request: () => ({ url: '/api/my-coaches' }), expect: { anonymous: 401, ownCoach: 200, otherCoach: 200, ownAthlete: 200, otherAthlete: 200 } },
  { route: 'GET /api/invitations', request: () => ({ url: '/api/invitations' }), expect: { anonymous: 401, ownCoach: 200, otherCoach: 200, ownAthlete: 200, otherAthlete: 200 } },
  {
    // A new coach invites ownAthlete: only ownAthlete may accept.
    route: 'POST /api/invitations/:inviteId/accept',
    request: async (w) => {
      const coach = await w.freshUser('Nora Newcoach');
      const sent = await w.as(coach, 'POST', '/api/manage-invites', { email: w.emails.ownAthlete });
      return { url: `/api/invitations/${sent.inviteId}/accept` };
    },
    expect: { anonymous: 401, ownCoach: 404, otherCoach: 404, ownAthlete: 200, otherAthlete: 404 },
  },
];
