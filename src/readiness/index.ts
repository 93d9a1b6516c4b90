/**
 * The readiness context's public surface: other contexts (the weekly recap) import
 * from here only. Routes and the feature registration stay out.
 */
export * from './domain/events.ts';
export * from './domain/baseline.ts';
export { weekReadiness } from './queries.ts';
