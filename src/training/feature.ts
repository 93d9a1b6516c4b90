/**
 * Workouts (issue #5, training context): the workout decider's commands behind
 * /api/manage-workouts and the athlete routes, the `training` projection (workouts,
 * compliance, analytics, performance records), the analytics and records queries,
 * the realtime topics, and demo data for an empty database.
 */
import type { Feature } from '../feature.ts';
import { trainingProjection } from '../../projections/training/workouts.ts';
import { workoutRoutes } from './workout-routes.ts';
import { athleteRoutes } from './athlete-routes.ts';
import { analyticsRoutes } from './analytics-routes.ts';
import { canActFor } from './access.ts';
import { isUuid } from './domain/payload.ts';
import { workoutAthlete } from './queries.ts';
import { seedDemoIfEmpty } from './demo-seed.ts';

export const trainingFeature: Feature = {
  name: 'training',
  projections: [trainingProjection],
  routes(app, deps) {
    workoutRoutes(app, deps);
    athleteRoutes(app, deps);
    analyticsRoutes(app, deps);
  },
  topicRules: {
    // An athlete's calendar and dashboard: the athlete or a linked coach.
    athlete: async (db, userId, id) => isUuid(id) && canActFor(db, userId, id),
    // One open workout (the editor's live updates): whoever may see its athlete.
    workout: async (db, userId, id) => {
      if (!isUuid(id)) return false;
      const athleteId = await workoutAthlete(db, id);
      return athleteId !== null && canActFor(db, userId, athleteId);
    },
    // The same rule the coaching feature registers; repeated so training does not depend on its order.
    coach: (_db, userId, id) => Promise.resolve(id === userId),
  },
  async start(deps) {
    if (!deps.config.demoData) return;
    await seedDemoIfEmpty(deps, (line) => console.log(line));
  },
};
