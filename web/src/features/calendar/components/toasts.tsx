import { useCallback, useEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/cx';

export type Toast = { id: number; text: string; variant: 'info' | 'success' | 'error' };

/** Short-lived notices: each disappears after its own duration. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const timers = useRef(new Set<number>());
  const nextId = useRef(1);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((t) => window.clearTimeout(t));
  }, []);

  const show = useCallback((text: string, options: { variant?: Toast['variant']; durationMs?: number } = {}) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, text, variant: options.variant ?? 'info' }]);
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, options.durationMs ?? 4000);
    timers.current.add(timer);
  }, []);

  return { toasts, show };
}

/** A polite live region in the corner; inside a modal it must be rendered in the dialog to be seen. */
export function ToastRegion({ toasts }: { toasts: Toast[] }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={cx('toast', `toast--${toast.variant}`)}>
          {toast.text}
        </p>
      ))}
    </div>
  );
}
