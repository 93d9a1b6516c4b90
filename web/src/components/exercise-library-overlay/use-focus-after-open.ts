import { useEffect, type RefObject } from 'react';

/**
 * Focuses an element of a dialog's content once the dialog has opened. React's
 * autoFocus runs before the Modal's effect calls showModal(), which then moves
 * focus to the first focusable element (the Close button); a frame later we win.
 */
export function useFocusAfterOpen(ref: RefObject<HTMLElement | null>, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [ref, enabled]);
}
