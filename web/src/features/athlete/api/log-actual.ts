/** POST /api/athlete/workouts/:id/actuals: what the athlete did in one set. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SetActual } from '@shared';
import { myTrainingKey } from './my-workouts';
import { rememberWrite } from '../../../lib/read-after-write';

export type LogActualInput = { workoutId: string; exerciseIndex: number; setIndex: number; actual: SetActual };

type Logged = { success: true; checkpoint: string | null; newRecords: { exercise_name: string; rep_range: number; best_weight: number }[] };

export async function logActual({ workoutId, ...body }: LogActualInput): Promise<Logged> {
  const result = await api.post<Logged>(`/api/athlete/workouts/${encodeURIComponent(workoutId)}/actuals`, body);
  rememberWrite(result.checkpoint);
  return result;
}

export function useLogActual() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logActual,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myTrainingKey }),
  });
}
