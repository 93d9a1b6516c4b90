import { useState } from 'react';
import { METRIC_GROUPS, METRIC_LABELS, type MetricKey, type WeightUnit } from '@kernel';
import { LOAD_METRICS as LOADS, loadText, useWeightUnit } from '../../../../lib/weight-unit';
import { Alert } from '../../../../components/ui/alert';
import { errorMessage } from '../../../../lib/api-client';
import { useWorkoutAnalytics, type AnalyticsFilter } from '../../api/analytics';

const GROUPS = Object.entries(METRIC_GROUPS) as [keyof typeof METRIC_GROUPS, (typeof METRIC_GROUPS)[keyof typeof METRIC_GROUPS]][];

function formatMetric(key: MetricKey, value: number, unit: WeightUnit): string {
  if (LOADS.has(key)) return loadText(value, unit, { decimals: 1 });
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

type WorkoutAnalyticsProps = {
  clientId: string;
  filter: AnalyticsFilter;
  exercise: string;
  onExercise: (exercise: string) => void;
};

/** The exercise filter and the Volume, Intensity and Additional selectors with their values. */
export function WorkoutAnalyticsMetrics({ clientId, filter, exercise, onExercise }: WorkoutAnalyticsProps) {
  const analytics = useWorkoutAnalytics(clientId, { ...filter, exercise: exercise || undefined });
  const [chosen, setChosen] = useState<Record<keyof typeof METRIC_GROUPS, MetricKey>>({
    volume: METRIC_GROUPS.volume.default,
    intensity: METRIC_GROUPS.intensity.default,
    additional: METRIC_GROUPS.additional.default,
  });
  const exercises = analytics.data?.exercises ?? [];
  const unit = useWeightUnit();

  return (
    <div className="analytics-metrics">
      <label className="set-field analytics-metrics__exercise">
        <span className="set-field__label">Exercise</span>
        <select className="input input--sm" aria-label="Exercise" value={exercise} onChange={(e) => onExercise(e.target.value)}>
          <option value="">All exercises</option>
          {exercise && !exercises.some((e) => e.exercise_name === exercise) && <option value={exercise}>{exercise}</option>}
          {exercises.map((e) => (
            <option key={e.exercise_name} value={e.exercise_name}>
              {e.exercise_name}
            </option>
          ))}
        </select>
      </label>
      {analytics.isError && <Alert variant="error">{errorMessage(analytics.error)}</Alert>}
      <div className="metric-cards">
        {GROUPS.map(([group, spec]) => {
          const key = chosen[group];
          const value = analytics.data?.metrics[key];
          return (
            <div key={group} className="metric-card">
              <label className="set-field">
                <span className="set-field__label">{spec.label}</span>
                <select className="input input--sm" aria-label={spec.label} value={key} onChange={(e) => setChosen({ ...chosen, [group]: e.target.value as MetricKey })}>
                  {spec.metrics.map((m) => (
                    <option key={m} value={m}>
                      {METRIC_LABELS[m]}
                      {LOADS.has(m) ? ` (${unit})` : ''}
                    </option>
                  ))}
                </select>
              </label>
              <p className="metric-card__value" aria-label={`${METRIC_LABELS[key]} value`}>
                {value === undefined ? '—' : formatMetric(key, value, unit)}
              </p>
            </div>
          );
        })}
      </div>
    </div>
  );
}
