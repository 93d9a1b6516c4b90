/** GET /api/team-analytics/export.csv: the table the page shows, as a CSV file in the reader's unit. */
import { apiBlob } from '../../../lib/api-client';
import type { CompletionMode, TeamRange } from './get-team-analytics';

/** `athleteIds` null: the whole team, as the page's own query. */
export function fetchTeamCsv(range: TeamRange, mode: CompletionMode, athleteIds: readonly string[] | null): Promise<Blob> {
  return apiBlob('/api/team-analytics/export.csv', { query: { range, mode, athletes: athleteIds?.join(',') } });
}
