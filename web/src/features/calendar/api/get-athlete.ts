/** The athlete whose calendar this is: their name from the coach's links (GET /api/manage-links). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type Link = { user_id: string; email: string; name: string | null };

/** Shared by the hook and the calendar route's loader, which starts it while the page's code loads. */
export const calendarAthleteQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['calendar', 'athlete', clientId],
    queryFn: async () => {
      const { links } = await api.get<{ links: Link[] }>('/api/manage-links');
      const link = links.find((l) => l.user_id === clientId);
      return link ? { name: link.name?.trim() || link.email, email: link.email } : null;
    },
    enabled: clientId !== '',
  });

export function useCalendarAthlete(clientId: string) {
  return useQuery(calendarAthleteQuery(clientId));
}
