import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { exerciseType, maxLoadIn, toLbs, UNIT_OF, type ExerciseType, type WeightUnit } from '@kernel';
import { dateError, PERFORMANCE_TEXTS, repsError, valueError } from '@kernel';
import { metricUnitOf, useWeightUnit } from '../../../lib/weight-unit';
import { useExerciseNames, useLogPerformance } from '../api/performance';

/** Spec §9: the exercise search shows 8 suggestions. */
const SUGGESTIONS = 8;
const SUCCESS_MS = 5000;
/** When the library cannot be read, these still let a metric be logged. */
const COMMON = ['Back Squat (High Bar)', 'Bench Press', 'Deadlift', 'Front Squat', 'Overhead Press', 'Power Clean', '40 Yard Dash', 'Mile Run', 'Vertical Jump', 'Broad Jump'];

const valueLabel = (type: ExerciseType, unit: WeightUnit) => ({ strength: `Weight (${unit})`, time: 'Time (seconds)', measurement: 'Distance (inches)' })[type];

/** The shared rules check a weight in pounds: one typed in kilograms is checked as the pounds it is, and told in kilograms. */
function weightError(value: string, type: ExerciseType, unit: WeightUnit): string | null {
  if (type !== 'strength' || unit === 'lb') return valueError(value, type);
  const n = Number(value.trim());
  const checked = value.trim() !== '' && Number.isFinite(n) ? String(toLbs(n, 'kg')) : value;
  const error = valueError(checked, type);
  return error === PERFORMANCE_TEXTS.weightTooHigh ? `Weight seems unrealistic (max ${maxLoadIn(2000, 'kg')} kg)` : error;
}

/**
 * The Log Performance form (spec §4/§5): search and pick an exercise (type and unit
 * follow from the name), then value, reps for strength, and date. The same rules
 * the server enforces run here first, with the same texts.
 */
export function LogPerformanceForm({ athleteId, today, knownNames, onClose }: { athleteId: string; today: string; knownNames: string[]; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const [exercise, setExercise] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [reps, setReps] = useState('');
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const library = useExerciseNames();
  const log = useLogPerformance(athleteId);
  const id = useId();
  const unit = useWeightUnit();

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const suggestions = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return [];
    const names = [...new Map([...knownNames, ...(library.data ?? []), ...COMMON].map((n) => [n.toLowerCase(), n])).values()];
    const found = names.filter((n) => n.toLowerCase().includes(q)).slice(0, SUGGESTIONS);
    // A name nobody has used yet can still be logged as typed.
    if (!found.some((n) => n.toLowerCase() === q) && found.length < SUGGESTIONS) found.push(search.trim());
    return found;
  }, [search, knownNames, library.data]);

  const type = exercise ? exerciseType(exercise) : null;

  const pick = (name: string) => {
    setExercise(name);
    setSearch('');
    setErrors({});
  };
  const clearChoice = () => {
    setExercise(null);
    setValue('');
    setReps('');
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!exercise || !value.trim() || !athleteId) {
      setFailure(PERFORMANCE_TEXTS.incomplete);
      return;
    }
    const t = exerciseType(exercise);
    const next = { value: weightError(value, t, unit), reps: t === 'strength' ? repsError(reps) : null, date: dateError(date, today) };
    setErrors(next);
    if (next.value || next.reps || next.date) return;
    try {
      const logged = await log.mutateAsync({ exercise_name: exercise, value, ...(t === 'strength' ? { reps, ...(unit === 'kg' ? { unit: 'kg' as const } : {}) } : {}), date });
      const what = `${exercise}: ${value} ${metricUnitOf(UNIT_OF[t], unit)}${t === 'strength' ? ` × ${reps}` : ''}`;
      setSuccess(logged.queued ? `Saved on this device: ${what}. It will be sent when you are back online.` : `Logged ${what}`);
      setExercise(null);
      setValue('');
      setReps('');
      setDate(today);
    } catch (e) {
      setFailure(`Failed to log metric: ${errorMessage(e)}`);
    }
  };

  return (
    <form className="log-performance" aria-label="Log Performance" onSubmit={(event) => void submit(event)} noValidate>
      {success && <Alert variant="success">{success}</Alert>}
      {failure && <Alert variant="error">{failure}</Alert>}
      {exercise ? (
        <div className="log-performance__chosen">
          <span>
            <strong>{exercise}</strong>{' '}
            <span className="muted">
              · {type} ({metricUnitOf(UNIT_OF[type!], unit)})
            </span>
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={clearChoice}>
            Change
          </Button>
        </div>
      ) : (
        <div className="log-performance__search">
          <label htmlFor={`${id}-search`}>
            Exercise <span aria-hidden="true">*</span>
          </label>
          <input
            className="input"
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search exercises…"
            autoComplete="off"
          />
          {suggestions.length > 0 && (
            <ul className="log-performance__suggestions" aria-label="Exercise suggestions">
              {suggestions.map((name) => (
                <li key={name}>
                  <button type="button" onClick={() => pick(name)}>
                    {name} <span className="muted">{exerciseType(name)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {exercise && type && (
        <div className="log-performance__fields">
          <div className="log-performance__field">
            <label htmlFor={`${id}-value`}>
              {valueLabel(type, unit)} <span aria-hidden="true">*</span>
            </label>
            <input
              className="input"
              id={`${id}-value`}
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={errors.value ? true : undefined}
              aria-describedby={`${id}-value-error`}
            />
            {errors.value && (
              <p id={`${id}-value-error`} className="field-error">
                {errors.value}
              </p>
            )}
          </div>
          {type === 'strength' && (
            <div className="log-performance__field">
              <label htmlFor={`${id}-reps`}>
                Reps <span aria-hidden="true">*</span>
              </label>
              <input
                className="input"
                id={`${id}-reps`}
                inputMode="numeric"
                value={reps}
                onChange={(e) => setReps(e.target.value)}
                aria-invalid={errors.reps ? true : undefined}
                aria-describedby={`${id}-reps-error`}
              />
              {errors.reps && (
                <p id={`${id}-reps-error`} className="field-error">
                  {errors.reps}
                </p>
              )}
            </div>
          )}
          <div className="log-performance__field">
            <label htmlFor={`${id}-date`}>
              Date <span aria-hidden="true">*</span>
            </label>
            <input
              className="input"
              id={`${id}-date`}
              type="date"
              value={date}
              max={today}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={`${id}-date-error`}
            />
            {errors.date && (
              <p id={`${id}-date-error`} className="field-error">
                {errors.date}
              </p>
            )}
          </div>
        </div>
      )}
      <div className="log-performance__actions">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!value.trim() || log.isPending}>
          {log.isPending ? 'Logging…' : 'Log Metric'}
        </Button>
      </div>
    </form>
  );
}
