import { useEffect, useRef, useState } from 'react';

/**
 * True once the element has come near the viewport (and stays true), so heavy parts
 * below the fold (ApexCharts, ~170 KB gzip) load only when someone scrolls to them.
 */
export function useInView<T extends Element>(margin = '200px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}
