/** Team analytics' public surface (the CLI's `spotter export --team`): the team table as CSV. */
export { teamCsv } from './export.ts';
export { COMPLETION_MODES, TEAM_RANGES, type CompletionMode, type TeamRange } from './domain/summary.ts';
