/**
 * Route loaders that start the requests a page's first paint needs as soon as the
 * address is known, while the page's code is still loading, instead of after its
 * first render; they also exempt them from waiting for that paint (lib/first-paint.ts).
 * They never wait for the answers, and do nothing when no one is signed in.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { calendarAthleteQuery } from '../features/calendar/api/get-athlete';
import { neededForFirstPaint } from '../lib/first-paint';
import { profileQuery } from '../lib/profile';
import { queryClient } from '../lib/react-query';
import { getSession } from '../lib/session';
import { CALENDAR_FIRST_PAINT_DATA } from './route-table';

/** The calendar's header names the athlete, and the month it opens on is the profile's today. */
export function calendarPageData({ params }: LoaderFunctionArgs): null {
  if (!getSession() || !params.clientId) return null;
  neededForFirstPaint(...CALENDAR_FIRST_PAINT_DATA);
  void queryClient.prefetchQuery(profileQuery);
  void queryClient.prefetchQuery(calendarAthleteQuery(params.clientId));
  return null;
}
