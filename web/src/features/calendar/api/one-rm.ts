/**
 * The athlete's estimated 1RM per exercise, for loads prescribed as a percentage
 * (`75%`) in the editor. Read from GET /api/rep-max-profile; the calendar keeps its
 * own small call rather than importing the performance feature.
 */
import { createContext, useContext } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OneRm = { one_rm: number | null; source: { rep_range: number; best_weight: number; date_achieved: string } | null };

/** The athlete the open editor plans for; empty in a template (no athlete, so no 1RM). */
export const EditorAthleteContext = createContext<string>('');

export const oneRmKey = (athleteId: string, exercise: string) => ['performance', athleteId, 'rep-max', exercise.trim().toLowerCase()] as const;

const fetchOneRm = (athleteId: string, exercise: string) =>
  api.get<OneRm>('/api/rep-max-profile', { query: { athlete_id: athleteId, exercise_name: exercise.trim() } });

export function useOneRm(exercise: string, enabled: boolean) {
  const athleteId = useContext(EditorAthleteContext);
  return useQuery({
    queryKey: oneRmKey(athleteId, exercise),
    queryFn: () => fetchOneRm(athleteId, exercise),
    enabled: enabled && !!athleteId && !!exercise.trim(),
    staleTime: 60_000,
  });
}

/** At save time: the 1RM of each exercise whose loads are percentages (null: no record). */
export async function oneRmsFor(queryClient: QueryClient, athleteId: string, exercises: string[]): Promise<Map<string, number | null>> {
  const found = new Map<string, number | null>();
  if (!athleteId) return found;
  await Promise.all(
    [...new Set(exercises.map((e) => e.trim().toLowerCase()))].map(async (name) => {
      try {
        const r = await queryClient.fetchQuery({ queryKey: oneRmKey(athleteId, name), queryFn: () => fetchOneRm(athleteId, name), staleTime: 60_000 });
        found.set(name, r.one_rm);
      } catch {
        found.set(name, null);
      }
    }),
  );
  return found;
}
