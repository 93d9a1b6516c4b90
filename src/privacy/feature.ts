/** Erasure of an account (issue 26): the route; the event store seals personal data itself (src/platform/eventstore/personal-data.ts). */
import type { Feature } from '../feature.ts';
import { privacyRoutes } from './routes.ts';

export const privacyFeature: Feature = {
  name: 'privacy',
  routes(app, deps) {
    privacyRoutes(app, deps);
  },
};
