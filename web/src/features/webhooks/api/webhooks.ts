/** A coach's webhook endpoints (GET/POST/PATCH/DELETE /api/webhooks…) and their delivery logs. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type WebhookEndpoint = {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookDelivery = {
  id: string;
  event_type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
};

type EndpointList = { data: WebhookEndpoint[]; event_types: string[] };
type WithSecret = { data: WebhookEndpoint; secret: string };

export const webhooksQueryKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

export const getWebhooks = () => api.get<EndpointList>('/api/webhooks');
export const webhooksQueryOptions = () => queryOptions({ queryKey: webhooksQueryKey, queryFn: getWebhooks });
export const useWebhooks = () => useQuery(webhooksQueryOptions());

export const getDeliveries = (id: string) => api.get<{ data: WebhookDelivery[] }>(`/api/webhooks/${encodeURIComponent(id)}/deliveries`);
/** Pending deliveries change on their own (the server retries): the log looks again every few seconds while one is. */
export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: deliveriesKey(id),
    queryFn: () => getDeliveries(id),
    refetchInterval: (q) => (q.state.data?.data.some((d) => d.status === 'pending') ? 2000 : false),
  });
export const useDeliveries = (id: string) => useQuery(deliveriesQueryOptions(id));

export function useWebhookMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: webhooksQueryKey });
  return {
    create: useMutation({
      mutationFn: (body: { url: string; event_types: string[]; description?: string }) => api.post<WithSecret>('/api/webhooks', body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: { id: string; enabled?: boolean }) => api.patch<{ data: WebhookEndpoint }>(`/api/webhooks/${encodeURIComponent(id)}`, body),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete<{ success: true }>(`/api/webhooks/${encodeURIComponent(id)}`), onSuccess: refresh }),
    rotate: useMutation({ mutationFn: (id: string) => api.post<WithSecret>(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`), onSuccess: refresh }),
    sendTest: useMutation({
      mutationFn: (id: string) => api.post<{ success: true; delivery_id: string }>(`/api/webhooks/${encodeURIComponent(id)}/test`),
      onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: deliveriesKey(id) }),
    }),
  };
}
