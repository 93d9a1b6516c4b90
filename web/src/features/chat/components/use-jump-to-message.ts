import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Message } from '../api/messages';
import { FOUND_HIGHLIGHT_MS } from '../utils/constants';

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
 * Returns the id of the message to highlight, 'gone' when the history ends without
 * it (deleted or cleared since), or null.
 */
export function useJumpToMessage(target: { messageId: string; at: number } | null, messages: Message[], paging: Paging): string | 'gone' | null {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, scroller } = paging;
  const [found, setFound] = useState<string | 'gone' | null>(null);
  const done = useRef<number | null>(null);

  useEffect(() => {
    if (!target || done.current === target.at || messages.length === 0) return;
    const present = messages.some((m) => m.id === target.messageId);
    if (!present) {
      if (hasNextPage) {
        if (!isFetchingNextPage) void fetchNextPage();
      } else {
        done.current = target.at;
        setFound('gone');
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
    setFound(target.messageId);
  }, [target, messages, hasNextPage, isFetchingNextPage, fetchNextPage, scroller]);

  // The highlight fades after a moment; a new jump starts it again.
  useEffect(() => {
    if (!found || found === 'gone') return;
    const timer = setTimeout(() => setFound(null), FOUND_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [found, target?.at]);

  return found;
}
