/**
 * The contact network (issue #4, network context): the pair's connection stream, the
 * `user_connections` / `user_blocks` read models and the rpc-style routes. Changes are
 * published on both users' own `user:<id>` topics, whose rule already exists.
 */
import type { Feature } from '../feature.ts';
import { connectionsProjection } from '../../projections/network/connections.ts';
import { networkRoutes } from './routes.ts';

export const networkFeature: Feature = {
  name: 'network',
  projections: [connectionsProjection],
  routes: networkRoutes,
};
