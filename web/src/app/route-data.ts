/**
 * Route loaders that start the requests a page's first paint needs as soon as the
 * address is known, while the page's code is still loading, instead of after its
 * first render; they also exempt them from waiting for that paint (lib/first-paint.ts).
 * They never wait for the answers, and do nothing when no one is signed in.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { athleteDashboardQuery } from '../features/athlete/api/dashboard';
import { myCoachesQueryOptions } from '../features/athlete/api/my-coaches';
import { myReadinessOptions } from '../features/athlete/api/readiness';
import { calendarAthleteQuery } from '../features/calendar/api/get-athlete';
import { awaitPageContent, neededForFirstPaint } from '../lib/first-paint';
import { profileQuery } from '../lib/profile';
import { queryClient } from '../lib/react-query';
import { getSession } from '../lib/session';

/** The calendar's header names the athlete, and the month it opens on is the profile's today. */
export function calendarPageData({ params }: LoaderFunctionArgs): null {
  if (!getSession() || !params.clientId) return null;
  neededForFirstPaint('/api/profile', '/api/manage-links');
  void queryClient.prefetchQuery(profileQuery);
  void queryClient.prefetchQuery(calendarAthleteQuery(params.clientId));
  return null;
}

/**
 * My Training shows its first screen (who coaches you, the check-in, the dashboard) at
 * once when these answers are in, so nothing on it moves as they arrive.
 */
export function trainingPageData(): null {
  const session = getSession();
  if (!session) return null;
  const readinessPath = `/api/athletes/${encodeURIComponent(session.user.id)}/readiness`;
  neededForFirstPaint('/api/profile', '/api/my-coaches', readinessPath, '/api/athlete/dashboard');
  awaitPageContent();
  void queryClient.prefetchQuery(myCoachesQueryOptions());
  void queryClient.prefetchQuery(myReadinessOptions(session.user.id));
  // The dashboard is keyed by the profile's today.
  void queryClient
    .fetchQuery(profileQuery)
    .then((profile) => queryClient.prefetchQuery(athleteDashboardQuery(profile.today)))
    .catch(() => {});
  return null;
}
