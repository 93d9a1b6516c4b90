/**
 * Readiness check-ins (issue 27): the athlete's daily answer, their trend and the
 * coach's team view. Changes are published on the athlete's `athlete:<id>` topic,
 * which the athlete and their coaches already follow, so no topic rule is added.
 */
import type { Feature } from '../feature.ts';
import { readinessCheckInsProjection } from '../../projections/readiness/check-ins.ts';
import { readinessRoutes } from './routes.ts';

export const readinessFeature: Feature = {
  name: 'readiness',
  projections: [readinessCheckInsProjection],
  routes: readinessRoutes,
};
