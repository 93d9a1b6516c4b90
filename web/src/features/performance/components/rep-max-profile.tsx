import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { NothingSavedError } from '../../../lib/offline/network';
import { loadText, useWeightUnit } from '../../../lib/weight-unit';
import { useRepMaxProfile } from '../api/performance';

/** The rep-max profile: estimated 1RM (with the record it comes from) and best/estimated loads for 1–12 reps. */
export function RepMaxProfile({ athleteId, exercises }: { athleteId: string; exercises: string[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const exercise = chosen ?? exercises[0] ?? null;
  const profile = useRepMaxProfile(athleteId, exercise);
  const unit = useWeightUnit();
  if (exercises.length === 0) return null;
  const p = profile.data;
  return (
    <section className="rep-max" aria-label="Rep-max profile">
      <header className="rep-max__head">
        <h3>Rep-max profile</h3>
        <label>
          Exercise{' '}
          <select className="input input--sm" value={exercise ?? ''} onChange={(e) => setChosen(e.target.value)}>
            {exercises.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
      </header>
      {profile.isPending ? (
        <Spinner label="Loading rep-max profile" />
      ) : profile.isError && !p ? (
        <p className="muted">
          {profile.error instanceof NothingSavedError ? `Offline: the rep-max profile of ${exercise} is not saved on this device.` : errorMessage(profile.error)}
        </p>
      ) : !p || p.one_rm === null ? (
        <p className="muted">No record of 1–10 reps for {exercise} yet: no 1RM estimate.</p>
      ) : (
        <>
          <p>
            Estimated 1RM: <strong>{loadText(p.one_rm, unit)}</strong>{' '}
            <span className="muted">
              from {loadText(p.source!.best_weight, unit)} × {p.source!.rep_range} on {p.source!.date_achieved} ({p.source!.workout_id ? 'workout' : 'manual'})
            </span>
          </p>
          <p className="muted">{p.formula}</p>
          <table className="rep-max__table">
            <thead>
              <tr>
                <th>Reps</th>
                <th>Best</th>
                <th>Estimated</th>
              </tr>
            </thead>
            <tbody>
              {p.profile.map((row) => (
                <tr key={row.reps}>
                  <td>{row.reps}</td>
                  <td>{row.best ? `${loadText(row.best.best_weight, unit)} (${row.best.date_achieved})` : '—'}</td>
                  <td>{row.estimated !== null ? loadText(row.estimated, unit) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
