/**
 * The signed-in user's profile (GET /api/profile), shared by Settings and every page
 * that needs "today": the server answers it on its own clock in the profile's time
 * zone, so a traveller's laptop or a browser with a wrong clock or zone never moves
 * the highlighted day, the default week or what counts as missed.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { afterWriteHeaders } from './read-after-write';

export type Profile = { user_id: string; display_name: string | null; resolved_name: string; time_zone: string; today: string };

export const profileKey = ['settings', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api.get<{ profile: Profile }>('/api/profile', { headers: afterWriteHeaders() }).then((r) => r.profile),
  });
}

/** Today (YYYY-MM-DD) in the profile's time zone; undefined until the profile has loaded. */
export function useProfileToday(): string | undefined {
  return useProfile().data?.today;
}
