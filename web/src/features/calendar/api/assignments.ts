/** The athlete's program assignments (templates feature's API): list, Unassign, Re-sync. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';
import { trainingKey } from './types';

export type AssignmentWorkout = { workout_id: string; date: string; name: string; scheduled: boolean; logged: boolean; hand_edited: boolean; deleted: boolean };

export type Assignment = {
  id: string;
  template_id: string;
  template_name: string;
  start_date: string;
  end_date: string;
  revision: number;
  template_revision: number | null;
  status: 'scheduling' | 'active' | 'unassigned';
  progress: string;
  scheduled_count: number;
  workout_count: number;
  deleted_count: number;
  kept_count: number;
  resync_available: boolean;
  created_at: string;
  workouts: AssignmentWorkout[];
};

export type ResyncResult = {
  revision: number;
  revised_count: number;
  added_count: number;
  removed_count: number;
  kept: { workout_id: string; date: string; reason: 'logged' | 'edited' }[];
  checkpoint: string | null;
};

/** Under trainingKey: whatever changes the athlete's training (`athlete:<id>`) refreshes it too. */
export const assignmentsKey = (clientId: string) => [...trainingKey(clientId), 'assignments'] as const;

export const assignmentsQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: assignmentsKey(clientId),
    queryFn: () => api.get<{ data: Assignment[] }>('/api/assignments', { query: { athlete_id: clientId }, headers: afterWriteHeaders() }),
  });

export const useAssignments = (clientId: string) => useQuery({ ...assignmentsQueryOptions(clientId), enabled: clientId !== '' });

export function useUnassign(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const r = await api.delete<{ success: true; deleted_count: number; kept_count: number; checkpoint: string | null }>(`/api/assignments/${encodeURIComponent(id)}`);
      rememberWrite(r.checkpoint);
      return r;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKey(clientId) }),
  });
}

export function useResync(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const r = await api.post<ResyncResult & { success: true }>(`/api/assignments/${encodeURIComponent(id)}/resync`);
      rememberWrite(r.checkpoint);
      return r;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: trainingKey(clientId) }),
  });
}
