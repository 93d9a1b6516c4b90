/**
 * One outbox per signed-in user, running on every page (a write made offline on the
 * training page is sent when the connection returns, wherever the user is by then).
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../auth';
import { rememberWrite } from '../read-after-write';
import { EMPTY_OUTBOX, Outbox, type OutboxState } from './outbox';

const OutboxContext = createContext<Outbox | null>(null);

export function OutboxProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [outbox, setOutbox] = useState<Outbox | null>(null);
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const box = new Outbox(userId, (sent) => {
      // Reads wait for the last write (read-your-writes), then every page that shows one refetches.
      for (const entry of sent) {
        const result = entry.result as { checkpoint?: unknown } | null | undefined;
        if (typeof result?.checkpoint === 'string') rememberWrite(result.checkpoint);
      }
      const keys = new Map(sent.flatMap((e) => e.invalidates).map((key) => [JSON.stringify(key), key]));
      for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey });
    });
    box.start();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the outbox is made in the effect so it stops on unmount; state hands it to the tree
    setOutbox(box);
    return () => {
      box.stop();
      setOutbox(null);
    };
  }, [userId, queryClient]);

  return <OutboxContext value={outbox}>{children}</OutboxContext>;
}

/** The signed-in user's outbox; null while signed out or starting. */
export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}

const noSubscription = () => () => {};
const emptyState = () => EMPTY_OUTBOX;

export function useOutboxState(): OutboxState {
  const outbox = useOutbox();
  return useSyncExternalStore(outbox?.subscribe ?? noSubscription, outbox?.getState ?? emptyState, emptyState);
}
