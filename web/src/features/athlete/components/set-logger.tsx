import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { isChartRpe, maxLoadIn, SET_LIMITS, type SetActual, type WeightUnit, type WorkoutSet } from '@kernel';
import { useOutboxState } from '../../../lib/offline/outbox-provider';
import { loadText, shownLoad, unitField, useWeightUnit, type WithLoadUnit } from '../../../lib/weight-unit';
import { useLogActual, type Logged } from '../api/log-actual';
import { restTimer } from '../utils/rest-timer';
import { primeSound } from '../utils/rest-signal';
import { SetComments } from '../../../components/workout-comments/set-comments';

/** `rpe`: how hard the set felt, optional (6–10 in half steps). */
type Field = 'reps' | 'load' | 'time_duration' | 'rpe';

const label = (f: Field, unit: WeightUnit) => (f === 'load' ? `load (${unit})` : f === 'reps' ? 'reps' : f === 'rpe' ? 'RPE' : 'time (s)');

function target(set: WorkoutSet, unit: WeightUnit): string {
  const parts = [
    set.type === 'time' ? (set.time_duration != null ? `${set.time_duration} s` : null) : set.reps != null ? `${set.reps} reps` : null,
    set.load != null ? loadText(set.load, unit) : null,
    set.rpe != null ? `RPE ${set.rpe}` : null,
    set.rir != null ? `RIR ${set.rir}` : null,
    set.tempo ? `tempo ${set.tempo}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'As prescribed';
}

/** A load the server gave (pounds) as the input shows it, and that exact value. */
type KnownLoad = { text: string; lbs: number };
const known = (lbs: number | null | undefined, unit: WeightUnit): KnownLoad | null => (lbs != null ? { text: String(shownLoad(lbs, unit)), lbs } : null);

const hasActual = (set: WorkoutSet | undefined) => !!set?.actual && (set.actual.reps != null || set.actual.load != null || set.actual.time_duration != null);

type SetLoggerProps = {
  workoutId: string;
  exerciseIndex: number;
  exerciseName: string;
  setIndex: number;
  /** The set as the athlete sees it (with what was logged on this phone). */
  set: WorkoutSet;
  /** The set before it, for "Same as last set". */
  previous?: WorkoutSet;
  disabled: boolean;
};

/** One set: the target, inputs for what was done, Save (each set on its own) and "Same as last set". */
export function SetLogger({ workoutId, exerciseIndex, exerciseName, setIndex, set, previous, disabled }: SetLoggerProps) {
  const unit = useWeightUnit();
  const fields: Field[] = set.type === 'time' ? ['time_duration', 'load'] : ['reps', 'load', 'rpe'];
  const initial = (f: Field) => (set.actual?.[f] != null ? String(set.actual[f]) : '');
  // The load shown in the input, and the pounds it stands for: sent back exactly when left as shown.
  const [shown, setShown] = useState<KnownLoad | null>(() => known(set.actual?.load, unit));
  const [values, setValues] = useState<Record<Field, string>>({ reps: initial('reps'), load: shown?.text ?? '', time_duration: initial('time_duration'), rpe: initial('rpe') });
  const [problem, setProblem] = useState<string | null>(null);
  const [entryId, setEntryId] = useState<string | null>(null);
  const { entries } = useOutboxState();
  const log = useLogActual();
  const n = setIndex + 1;

  const save = (from: Record<Field, string>, loadShown: KnownLoad | null) => {
    const actual: WithLoadUnit<SetActual> = {};
    for (const f of fields) {
      const text = from[f].trim();
      if (f === 'load' && text && loadShown && text === loadShown.text) actual.load = loadShown.lbs;
      else if (f === 'load' && text)
        Object.assign(actual, { load: Number(text) }, unitField(unit)); // as typed, in the reader's unit
      else if (text) actual[f] = Number(text);
      else if (set.actual?.[f] != null) actual[f] = null; // cleared
    }
    if (fields.some((f) => actual[f] != null && !(actual[f] >= 0))) {
      setProblem('Enter numbers of 0 or more.');
      return;
    }
    if (actual.rpe != null && !isChartRpe(actual.rpe)) {
      setProblem('RPE is 6 to 10, in steps of 0.5.');
      return;
    }
    if (Object.keys(actual).every((f) => f === 'rpe')) {
      setProblem('Enter what you did first.');
      return;
    }
    setProblem(null);
    // The set is done: the rest before the next one starts now (sound is allowed from this tap).
    primeSound();
    restTimer.start();
    log({ workoutId, exerciseIndex, exerciseName, setIndex, set, actual }).then(
      (entry) => setEntryId(entry.id),
      (error: unknown) => setProblem(`This phone could not keep the set: ${error instanceof Error ? error.message : String(error)}`),
    );
  };

  const sameAsLast = () => {
    const copied = { ...values };
    const load = known(previous?.actual?.load, unit);
    for (const f of fields) copied[f] = f === 'load' ? (load?.text ?? '') : previous?.actual?.[f] != null ? String(previous.actual[f]) : '';
    setValues(copied);
    setShown(load);
    save(copied, load);
  };

  // What became of the last save: kept on the phone, sent, or refused.
  const entry = entryId ? entries.find((e) => e.id === entryId) : undefined;
  let message: { ok: boolean; text: string } | null = problem ? { ok: false, text: problem } : null;
  if (!message && entry?.status === 'pending') message = { ok: true, text: 'Kept on this phone; it syncs when there is a connection.' };
  if (!message && entry?.status === 'failed') message = { ok: false, text: entry.error ?? 'Not applied.' };
  if (!message && entry?.status === 'sent') {
    const record = (entry.result as Logged | undefined)?.newRecords?.[0];
    message = { ok: true, text: record ? `Saved. New personal record: ${loadText(record.best_weight, unit)} × ${record.rep_range}!` : 'Saved.' };
  }

  return (
    <li className={`set-logger${hasActual(set) ? ' set-logger--logged' : ''}`}>
      <div className="set-logger__target">
        <span className="set-logger__number">Set {n}</span>
        <span className="muted">Target: {target(set, unit)}</span>
      </div>
      <div className="set-logger__inputs">
        {fields.map((f) => (
          <label key={f} className="set-logger__field">
            <span>{f === 'load' ? `Load (${unit})` : f === 'reps' ? 'Reps' : f === 'rpe' ? 'RPE (optional)' : 'Time (s)'}</span>
            <input
              className="input"
              type="number"
              inputMode={f === 'reps' ? 'numeric' : 'decimal'}
              min={f === 'rpe' ? 6 : 0}
              // The server's bounds (SET_LIMITS, loads in pounds), in the unit shown.
              max={f === 'rpe' ? 10 : f === 'load' ? maxLoadIn(SET_LIMITS.load, unit) : SET_LIMITS[f]}
              step={f === 'reps' ? 1 : f === 'rpe' ? 0.5 : 'any'}
              aria-label={`Set ${n} ${label(f, unit)}`}
              placeholder={
                f === 'reps'
                  ? String(set.reps ?? '')
                  : f === 'load'
                    ? set.load != null
                      ? String(shownLoad(set.load, unit))
                      : ''
                    : f === 'rpe'
                      ? String(set.rpe ?? '')
                      : String(set.time_duration ?? '')
              }
              value={values[f]}
              disabled={disabled}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            />
          </label>
        ))}
        <Button className="set-logger__save" onClick={() => save(values, shown)} disabled={disabled} aria-label={`Save set ${n}`}>
          Save
        </Button>
      </div>
      {hasActual(previous) && (
        <Button variant="outline" className="set-logger__same" onClick={sameAsLast} disabled={disabled} aria-label={`Set ${n}: same as last set`}>
          Same as last set
        </Button>
      )}
      {message && (
        <p className={message.ok ? 'set-logger__ok' : 'field__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <SetComments workoutId={workoutId} setId={set.id} label={`${exerciseName} set ${n}`} />
    </li>
  );
}
