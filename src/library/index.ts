/**
 * The library context's public surface: what other contexts may use (ESLint enforces
 * it). Routes and the feature registration stay out.
 */
export { matchExerciseNames, type ExerciseMatch } from './queries.ts';
