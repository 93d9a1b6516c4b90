/**
 * Messaging between connected users (issue #10, messaging context): the conversation
 * decider behind /api/conversations and /api/messages, the `messaging` projection,
 * and the realtime topics `conversation:<id>` (its participants) and `inbox:<userId>`
 * (the user's list and unread badge). Typing travels as a hub signal on the
 * conversation's topic and is never stored.
 */
import type { Feature } from '../feature.ts';
import { messagingProjection } from '../../projections/messaging/projection.ts';
import { messagingRoutes } from './routes.ts';
import { participantsOf } from './queries.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const messagingFeature: Feature = {
  name: 'messaging',
  projections: [messagingProjection],
  routes: messagingRoutes,
  topicRules: {
    conversation: async (db, userId, id) => UUID.test(id) && (await participantsOf(db, id)).includes(userId),
    inbox: (_db, userId, id) => Promise.resolve(id === userId),
  },
};
