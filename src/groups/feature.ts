/**
 * Groups (issue 27): a coach's groups of athletes behind /api/groups, the `groups`
 * read model, and the reactor that gives each member the group's programs.
 */
import type { Feature } from '../feature.ts';
import { groupsProjection } from '../../projections/groups/groups.ts';
import { groupProgramReactor } from './program-reactor.ts';
import { groupRoutes } from './routes.ts';

export const groupsFeature: Feature = {
  name: 'groups',
  projections: [groupsProjection],
  // It issues commands, so it is built once the event store exists (no global).
  reactors: ({ store }) => [groupProgramReactor({ store })],
  routes: groupRoutes,
};
