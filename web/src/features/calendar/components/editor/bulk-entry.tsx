import { useId, useState } from 'react';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { bulkGenerate, SET_TYPE_LABELS, SET_TYPES, type SetType, type WorkoutSet } from '@kernel';

type BulkEntryProps = { onGenerate: (sets: WorkoutSet[]) => void };

/** Bulk Entry (coach-core §4, §5): sets and reps required, the count a whole number (default 1); Generate replaces the sets. */
export function BulkEntry({ onGenerate }: BulkEntryProps) {
  const [sets, setSets] = useState('');
  const [reps, setReps] = useState('');
  const [load, setLoad] = useState('');
  const [type, setType] = useState<SetType>('standard');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // "3x5@100" is in the coach's unit: the sets come out with the load as typed.
  const unit = useWeightUnit();

  const generate = () => {
    try {
      onGenerate(bulkGenerate({ sets, reps, load, type }));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <fieldset className="bulk-entry">
      <legend>Bulk Entry</legend>
      <label className="set-field">
        <span className="set-field__label">Sets</span>
        <input
          className="input input--sm"
          inputMode="numeric"
          required
          value={sets}
          onChange={(e) => setSets(e.target.value)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </label>
      <label className="set-field">
        <span className="set-field__label">Reps</span>
        <input className="input input--sm" inputMode="numeric" required value={reps} onChange={(e) => setReps(e.target.value)} />
      </label>
      <label className="set-field">
        <span className="set-field__label">Load ({unit})</span>
        <input className="input input--sm" inputMode="decimal" value={load} onChange={(e) => setLoad(e.target.value)} />
      </label>
      <label className="set-field">
        <span className="set-field__label">Type</span>
        <select className="input input--sm" aria-label="Type" value={type} onChange={(e) => setType(e.target.value as SetType)}>
          {SET_TYPES.map((t) => (
            <option key={t} value={t}>
              {SET_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--secondary btn--sm" onClick={generate}>
        Generate
      </button>
      {error && (
        <p id={`${id}-error`} className="field__error bulk-entry__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
