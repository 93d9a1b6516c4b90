/**
 * The groups context's public surface: other contexts, projections and the CLI import
 * from here only (ESLint enforces it). Routes and the feature registration stay out.
 */
export { assignTemplateToGroup, assignWorkoutToGroup, type GroupAssignResult, type GroupsDeps } from './commands.ts';
export { groupAthleteIds } from './queries.ts';
