/**
 * The training context's public surface: other contexts, projections and the CLI import
 * from here only (ESLint enforces it). Routes and the feature registration stay out,
 * so that two contexts can use each other without an import cycle.
 */
export * from './commands.ts';
export * from './compliance-query.ts';
export * from './dashboard.ts';
export * from './domain/actuals.ts';
export * from './domain/events.ts';
export * from './domain/load-units.ts';
export * from './domain/payload.ts';
export * from './domain/summaries.ts';
export * from './domain/streaks.ts';
export * from './domain/workout-done.ts';
export * from './domain/workout-rules.ts';
export * from './domain/workout.ts';
export * from './seed-plan.ts';
export * from './workout-history.ts';
export * from './access.ts';
export { doneWorkoutsPage, existingWorkoutIds, type DoneWorkoutRow } from './queries.ts';
export { WorkoutExerciseOut } from './schemas.ts';
