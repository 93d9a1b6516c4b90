/** The template calls (spec "Program template calls"): list, read, save, delete, copy, athletes, assign. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders, rememberWrite } from '../../../lib/read-after-write';
import type { TemplateCategory } from '@kernel';
import type { SavedTemplate } from '../utils/template-draft';

export type TemplateSummary = SavedTemplate & {
  user_id: string;
  owner_name: string;
  is_own: boolean;
  revision: number;
  day_count: number;
  workout_count: number;
  created_at: string;
  updated_at: string;
};

export type TemplateAthlete = { id: string; name: string; first_name: string | null; last_name: string | null };

export const templatesKey = ['program-templates'] as const;

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: [...templatesKey, 'list'],
    queryFn: () => api.get<{ data: TemplateSummary[] }>('/api/program-templates', { headers: afterWriteHeaders() }),
  });

export const useTemplates = () => useQuery(templatesQueryOptions());

export const getTemplate = (id: string) =>
  api.get<{ data: TemplateSummary }>(`/api/program-templates/${encodeURIComponent(id)}`, { headers: afterWriteHeaders() }).then((r) => r.data);

export type SavePayload = { name: string; description: string; category: TemplateCategory; is_public: boolean; workouts: unknown; user_id: string };

type Written = { success: true; checkpoint: string | null };
type Created = Written & { id: string };

/** A template write: the next list read waits for its checkpoint, and the list refetches. */
function useTemplateWrite<T, R extends Written>(write: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      const r = await write(input);
      rememberWrite(r.checkpoint);
      return r;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: templatesKey }),
  });
}

export const useSaveTemplate = () =>
  useTemplateWrite(({ id, payload }: { id: string | null; payload: SavePayload }) =>
    id ? api.put<Created>(`/api/program-templates/${encodeURIComponent(id)}`, payload) : api.post<Created>('/api/program-templates', payload),
  );

export const useDeleteTemplate = () => useTemplateWrite((id: string) => api.delete<Written>(`/api/program-templates/${encodeURIComponent(id)}`));

export const useCopyTemplate = () => useTemplateWrite((id: string) => api.post<Created>(`/api/program-templates/${encodeURIComponent(id)}/copy`));

export const useTemplateAthletes = (enabled: boolean) =>
  useQuery({ queryKey: [...templatesKey, 'athletes'], queryFn: () => api.get<{ data: TemplateAthlete[] }>('/api/template-athletes'), enabled });

export type AssignResult = { success: true; assignment_id: string; created_count: number; start_date: string; end_date: string; checkpoint: string | null };

export function useAssignTemplate() {
  return useMutation({
    mutationFn: ({ templateId, athleteId, startDate }: { templateId: string; athleteId: string; startDate: string }) =>
      api.post<AssignResult>(`/api/program-templates/${encodeURIComponent(templateId)}/assign`, { athlete_id: athleteId, start_date: startDate }),
  });
}
