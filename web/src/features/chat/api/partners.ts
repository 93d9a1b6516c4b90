/**
 * GET /api/conversations/partners: the caller's coach(es) and coached athletes, whom a
 * coaching link lets them message without a contact request.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ChatContact } from './contacts';

export type CoachingPartner = { user_id: string; name: string; relation: 'coach' | 'athlete' };

export const partnersQueryKey = ['conversations', 'partners'] as const;

export function useCoachingPartners() {
  return useQuery({ queryKey: partnersQueryKey, queryFn: () => api.get<{ partners: CoachingPartner[] }>('/api/conversations/partners').then((r) => r.partners) });
}

/** Coaching partners first (coach, then athletes), then accepted contacts not among them. */
export function chatPartners(partners: readonly CoachingPartner[], contacts: readonly ChatContact[]): ChatContact[] {
  const fromLinks: ChatContact[] = partners.map((p) => ({
    user_id: p.user_id,
    display_name: p.relation === 'coach' ? `${p.name} (coach)` : p.name,
    email: '',
    status: 'accepted',
  }));
  const linked = new Set(partners.map((p) => p.user_id));
  return [...fromLinks, ...contacts.filter((c) => !linked.has(c.user_id))];
}
