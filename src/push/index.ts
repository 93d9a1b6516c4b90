/**
 * The push context's public surface: the payload wording and the reminder schedule.
 * Routes and the feature registration stay out.
 */
export * from './domain/payloads.ts';
export { queueReminders } from './reminders.ts';
