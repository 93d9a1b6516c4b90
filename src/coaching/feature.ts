/**
 * Clients, invites and links (issue #4, coaching context): the coach's stream, the
 * `invites` and `client_links` read models, the invitation mail, the reactor that
 * accepts an invitation on signup, the routes, and the `coach:<id>` topic.
 */
import type { Feature } from '../feature.ts';
import { invitesProjection } from '../../projections/coaching/invites.ts';
import { clientLinksProjection } from '../../projections/coaching/client-links.ts';
import { acceptOnSignup } from './accept-on-signup.ts';
import { inviteMailRule } from './invite-mail.ts';
import { findInviteByToken } from './invite-tokens.ts';
import { coachingRoutes } from './routes.ts';
import type { InviteLookup } from '../accounts/index.ts';
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
  mailRules: { InviteSent: inviteMailRule, InviteResent: inviteMailRule },
};

/** The signup route's invitation check (wired in src/app.ts). */
export function inviteLookup(pool: pg.Pool, now: () => Date): InviteLookup {
  return (token) => findInviteByToken(pool, token, now());
}
