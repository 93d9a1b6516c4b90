/**
 * The coaching context's public surface: other contexts, projections and the CLI import
 * from here only (ESLint enforces it). Routes and the feature registration stay out,
 * so that two contexts can use each other without an import cycle.
 */
export * from './access.ts';
export * from './domain/coach.ts';
export * from './queries.ts';
