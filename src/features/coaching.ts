/**
 * Clients, invites and links (issue #4, coaching context): the coach's stream, the
 * `invites` and `client_links` read models, the invitation mail, the reactor that
 * accepts an invitation on signup, the routes, and the `coach:<id>` topic.
 */
import type { Feature } from '../features.ts';
import { invitesProjection } from '../../projections/invites.ts';
import { clientLinksProjection } from '../../projections/client-links.ts';
import { acceptOnSignup } from '../domain/coaching/accept-on-signup.ts';
import { inviteMailRule } from '../domain/coaching/invite-mail.ts';
import { findInviteByToken } from '../domain/coaching/invite-tokens.ts';
import { coachingRoutes } from '../routes/coaching.ts';
import type { InviteLookup } from '../routes/auth.ts';
import type pg from 'pg';

export const coachingFeature: Feature = {
  name: 'coaching',
  projections: [invitesProjection, clientLinksProjection],
  reactors: ({ store }) => [acceptOnSignup(store)],
  routes: coachingRoutes,
  topicRules: {
    // A coach's clients, invites and (from the training feature) their compliance.
    coach: (_db, userId, id) => Promise.resolve(id === userId),
  },
  mailRules: { InviteSent: inviteMailRule },
};

/** The signup route's invitation check (wired in src/app.ts). */
export function inviteLookup(pool: pg.Pool, now: () => Date): InviteLookup {
  return (token) => findInviteByToken(pool, token, now());
}
