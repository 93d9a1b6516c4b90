/**
 * The exercise library (issue #6): library exercises as events, the `exercises`
 * read model, the spec's get/manage calls, realtime topics and the shipped catalogue.
 */
import type { Feature } from '../features.ts';
import { exercisesProjection } from '../../projections/exercises.ts';
import { libraryRoutes } from '../routes/library.ts';
import { loadCatalogue } from '../domain/library/catalogue-loader.ts';

export const libraryFeature: Feature = {
  name: 'library',
  projections: [exercisesProjection],
  routes: libraryRoutes,
  topicRules: {
    // `library:<userId>` carries one user's own exercises; `library:catalogue` the shared ones.
    library: async (_db, userId, id) => id === userId || id === 'catalogue',
  },
  async start({ store, now }) {
    await loadCatalogue(store, now);
  },
};
