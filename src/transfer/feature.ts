/**
 * Export and import of training history (issue 25): Strong and Hevy CSV files in and
 * out, the performance records out. No projection of its own: imported workouts are
 * training events, which the training, records and analytics projections fold.
 */
import type { Feature } from '../feature.ts';
import { transferRoutes } from './routes.ts';

export const transferFeature: Feature = {
  name: 'transfer',
  routes(app, deps) {
    transferRoutes(app, deps);
  },
};
