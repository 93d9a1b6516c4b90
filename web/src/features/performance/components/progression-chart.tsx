import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { WeightUnit } from '@kernel';
import { metricUnitOf, metricValue, useWeightUnit } from '../../../lib/weight-unit';
import type { CategorySummary, Metric } from '../api/performance';

// ApexCharts is loaded only when a progression chart is shown.
const ProgressionApex = lazy(() => import('./progression-apex'));

/** Spec §9: the default selected chart exercises. */
export const DEFAULT_EXERCISES = ['back squat (high bar)', 'bench press', 'deadlift'];

const at = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** Best value per day of one exercise (any rep count), oldest first; loads in the reader's unit. */
function seriesOf(name: string, metrics: Metric[], unit: WeightUnit) {
  const byDay = new Map<string, number>();
  for (const m of metrics) {
    if (m.name.toLowerCase() !== name.toLowerCase()) continue;
    const lower = m.unit === 'seconds';
    const current = byDay.get(m.date);
    if (current === undefined || (lower ? m.value < current : m.value > current)) byDay.set(m.date, m.value);
  }
  const metricUnit = metrics.find((m) => m.name.toLowerCase() === name.toLowerCase())?.unit ?? 'lbs';
  return { name, data: [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([d, y]) => ({ x: at(d), y: metricValue(y, metricUnit, unit) })) };
}

/** Progression: line/area, by category or by chosen exercises. */
export function ProgressionChart({ records, categories }: { records: Metric[]; categories: CategorySummary[] }) {
  const [kind, setKind] = useState<'line' | 'area'>('line');
  const readerUnit = useWeightUnit();
  const [mode, setMode] = useState<'individual' | 'category'>('individual');
  const names = useMemo(() => [...new Map(records.map((r) => [r.name.toLowerCase(), r.name])).values()].sort(), [records]);
  const defaults = names.filter((n) => DEFAULT_EXERCISES.includes(n.toLowerCase()));
  const [chosen, setChosen] = useState<string[] | null>(null);
  const selected = chosen ?? (defaults.length ? defaults : names.slice(0, 3));
  const active = categories.filter((c) => c.metricsCount > 0);
  const [category, setCategory] = useState<string | null>(null);
  const currentCategory = category ?? active[0]?.name ?? null;

  const shown = mode === 'individual' ? selected : [...new Set((categories.find((c) => c.name === currentCategory)?.metrics ?? []).map((m) => m.name))];
  const series = shown.map((n) => seriesOf(n, records, readerUnit)).filter((s) => s.data.length > 0);
  const unit = metricUnitOf(records.find((r) => shown.includes(r.name))?.unit ?? 'lbs', readerUnit);
  const toggle = (name: string) => setChosen(selected.includes(name) ? selected.filter((n) => n !== name) : [...selected, name]);

  return (
    <div className="progression">
      <div className="progression__controls">
        <div role="group" aria-label="Chart mode">
          <Button size="sm" variant={mode === 'individual' ? 'primary' : 'outline'} aria-pressed={mode === 'individual'} onClick={() => setMode('individual')}>
            Individual
          </Button>
          <Button size="sm" variant={mode === 'category' ? 'primary' : 'outline'} aria-pressed={mode === 'category'} onClick={() => setMode('category')}>
            Category
          </Button>
        </div>
        <div role="group" aria-label="Chart type">
          <Button size="sm" variant={kind === 'line' ? 'primary' : 'outline'} aria-pressed={kind === 'line'} onClick={() => setKind('line')}>
            Line
          </Button>
          <Button size="sm" variant={kind === 'area' ? 'primary' : 'outline'} aria-pressed={kind === 'area'} onClick={() => setKind('area')}>
            Area
          </Button>
        </div>
      </div>
      {mode === 'individual' ? (
        <div className="progression__chips" role="group" aria-label="Exercises">
          {names.map((n) => (
            <label key={n} className="chip">
              <input type="checkbox" checked={selected.includes(n)} onChange={() => toggle(n)} /> {n}
            </label>
          ))}
        </div>
      ) : (
        <label className="progression__category">
          Category{' '}
          <select className="input input--sm" value={currentCategory ?? ''} onChange={(e) => setCategory(e.target.value)}>
            {active.map((c) => (
              <option key={c.name}>{c.name}</option>
            ))}
          </select>
        </label>
      )}
      {series.length === 0 ? (
        <p className="empty-state">No data points found</p>
      ) : (
        <figure className="progression__chart" aria-label="Progression chart">
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <ProgressionApex series={series} kind={kind} unit={unit} />
          </Suspense>
        </figure>
      )}
    </div>
  );
}
