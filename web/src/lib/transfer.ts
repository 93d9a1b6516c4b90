/**
 * Export and import of an athlete's training history (GET /api/export/…, POST
 * /api/imports). Shared by Settings (one's own history) and the coach's calendar (a
 * client's): the athlete id says whose.
 */
import { api, apiBlob } from './api-client';

export type ExportLayout = 'strong' | 'hevy';

export type ImportExercise = {
  /** The exercise name as the file writes it. */
  query: string;
  sets: number;
  match: string | null;
  suggestions: string[];
  mapped_to: string | null;
};

export type ImportOutcome = {
  dry_run: boolean;
  layout: 'strong' | 'strong-semicolon' | 'hevy';
  unit: 'lb' | 'kg';
  workouts: number;
  sets: number;
  from: string | null;
  to: string | null;
  existing_workouts: number;
  new_workouts: number;
  exercises: ImportExercise[];
  imported_workouts: number;
  checkpoint: string | null;
};

/** The training history as a file, in Strong's or Hevy's columns, loads in the reader's unit. */
export function fetchWorkoutsCsv(athleteId: string, layout: ExportLayout): Promise<Blob> {
  return apiBlob('/api/export/workouts.csv', { query: { athlete_id: athleteId, layout } });
}

export function fetchRecordsCsv(athleteId: string): Promise<Blob> {
  return apiBlob('/api/export/records.csv', { query: { athlete_id: athleteId } });
}

/** A custom exercise in the importer's library, so an unmatched name of the file has a home. */
export function createCustomExercise(name: string): Promise<{ success: boolean; id: string; checkpoint: string | null }> {
  return api.post('/api/manage-exercise', { name });
}

/** Hands a fetched file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; freeing it at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
