import { SET_TYPE_FIELDS, SET_TYPE_LABELS, SET_TYPES, type SetActual, type SetField, type SetType, type WeightUnit } from '@kernel';
import { percentOf, resolvePercent, type FormSet } from './workout-form';
import { useContext } from 'react';
import { loadText, storedLbs, useWeightUnit, type WithLoadUnit } from '../../../../lib/weight-unit';
import { EditorAthleteContext, useOneRm } from '../../api/one-rm';
import { LoadSuggestionHint } from './load-suggestion-hint';
import { SetComments } from '../../../../components/workout-comments/set-comments';

/** A field's label, loads in the coach's unit ("Load (kg)"). */
export function fieldLabel(field: SetField, unit: WeightUnit): string {
  const labels: Record<SetField, string> = {
    reps: 'Reps',
    load: `Load (${unit})`,
    time_duration: 'Time (s)',
    rpe: 'RPE',
    rir: 'RIR',
    tempo: 'Tempo',
    rest_pause: 'Rest Pause (s)',
    drop_weight: `Drop Weight (${unit})`,
    superset_with: 'Superset With',
  };
  return labels[field];
}

const TEXT_FIELDS: SetField[] = ['tempo', 'superset_with'];

/** "5 reps · 100 kg", what the athlete actually did, in the reader's unit (a load with no unit is pounds). */
export function actualText(actual: WithLoadUnit<SetActual> | null, unit: WeightUnit): string | null {
  if (!actual) return null;
  const parts = [
    actual.reps != null ? `${actual.reps} reps` : null,
    actual.load != null ? loadText(storedLbs(actual.load, actual.load_unit), unit) : null,
    actual.time_duration != null ? `${actual.time_duration} s` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

type SetRowProps = {
  set: FormSet;
  /** For a `75%` load: whose estimated 1RM it is a percentage of. */
  exerciseName?: string;
  number: number;
  canRemove: boolean;
  onChange: (set: FormSet) => void;
  onRemove: () => void;
};

/** One set: its type, the fields that type has, and the athlete's actuals when logged. */
/** What a `75%` load means for this athlete today, or why it cannot be resolved. */
function PercentHint({ exerciseName, percent, number }: { exerciseName: string; percent: number; number: number }) {
  const oneRm = useOneRm(exerciseName, true);
  const athleteId = useContext(EditorAthleteContext);
  const unit = useWeightUnit();
  let text: string;
  // A template has no athlete yet: the load is resolved when it is assigned and edited.
  if (!athleteId) text = 'No athlete here: the percentage is kept without a load';
  else if (oneRm.isPending && oneRm.fetchStatus !== 'idle') text = 'Looking up 1RM…';
  else if (oneRm.data?.one_rm != null)
    text = `= ${resolvePercent(oneRm.data.one_rm, percent, unit)} ${unit} (${percent}% of est. 1RM ${loadText(oneRm.data.one_rm, unit, { decimals: 1 })})`;
  else text = `No record for ${exerciseName || 'this exercise'}: the percentage is kept without a load`;
  return (
    <span className="set-row__percent muted" aria-label={`Set ${number} resolved load`}>
      {text}
    </span>
  );
}

export function SetRow({ set, exerciseName = '', number, canRemove, onChange, onRemove }: SetRowProps) {
  const unit = useWeightUnit();
  const done = actualText(set.actual, unit);
  const percent = SET_TYPE_FIELDS[set.type].includes('load') ? percentOf(set.values.load) : null;
  return (
    <li className="set-row">
      <span className="set-row__number" aria-hidden="true">
        {number}
      </span>
      <label className="set-field set-field--type">
        <span className="set-field__label">Type</span>
        <select className="input input--sm" aria-label={`Set ${number} type`} value={set.type} onChange={(e) => onChange({ ...set, type: e.target.value as SetType })}>
          {SET_TYPES.map((type) => (
            <option key={type} value={type}>
              {SET_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </label>
      {SET_TYPE_FIELDS[set.type].map((field) => (
        <label key={field} className="set-field">
          <span className="set-field__label">{fieldLabel(field, unit)}</span>
          <input
            className="input input--sm"
            aria-label={`Set ${number} ${fieldLabel(field, unit)}`}
            // A load may be typed as a percentage of the 1RM ("75%"), so it is a text input.
            type={TEXT_FIELDS.includes(field) || field === 'load' ? 'text' : 'number'}
            inputMode={TEXT_FIELDS.includes(field) ? 'text' : 'decimal'}
            min={TEXT_FIELDS.includes(field) || field === 'load' ? undefined : 0}
            step={field === 'load' ? undefined : 'any'}
            title={field === 'load' ? `${unit}, or a percentage of the 1RM such as 75%` : undefined}
            // The server's limit for tempo and superset_with (src/training/domain/payload.ts).
            maxLength={TEXT_FIELDS.includes(field) ? 100 : undefined}
            value={set.values[field] ?? ''}
            onChange={(e) => onChange({ ...set, values: { ...set.values, [field]: e.target.value } })}
          />
        </label>
      ))}
      {percent !== null && <PercentHint exerciseName={exerciseName} percent={percent} number={number} />}
      {set.type === 'rpe' && <LoadSuggestionHint exerciseName={exerciseName} set={set} number={number} onUse={(load) => onChange({ ...set, values: { ...set.values, load } })} />}
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
      <SetComments setId={set.setId} label={`${exerciseName || 'exercise'} set ${number}`} />
    </li>
  );
}
