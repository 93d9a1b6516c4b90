import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type OutboxMessage = {
  id: string;
  to: string;
  subject: string;
  /** ISO time. */
  sentAt: string;
  html: string;
};

export const outboxQueryKey = ['outbox'] as const;

/** Mails written to the outbox folder; empty when mail goes out over SMTP. */
export async function getOutbox(): Promise<OutboxMessage[]> {
  const data = await api.get<{ messages?: OutboxMessage[] }>('/api/outbox', { auth: 'optional' });
  return data.messages ?? [];
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: outboxQueryKey, queryFn: getOutbox, staleTime: 0, retry: 1 });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
