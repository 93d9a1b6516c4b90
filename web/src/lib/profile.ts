/**
 * The signed-in user's profile (GET /api/profile), shared by Settings and every page
 * that needs "today": the server answers it on its own clock in the profile's time
 * zone, so a traveller's laptop or a browser with a wrong clock or zone never moves
 * the highlighted day, the default week or what counts as missed.
 *
 * The last answer is kept on the device: with no connection (gym mode) "today" is
 * the device's clock in the saved profile's zone, the only clock there is then.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WeightUnit } from '@kernel';
import { api } from './api-client';
import { fetchWithOfflineCopy } from './offline/network';
import { afterWriteHeaders } from './read-after-write';

export type Profile = {
  user_id: string;
  display_name: string | null;
  resolved_name: string;
  time_zone: string;
  today: string;
  /** The unit the user reads loads in; null (or absent from an older answer) until chosen. */
  weight_unit?: WeightUnit | null;
};

export const profileKey = ['settings', 'profile'] as const;

/** YYYY-MM-DD now in `timeZone` by the device's clock; `fallback` for a zone the browser does not know. */
function deviceToday(timeZone: string, fallback: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return fallback;
  }
}

/** The profile query, shared by the hook and the route loaders that start it early (app/route-data). */
export const profileQuery = queryOptions({
  queryKey: profileKey,
  queryFn: async () => {
    const answer = await fetchWithOfflineCopy(
      'profile',
      () => api.get<{ profile: Profile }>('/api/profile', { headers: afterWriteHeaders() }).then((r) => r.profile),
      (saved) => ({ ...saved, today: deviceToday(saved.time_zone, saved.today) }),
    );
    return answer.data;
  },
  // With no connection the saved copy answers at once (no pause waiting for the network).
  networkMode: 'always',
});

export function useProfile() {
  return useQuery(profileQuery);
}

/** Today (YYYY-MM-DD) in the profile's time zone; undefined until the profile has loaded. */
export function useProfileToday(): string | undefined {
  return useProfile().data?.today;
}
