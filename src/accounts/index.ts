/**
 * The accounts context's public surface: other contexts, projections and the CLI import
 * from here only (ESLint enforces it). Routes and the feature registration stay out,
 * so that two contexts can use each other without an import cycle.
 */
export * from './auth-routes.ts';
export * from './auth-service.ts';
export * from './display-name.ts';
export * from './profile-name.ts';
export * from './domain/user.ts';
export * from './time-zone.ts';
export * from './weight-unit.ts';
