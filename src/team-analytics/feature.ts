/**
 * Team analytics (issue #12): GET /api/team-analytics over the team analytics read
 * model, which the training projection keeps (projections/team-analytics.ts). The
 * page follows the existing `athlete:<id>` topics, so no topic rule is added here.
 */
import type { Feature } from '../feature.ts';
import { teamAnalyticsRoutes } from './routes.ts';

export const teamAnalyticsFeature: Feature = {
  name: 'team-analytics',
  routes: teamAnalyticsRoutes,
};
