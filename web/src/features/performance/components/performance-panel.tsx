import { useMemo, useState } from 'react';
import { OfflineNotice } from '../../../components/offline-notice';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { useTopic } from '../../../lib/realtime';
import { metricText, useWeightUnit } from '../../../lib/weight-unit';
import { categoryOf } from '@kernel';
import { performanceKey, useKeepRepMaxProfiles, usePerformanceSummary, useRemoveEntry, type RangeKey } from '../api/performance';
import { CategoriesTab } from './categories-tab';
import { LogPerformanceForm } from './log-performance-form';
import { MetricsTable } from './metrics-table';
import { ProgressionChart } from './progression-chart';
import { RepMaxProfile } from './rep-max-profile';
import './performance.css';
import { topicOf } from '@kernel';

const RANGE_BUTTONS: [RangeKey, string][] = [
  ['7d', '7D'],
  ['30d', '30D'],
  ['90d', '90D'],
  ['1y', '1Y'],
  ['all', 'All'],
];
const MORE_RANGES: [RangeKey, string][] = [
  ['2y', '2 years'],
  ['3y', '3 years'],
  ['5y', '5 years'],
];

/** Performance analytics for one athlete (spec §2): range, completion, and the analysis block with its three tabs. */
export function PerformancePanel({ athleteId, today }: { athleteId: string; today: string }) {
  const [range, setRange] = useState<RangeKey>('30d');
  const [tab, setTab] = useState('categories');
  const [logging, setLogging] = useState(false);
  const summary = usePerformanceSummary(athleteId, range);
  const remove = useRemoveEntry(athleteId);
  const unit = useWeightUnit();
  // The athlete logging a set or an entry (or another coach tab) refreshes the dashboard.
  useTopic(athleteId ? topicOf.athlete(athleteId) : null, [performanceKey(athleteId)]);

  const data = summary.data;
  const rows = useMemo(() => (data?.allRecords ?? []).map((m) => ({ ...m, category: categoryOf(m.name) })), [data]);
  const names = useMemo(() => [...new Set(rows.filter((r) => r.reps > 0).map((r) => r.name))].sort(), [rows]);
  useKeepRepMaxProfiles(athleteId, names, data?.offline === false);

  if (summary.isError && !data) {
    return (
      <Alert variant="error" title="Error Loading Data">
        Failed to load performance data
      </Alert>
    );
  }
  if (!data) return <Spinner label="Loading performance data" />;

  const c = data.completion;
  return (
    <div className="performance">
      {data.offline && <OfflineNotice savedAt={data.savedAt} />}
      <div className="performance__ranges" role="group" aria-label="Time range">
        {RANGE_BUTTONS.map(([key, label]) => (
          <Button key={key} size="sm" variant={range === key ? 'primary' : 'outline'} aria-pressed={range === key} onClick={() => setRange(key)}>
            {label}
          </Button>
        ))}
        <label className="performance__more">
          <span className="visually-hidden">Longer range</span>
          <select className="input input--sm" value={MORE_RANGES.some(([k]) => k === range) ? range : ''} onChange={(e) => e.target.value && setRange(e.target.value as RangeKey)}>
            <option value="">More…</option>
            {MORE_RANGES.map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        </label>
      </div>

      <section className="performance-card" aria-label="Completion tracking">
        <h2>Completion tracking</h2>
        <p>
          <strong>{c.rate}%</strong> of prescribed sets done ({c.completedSets}/{c.sets}) · {c.completedWorkouts}/{c.workouts} workouts completed
        </p>
      </section>

      <section className="performance-card" aria-label="Performance analysis">
        <header className="performance__head">
          <div>
            <h2>Performance analysis</h2>
            <p className="performance__overall">
              Overall score <strong aria-label="Overall score">{data.overallScore}</strong>
            </p>
          </div>
          <Button onClick={() => setLogging((v) => !v)} aria-expanded={logging}>
            Log Performance
          </Button>
        </header>
        {logging && <LogPerformanceForm athleteId={athleteId} today={data.today} knownNames={names} onClose={() => setLogging(false)} />}
        {data.allRecords.length === 0 ? (
          <p className="empty-state">No performance data available</p>
        ) : (
          <>
            <section className="performance__recent" aria-label="Recent metrics">
              <h3>Recent metrics</h3>
              <ul>
                {data.recentMetrics.map((m) => (
                  <li key={`${m.name}-${m.reps}-${m.date}`}>
                    {m.name}
                    {m.reps > 0 ? ` × ${m.reps}` : ''}: {metricText(m.value, m.unit, unit)} <span className="muted">{m.date}</span>
                    {m.isPR && <span className="badge badge--pr">PR</span>}
                  </li>
                ))}
              </ul>
            </section>
            <Tabs
              label="Performance views"
              value={tab}
              onValueChange={setTab}
              tabs={[
                { id: 'categories', label: 'Categories', content: <CategoriesTab categories={data.categories} /> },
                {
                  id: 'progression',
                  label: 'Progression',
                  content: (
                    <>
                      <ProgressionChart records={data.allRecords} categories={data.categories} />
                      <RepMaxProfile athleteId={athleteId} exercises={names} />
                    </>
                  ),
                },
                { id: 'metrics', label: 'Metrics', content: <MetricsTable rows={rows} onRemove={(id) => remove.mutate(id)} /> },
              ]}
            />
          </>
        )}
      </section>
      {today !== data.today && <p className="muted">Dates follow the athlete's time zone (today there: {data.today}).</p>}
    </div>
  );
}
