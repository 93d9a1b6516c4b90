import { metricText, useWeightUnit } from '../../../lib/weight-unit';
import type { CategorySummary } from '../api/performance';

const ICONS: Record<string, string> = { dumbbell: '🏋', zap: '⚡', flame: '🔥', heart: '❤', move: '🤸', activity: '📈' };

/** Categories: score, metric count and the detailed metrics of each category. */
export function CategoriesTab({ categories }: { categories: CategorySummary[] }) {
  const unit = useWeightUnit();
  return (
    <div className="categories">
      {categories.map((c) => (
        <section key={c.name} className="category" aria-label={`${c.name} category`} style={{ borderTopColor: c.color }}>
          <header className="category__head">
            <span aria-hidden="true" className="category__icon" style={{ color: c.color }}>
              {ICONS[c.icon] ?? '•'}
            </span>
            <h3>{c.name}</h3>
            <span className="category__score" aria-label={`${c.name} score`}>
              {c.score}
            </span>
          </header>
          <p className="muted">
            {c.metricsCount} {c.metricsCount === 1 ? 'metric' : 'metrics'}
          </p>
          {c.metrics.length > 0 && (
            <ul className="category__metrics">
              {c.metrics.slice(0, 6).map((m) => (
                <li key={`${m.name}-${m.reps}-${m.date}`}>
                  <span>
                    {m.name}
                    {m.reps > 0 ? ` × ${m.reps}` : ''}
                  </span>
                  <span>{metricText(m.value, m.unit, unit)}</span>
                  <span className="muted">{m.date}</span>
                  {m.isPR && <span className="badge badge--pr">PR</span>}
                  <span className="muted">{m.source === 'workout' ? 'Workout' : 'Manual'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
