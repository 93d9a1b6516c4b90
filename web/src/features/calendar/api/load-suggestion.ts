/**
 * The load the server suggests for a set from the athlete's own recent sets and a
 * target RPE or RIR (GET /api/athletes/:id/load-suggestions, issue 27).
 */
import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { WeightUnit } from '@kernel';
import { api } from '../../../lib/api-client';
import { EditorAthleteContext } from './one-rm';

export type LoadSuggestionAnswer = {
  suggestion: { load: number; unit: WeightUnit; one_rm: number; percent: number; target_rpe: number; reason: string } | null;
  message: string | null;
};

export type SuggestionTarget = { exercise: string; reps: number; rpe: number | null; rir: number | null; unit: WeightUnit };

export function useLoadSuggestion(target: SuggestionTarget | null) {
  const athleteId = useContext(EditorAthleteContext);
  return useQuery({
    queryKey: ['performance', athleteId, 'load-suggestion', target],
    queryFn: () =>
      api.get<LoadSuggestionAnswer>(`/api/athletes/${encodeURIComponent(athleteId)}/load-suggestions`, {
        query: {
          exercise_name: target!.exercise.trim(),
          reps: target!.reps,
          target_rpe: target!.rpe ?? undefined,
          target_rir: target!.rir ?? undefined,
          unit: target!.unit,
        },
      }),
    enabled: !!athleteId && target !== null,
    staleTime: 60_000,
  });
}
