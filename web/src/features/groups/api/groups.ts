/** A coach's groups (GET/POST/PATCH/DELETE /api/groups…), their members, and programs given to a whole group. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';

export type GroupMember = { id: string; name: string; linked: boolean };
export type GroupProgram = {
  id: string;
  kind: 'template' | 'workout';
  template_id: string | null;
  name: string;
  start_date: string;
  end_date: string;
  athlete_count: number;
  current: boolean;
};
export type Group = { id: string; name: string; created_at: string; member_count: number; members: GroupMember[]; programs: GroupProgram[] };
export type GroupsAnswer = { data: Group[]; athletes: { id: string; name: string }[] };
export type GroupAssignResult = {
  group_assignment_id: string;
  scheduled_count: number;
  already_count: number;
  not_linked_count: number;
  start_date: string;
  end_date: string;
  checkpoint: string | null;
};
export type OwnTemplate = { id: string; name: string; is_own: boolean };
export type GroupWorkout = { date: string; name: string; notes?: string; exercises: { exercise_name: string; sets: { type: 'standard'; reps: number }[] }[] };

export const groupsQueryKey = ['groups'] as const;

export const getGroups = () => api.get<GroupsAnswer>('/api/groups', { headers: afterWriteHeaders() });
export const groupsQueryOptions = () => queryOptions({ queryKey: groupsQueryKey, queryFn: getGroups });
export const useGroups = () => useQuery(groupsQueryOptions());

/** The coach's own templates: the ones a group may be given. */
export const ownTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...groupsQueryKey, 'templates'],
    queryFn: async () => (await api.get<{ data: OwnTemplate[] }>('/api/program-templates', { headers: afterWriteHeaders() })).data.filter((t) => t.is_own),
  });
export const useOwnTemplates = () => useQuery(ownTemplatesQueryOptions());

const path = (id: string) => `/api/groups/${encodeURIComponent(id)}`;

/** A group write: the next read waits for its checkpoint, and the list refetches. */
function useGroupWrite<T, R extends { checkpoint: string | null }>(write: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const r = await write(input);
      rememberWrite(r.checkpoint);
      return r;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}

type Written = { success: true; checkpoint: string | null };

export function useGroupMutations() {
  return {
    create: useGroupWrite((name: string) => api.post<Written & { id: string }>('/api/groups', { name })),
    rename: useGroupWrite(({ id, name }: { id: string; name: string }) => api.patch<Written>(path(id), { name })),
    archive: useGroupWrite((id: string) => api.delete<Written>(path(id))),
    addMembers: useGroupWrite(({ id, athleteIds }: { id: string; athleteIds: string[] }) =>
      api.post<Written & { added_count: number; joined_program_count: number }>(`${path(id)}/members`, { athlete_ids: athleteIds }),
    ),
    removeMember: useGroupWrite(({ id, athleteId }: { id: string; athleteId: string }) => api.delete<Written>(`${path(id)}/members/${encodeURIComponent(athleteId)}`)),
    assignTemplate: useGroupWrite(({ id, templateId, startDate }: { id: string; templateId: string; startDate: string }) =>
      api.post<GroupAssignResult>(`${path(id)}/assign-template`, { template_id: templateId, start_date: startDate }),
    ),
    assignWorkout: useGroupWrite(({ id, workout }: { id: string; workout: GroupWorkout }) => api.post<GroupAssignResult>(`${path(id)}/assign-workout`, { workout })),
  };
}

/** "Scheduled for 3 athletes · 0 already had it" (and who was left out). */
export function assignSummary(r: GroupAssignResult): string {
  const athletes = (n: number) => `${n} athlete${n === 1 ? '' : 's'}`;
  const parts = [`Scheduled for ${athletes(r.scheduled_count)}`, `${r.already_count} already had it`];
  if (r.not_linked_count > 0) parts.push(`${athletes(r.not_linked_count)} no longer linked`);
  return parts.join(' · ');
}
