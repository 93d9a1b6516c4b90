import { useEffect, useRef, useState } from 'react';
import type { WeightUnit } from '@kernel';
import { useUser } from '../../../lib/auth';
import { metricText, useWeightUnit } from '../../../lib/weight-unit';
import { useTopic } from '../../../lib/realtime';
import { recentPrsKey, useRecentPrs, type PrNews } from '../api/performance';
import './performance.css';
import { topicOf } from '@kernel';

const TOAST_MS = 8000;

export function prText(p: PrNews, unit: WeightUnit): string {
  const value = metricText(p.weight, p.unit, unit);
  return p.rep_range > 0 ? `New PR: ${p.athlete_name} ${p.exercise_name} ${value} × ${p.rep_range}` : `New PR: ${p.athlete_name} ${p.exercise_name} ${value}`;
}

/**
 * "New PR" toasts wherever the user is in the app: news arrives on the user's own
 * `prs:` topic (a coach's athletes, or the athlete themself); what was already
 * there when the page opened is not news.
 */
export function PrToasts() {
  const user = useUser();
  const prs = useRecentPrs();
  const unit = useWeightUnit();
  const seen = useRef<Set<string> | null>(null);
  const [toasts, setToasts] = useState<PrNews[]>([]);
  useTopic(topicOf.prs(user.id), [recentPrsKey]);

  useEffect(() => {
    if (!prs.data) return;
    if (seen.current === null) {
      seen.current = new Set(prs.data.prs.map((p) => p.id));
      return;
    }
    const fresh = prs.data.prs.filter((p) => !seen.current!.has(p.id));
    if (fresh.length === 0) return;
    fresh.forEach((p) => seen.current!.add(p.id));
    setToasts((list) => [...list, ...fresh]);
    const ids = new Set(fresh.map((p) => p.id));
    window.setTimeout(() => setToasts((list) => list.filter((p) => !ids.has(p.id))), TOAST_MS);
  }, [prs.data]);

  return (
    <div className="pr-toasts" role="status" aria-live="polite">
      {toasts.map((p) => (
        <p key={p.id} className="pr-toast">
          {prText(p, unit)}
        </p>
      ))}
    </div>
  );
}
