/**
 * Invites an athlete accepted whose coach has not linked them yet: what the Clients
 * navigation counts and the acceptance toasts announce, on every page of a coach.
 * Read from the light lists (invites, links), never the client cards with compliance.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import { afterWriteHeaders } from '../../../lib/read-after-write';
import { useInvites, type Invite } from './manage-invites';

export const linksQueryKey = ['links'] as const;

export function getLinks(): Promise<{ links: { email: string }[] }> {
  return api.get('/api/manage-links', { headers: afterWriteHeaders() });
}

export const linksQueryOptions = () => queryOptions({ queryKey: linksQueryKey, queryFn: getLinks });

export function useAcceptedNotLinked(): Invite[] | undefined {
  const invites = useInvites();
  const links = useQuery(linksQueryOptions());
  return useMemo(() => {
    if (!invites.data || !links.data) return undefined;
    const linked = new Set(links.data.links.map((l) => l.email.toLowerCase()));
    return invites.data.invites.filter((i) => i.status === 'accepted' && !linked.has(i.email.toLowerCase()));
  }, [invites.data, links.data]);
}
