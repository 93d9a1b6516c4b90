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

const OPERATOR_KEY = 'spotter.operatorKey';

/** The operator key from the console's link (`/email-demo?key=…`), kept for this tab. */
function operatorKey(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('key');
  if (fromUrl) sessionStorage.setItem(OPERATOR_KEY, fromUrl);
  return fromUrl ?? sessionStorage.getItem(OPERATOR_KEY);
}

/**
 * Mails written to the outbox folder; empty when mail goes out over SMTP. With the
 * operator key every mail, otherwise only the signed-in user's own.
 */
export async function getOutbox(): Promise<OutboxMessage[]> {
  const key = operatorKey();
  const data = await api.get<{ messages?: OutboxMessage[] }>('/api/outbox', { auth: 'optional', ...(key ? { headers: { 'X-Operator-Key': key } } : {}) });
  return data.messages ?? [];
}

export function outboxQueryOptions() {
  return queryOptions({ queryKey: outboxQueryKey, queryFn: getOutbox, staleTime: 0, retry: 1 });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
