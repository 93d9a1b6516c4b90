/** The privacy context's public surface (the CLI's `spotter erase` uses it). */
export { eraseAccount, scrubTables, type ErasureDeps, type ErasureResult } from './erase.ts';
export { ERASE_CONFIRMATION } from './routes.ts';
export * from './domain/events.ts';
export { appendEraseLog, erasuresInDatabase, readEraseLog, type ErasureEntry } from './erase-log.ts';
