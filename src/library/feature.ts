/**
 * The exercise library (issue #6): library exercises as events, the `exercises`
 * read model, the spec's get/manage calls, realtime topics and the shipped catalogue.
 */
import type { Feature } from '../feature.ts';
import { exercisesProjection } from '../../projections/library/exercises.ts';
import { libraryRoutes } from './routes.ts';
import { loadCatalogue } from './catalogue-loader.ts';

export const libraryFeature: Feature = {
  name: 'library',
  projections: [exercisesProjection],
  routes: libraryRoutes,
  topicRules: {
    // `library:<userId>` carries one user's own exercises; `library:catalogue` the shared ones.
    library: (_db, userId, id) => Promise.resolve(id === userId || id === 'catalogue'),
  },
  async start({ store, runner, now }) {
    const { checkpoint } = await loadCatalogue(store, now);
    // Listen only once the catalogue can be read, so the first page never shows an empty library.
    // If the projection is slow (another process owns it), start anyway: it fills in shortly.
    if (checkpoint) await runner.waitFor(checkpoint, ['exercises'], 15_000).catch(() => {});
  },
};
