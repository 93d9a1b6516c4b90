/** GET /api/get-clients: the coach's linked athletes with their compliance. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';

/** Percentages 0–100 per window; null when there is nothing to measure. */
export type Compliance = { d7: number | null; d30: number | null; d90: number | null; all: number | null };

export type Client = { id: string; name: string | null; email: string; linkId: string; compliance: Compliance };

export type ClientsResponse = { clients: Client[]; currentUserProfile: unknown };

export const clientsQueryKey = ['clients'] as const;

export function getClients(): Promise<ClientsResponse> {
  return api.get<ClientsResponse>('/api/get-clients', { headers: afterWriteHeaders() });
}

export const clientsQueryOptions = () => queryOptions({ queryKey: clientsQueryKey, queryFn: getClients });

export function useClients() {
  return useQuery(clientsQueryOptions());
}
