import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { LiveUpdatesPaused } from '../components/live-updates-paused';
import { AuthProvider, useAuth } from '../lib/auth';
import { OutboxProvider } from '../lib/offline/outbox-provider';
import { queryClient } from '../lib/react-query';
import { RealtimeClient, RealtimeContext } from '../lib/realtime';
import { getSession } from '../lib/session';
import { ThemeProvider } from '../lib/theme';

/**
 * One realtime connection per signed-in user. After a reconnection every query
 * is refetched, since changes may have been missed; signing out closes it.
 */
function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [client, setClient] = useState<RealtimeClient | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const realtime = new RealtimeClient({
      getToken: () => getSession()?.accessToken ?? null,
      onReconnect: () => void queryClient.invalidateQueries(),
    });
    // At once, not after the first paint like the page's other requests: the first
    // screen's topics are then subscribed while its answers are on their way, so the
    // subscription's catch-up refetch joins them instead of asking for everything again.
    realtime.connect();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the client is created in the effect so it is closed on unmount; state hands it to the tree
    setClient(realtime);
    return () => {
      realtime.close();
      setClient(null);
    };
  }, [userId, queryClient]);

  return (
    <RealtimeContext value={client}>
      {children}
      {client && <LiveUpdatesPaused client={client} />}
    </RealtimeContext>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RealtimeProvider>
              <OutboxProvider>{children}</OutboxProvider>
            </RealtimeProvider>
          </AuthProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </ThemeProvider>
  );
}
