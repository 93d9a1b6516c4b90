import { SET_TYPE_FIELDS, SET_TYPE_LABELS, SET_TYPES, type SetActual, type SetField, type SetType } from '../../../../../../src/domain/training/workout-rules';
import type { FormSet } from './workout-form';

export const FIELD_LABELS: Record<SetField, string> = {
  reps: 'Reps',
  load: 'Load (lbs)',
  time_duration: 'Time (s)',
  rpe: 'RPE',
  tempo: 'Tempo',
  rest_pause: 'Rest Pause (s)',
  drop_weight: 'Drop Weight (lbs)',
  superset_with: 'Superset With',
};

const TEXT_FIELDS: SetField[] = ['tempo', 'superset_with'];

/** "5 reps · 205 lbs", what the athlete actually did. */
export function actualText(actual: SetActual | null): string | null {
  if (!actual) return null;
  const parts = [
    actual.reps != null ? `${actual.reps} reps` : null,
    actual.load != null ? `${actual.load} lbs` : null,
    actual.time_duration != null ? `${actual.time_duration} s` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

type SetRowProps = {
  set: FormSet;
  number: number;
  canRemove: boolean;
  onChange: (set: FormSet) => void;
  onRemove: () => void;
};

/** One set: its type, the fields that type has, and the athlete's actuals when logged. */
export function SetRow({ set, number, canRemove, onChange, onRemove }: SetRowProps) {
  const done = actualText(set.actual);
  return (
    <li className="set-row">
      <span className="set-row__number" aria-hidden="true">
        {number}
      </span>
      <label className="set-field set-field--type">
        <span className="set-field__label">Type</span>
        <select
          className="input input--sm"
          aria-label={`Set ${number} type`}
          value={set.type}
          onChange={(e) => onChange({ ...set, type: e.target.value as SetType })}
        >
          {SET_TYPES.map((type) => (
            <option key={type} value={type}>
              {SET_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      {SET_TYPE_FIELDS[set.type].map((field) => (
        <label key={field} className="set-field">
          <span className="set-field__label">{FIELD_LABELS[field]}</span>
          <input
            className="input input--sm"
            aria-label={`Set ${number} ${FIELD_LABELS[field]}`}
            type={TEXT_FIELDS.includes(field) ? 'text' : 'number'}
            inputMode={TEXT_FIELDS.includes(field) ? 'text' : 'decimal'}
            min={TEXT_FIELDS.includes(field) ? undefined : 0}
            step="any"
            value={set.values[field] ?? ''}
            onChange={(e) => onChange({ ...set, values: { ...set.values, [field]: e.target.value } })}
          />
        </label>
      ))}
      <span className="set-row__actual" aria-label={`Set ${number} actual`}>
        {done ? `Actual: ${done}` : <span className="muted">Not logged</span>}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove set ${number}`}
        title={canRemove ? `Remove set ${number}` : 'An exercise keeps at least one set'}
        disabled={!canRemove}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
}
