import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import type { SetActual, WorkoutSet } from '@shared';
import { useLogActual } from '../api/log-actual';

type Field = 'reps' | 'load' | 'time_duration';

const LABELS: Record<Field, string> = { reps: 'reps', load: 'load (lbs)', time_duration: 'time (s)' };

function target(set: WorkoutSet): string {
  const parts = [
    set.type === 'time' ? (set.time_duration != null ? `${set.time_duration} s` : null) : set.reps != null ? `${set.reps} reps` : null,
    set.load != null ? `${set.load} lbs` : null,
    set.rpe != null ? `RPE ${set.rpe}` : null,
    set.tempo ? `tempo ${set.tempo}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'As prescribed';
}

type SetLoggerProps = { workoutId: string; exerciseIndex: number; setIndex: number; set: WorkoutSet; disabled: boolean };

/** One set: the target, inputs for what was done, and Save (each set is saved on its own). */
export function SetLogger({ workoutId, exerciseIndex, setIndex, set, disabled }: SetLoggerProps) {
  const fields: Field[] = set.type === 'time' ? ['time_duration', 'load'] : ['reps', 'load'];
  const initial = (f: Field) => (set.actual?.[f] != null ? String(set.actual[f]) : '');
  const [values, setValues] = useState<Record<Field, string>>({ reps: initial('reps'), load: initial('load'), time_duration: initial('time_duration') });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const log = useLogActual();
  const n = setIndex + 1;

  const save = () => {
    const actual: SetActual = {};
    for (const f of fields) {
      const text = values[f].trim();
      if (text) actual[f] = Number(text);
      else if (set.actual?.[f] != null) actual[f] = null; // cleared
    }
    if (Object.values(actual).some((v) => v !== null && !(typeof v === 'number' && v >= 0))) {
      setMessage({ ok: false, text: 'Enter numbers of 0 or more.' });
      return;
    }
    if (Object.keys(actual).length === 0) {
      setMessage({ ok: false, text: 'Enter what you did first.' });
      return;
    }
    log.mutate(
      { workoutId, exerciseIndex, setIndex, actual },
      {
        onSuccess: (result) => {
          const record = result.newRecords[0];
          setMessage({ ok: true, text: record ? `Saved. New personal record: ${record.best_weight} lbs × ${record.rep_range}!` : 'Saved.' });
        },
        onError: (error) => setMessage({ ok: false, text: errorMessage(error) }),
      },
    );
  };

  const logged = set.actual && (set.actual.reps != null || set.actual.load != null || set.actual.time_duration != null);

  return (
    <li className={`set-logger${logged ? ' set-logger--logged' : ''}`}>
      <div className="set-logger__target">
        <span className="set-logger__number">Set {n}</span>
        <span className="muted">Target: {target(set)}</span>
      </div>
      <div className="set-logger__inputs">
        {fields.map((f) => (
          <label key={f} className="set-logger__field">
            <span>{f === 'load' ? 'Load (lbs)' : f === 'reps' ? 'Reps' : 'Time (s)'}</span>
            <input
              className="input"
              type="number"
              inputMode={f === 'reps' ? 'numeric' : 'decimal'}
              min={0}
              step={f === 'reps' ? 1 : 'any'}
              aria-label={`Set ${n} ${LABELS[f]}`}
              placeholder={f === 'reps' ? String(set.reps ?? '') : f === 'load' ? String(set.load ?? '') : String(set.time_duration ?? '')}
              value={values[f]}
              disabled={disabled}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            />
          </label>
        ))}
        <Button className="set-logger__save" onClick={save} isLoading={log.isPending} disabled={disabled} aria-label={`Save set ${n}`}>
          Save
        </Button>
      </div>
      {message && (
        <p className={message.ok ? 'set-logger__ok' : 'field__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </li>
  );
}
