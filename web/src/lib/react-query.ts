import { QueryClient, type FetchStatus } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * One client per app. Realtime pushes tell us when data changed, so queries can
 * stay fresh for a while instead of refetching on every focus.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

/**
 * The app's client. A module, not component state, so the router's loaders can start a
 * page's first queries while its code is still on the way (app/route-data.ts).
 */
export const queryClient = createQueryClient();

/**
 * A query a screen may stop waiting for: answered (data or error), paused for want of a
 * connection, or failed once and retrying (no signal in the gym: waiting for the retries
 * would hold the saved workouts behind a spinner).
 */
export const hasSettled = (query: { isPending: boolean; fetchStatus: FetchStatus; failureCount: number }): boolean =>
  !query.isPending || query.fetchStatus === 'paused' || query.failureCount > 0;
