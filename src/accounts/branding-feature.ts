/** Coach branding (issue 15, Settings): colours kept on the user stream, read by the coach and their athletes. */
import type { Feature } from '../feature.ts';
import { coachBrandings } from '../../projections/accounts/coach-brandings.ts';
import { brandingRoutes } from './branding-routes.ts';

export const brandingFeature: Feature = {
  name: 'branding',
  projections: [coachBrandings],
  routes: brandingRoutes,
};
