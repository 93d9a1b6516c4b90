import { startTransition, useEffect, useState } from 'react';

/**
 * True once `ready` has been true for a task, and from then on: for the parts of a page
 * that can wait until the part above them has been drawn. Rendered in one go, a phone
 * draws both in one long task and the page stops answering for its length (Lighthouse's
 * Total Blocking Time, `npm run bench -- lighthouse`); apart, the later part is a
 * transition of its own, which React may slice.
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    // An effect runs once its render has been committed; the next task comes after the paint.
    const timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    return () => clearTimeout(timer);
  }, [ready, after]);
  return after;
}
