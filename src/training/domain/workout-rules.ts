/**
 * The workout rules of the spec as pure functions: set types, calendar status,
 * bulk entry, superset linking, paste offsets, compliance, analytics metrics and
 * payload cleaning. No clock, no ids: "today" and group ids come in as arguments.
 * One module per concern under workout-rules/; this file is the one import path.
 */
export * from './workout-rules/types.ts';
export * from './workout-rules/dates.ts';
export * from './workout-rules/status.ts';
export * from './workout-rules/bulk-entry.ts';
export * from './workout-rules/supersets.ts';
export * from './workout-rules/paste.ts';
export * from './workout-rules/compliance.ts';
export * from './workout-rules/metrics.ts';
export * from './workout-rules/payloads.ts';
