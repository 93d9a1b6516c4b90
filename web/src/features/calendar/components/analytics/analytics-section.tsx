import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { displayLoad, EXERCISE_INTENTS, INTENT_PROFILES, STATUS_LABELS } from '@kernel';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { Spinner } from '../../../../components/ui/spinner';
import { useInView } from '../../../../lib/use-in-view';
import { useCapacity, useWeeklyVolume } from '../../api/analytics';
import { shortDate } from '../../utils/dates';
import { DatePicker, dateOf, EMPTY_PARTS, type DateParts } from './date-picker';
import { WorkoutAnalyticsMetrics } from './workout-analytics';
import './analytics.css';

const WeeklyVolumeChart = lazy(() => import('./weekly-volume-chart'));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Below the calendar (coach-core §2): Workout Analytics, Weekly Volume Trend, legends, Training Capacity Distribution. */
export function AnalyticsSection({ clientId, today }: { clientId: string; today: string }) {
  const [fromParts, setFrom] = useState<DateParts>(EMPTY_PARTS);
  const [toParts, setTo] = useState<DateParts>(EMPTY_PARTS);
  const [exercise, setExercise] = useState('');
  const from = dateOf(fromParts) ?? undefined;
  const to = dateOf(toParts) ?? undefined;
  const reversed = !!from && !!to && from > to;
  const filter = reversed ? {} : { from, to };

  return (
    <div className="analytics">
      <section className="analytics-card analytics-card--wide" aria-labelledby="workout-analytics-title">
        <h2 id="workout-analytics-title" className="analytics-card__title">
          Workout Analytics
        </h2>
        <div className="analytics-range">
          <DatePicker legend="From" value={fromParts} today={today} onChange={setFrom} />
          <DatePicker legend="To" value={toParts} today={today} onChange={setTo} />
        </div>
        {reversed && <p className="field__error">The From date must not be after the To date.</p>}
        <WorkoutAnalyticsMetrics clientId={clientId} filter={filter} exercise={exercise} onExercise={setExercise} />
      </section>

      <WeeklyTrend clientId={clientId} today={today} />

      <section className="analytics-card" aria-labelledby="capacity-title">
        <h2 id="capacity-title" className="analytics-card__title">
          Training Capacity Distribution
        </h2>
        <Capacity clientId={clientId} filter={filter} />
      </section>

      <section className="analytics-card" aria-label="Legends">
        <h2 className="analytics-card__title">Exercise Intents</h2>
        <ul className="legend">
          {EXERCISE_INTENTS.map((intent) => (
            <li key={intent} style={{ '--intent-color': INTENT_PROFILES[intent].color } as CSSProperties}>
              <span className="intent-dot" aria-hidden="true" />
              <strong>{capitalise(intent)}</strong> <span className="muted">{INTENT_PROFILES[intent].repRange}</span>
            </li>
          ))}
        </ul>
        <h2 className="analytics-card__title analytics-card__title--spaced">Status</h2>
        <ul className="legend">
          {Object.entries(STATUS_LABELS).map(([status, label]) => (
            <li key={status}>
              <span className={`status-dot status-dot--${status}`} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function WeeklyTrend({ clientId, today }: { clientId: string; today: string }) {
  const weekly = useWeeklyVolume(clientId, today);
  const weeks = weekly.data?.weeks ?? [];
  const unit = useWeightUnit();
  // The chart sits below the calendar: fetch ApexCharts only when it is scrolled to.
  const [chartRef, chartInView] = useInView<HTMLDivElement>();
  return (
    <section className="analytics-card analytics-card--wide" aria-labelledby="weekly-trend-title">
      <h2 id="weekly-trend-title" className="analytics-card__title">
        Weekly Volume Trend
      </h2>
      <p className="muted analytics-card__hint">Reps × load ({unit}) in each of the last 8 weeks, weeks starting Sunday.</p>
      <div className="weekly-chart" aria-hidden="true" ref={chartRef}>
        <Suspense fallback={<Spinner />}>{chartInView && weeks.length > 0 && <WeeklyVolumeChart weeks={weeks} />}</Suspense>
      </div>
      <table className="visually-hidden">
        <caption>Weekly volume</caption>
        <thead>
          <tr>
            <th>Week of</th>
            <th>Volume ({unit})</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.week_start}>
              <td>{shortDate(w.week_start)}</td>
              <td>{displayLoad(w.total_volume, unit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Capacity({ clientId, filter }: { clientId: string; filter: { from?: string; to?: string } }) {
  const capacity = useCapacity(clientId, filter);
  if (!capacity.data) return <Spinner />;
  return (
    <>
      <ul className="capacity" aria-label="Sets per intent">
        {capacity.data.intents.map((row) => (
          <li key={row.intent} style={{ '--intent-color': row.color } as CSSProperties}>
            <span className="capacity__label">{capitalise(row.intent)}</span>
            <span className="capacity__bar" aria-hidden="true">
              <span style={{ width: `${row.percentage}%` }} />
            </span>
            <span className="capacity__value">
              {row.sets} sets ({row.percentage}%)
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">Total: {capacity.data.total_sets} sets planned</p>
    </>
  );
}
