import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Message } from '../api/messages';
import { FOUND_HIGHLIGHT_MS } from '../utils/constants';

export type Jump = { highlight: string | null; gone: boolean };
const NONE: Jump = { highlight: null, gone: false };

type Paging = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  scroller: RefObject<HTMLDivElement | null>;
};

/**
 * Takes the conversation to a message chosen in search: loads older pages until the
 * message is among them, scrolls it to the middle of the history (at once when the
 * system asks for reduced motion), moves focus to it and highlights it for a moment.
 * Says which message to highlight, or that the history ended without it (deleted or
 * cleared since).
 */
export function useJumpToMessage(target: { messageId: string; at: number } | null, messages: Message[], paging: Paging): Jump {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, scroller } = paging;
  const [found, setFound] = useState<Jump>(NONE);
  const done = useRef<number | null>(null);

  useEffect(() => {
    if (!target || done.current === target.at || messages.length === 0) return;
    const present = messages.some((m) => m.id === target.messageId);
    if (!present) {
      if (hasNextPage) {
        if (!isFetchingNextPage) void fetchNextPage();
      } else {
        done.current = target.at;
        // eslint-disable-next-line react-hooks/set-state-in-effect -- the end of the paging the effect drives: said once per jump
        setFound({ highlight: null, gone: true });
      }
      return;
    }
    done.current = target.at;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(target.messageId)}"]`);
    if (el) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
      el.focus({ preventScroll: true });
    }
    setFound({ highlight: target.messageId, gone: false });
  }, [target, messages, hasNextPage, isFetchingNextPage, fetchNextPage, scroller]);

  // The highlight fades after a moment; a new jump starts it again.
  useEffect(() => {
    if (!found.highlight) return;
    const timer = setTimeout(() => setFound(NONE), FOUND_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [found, target?.at]);

  return found;
}
