/**
 * Team analytics (issue #12): GET /api/team-analytics over the team analytics read
 * model kept by its own projection (projections/team-analytics/team-analytics.ts). The
 * page follows the existing `athlete:<id>` topics, so no topic rule is added here.
 */
import type { Feature } from '../feature.ts';
import { teamAnalyticsProjection } from '../../projections/team-analytics/team-analytics.ts';
import { teamAnalyticsRoutes } from './routes.ts';
import { teamAnalyticsExportRoutes } from './export.ts';

export const teamAnalyticsFeature: Feature = {
  name: 'team-analytics',
  projections: [teamAnalyticsProjection],
  routes(app, deps) {
    teamAnalyticsRoutes(app, deps);
    teamAnalyticsExportRoutes(app, deps);
  },
};
