/**
 * Performance (issue #11): manual entries, the summary, recent PRs and the rep-max
 * profile. Its records come from workouts and manual entries in one read model
 * (projections/performance/performance-records.ts).
 */
import type { Feature } from '../feature.ts';
import { performanceRecordsProjection } from '../../projections/performance/performance-records.ts';
import { performanceRoutes } from './routes.ts';
import { loadSuggestionRoutes } from './load-suggestions.ts';

export const performanceFeature: Feature = {
  name: 'performance',
  projections: [performanceRecordsProjection],
  routes(app, deps) {
    performanceRoutes(app, deps);
    loadSuggestionRoutes(app, deps);
  },
  topicRules: {
    // "New PR" news: a user's own topic (an athlete's PRs, a coach's athletes' PRs).
    prs: (_db, userId, id) => Promise.resolve(id === userId),
  },
};
