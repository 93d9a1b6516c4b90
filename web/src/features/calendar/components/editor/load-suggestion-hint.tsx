import { CHART_MAX_REPS, isChartRpe, RIR_MAX } from '@kernel';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { useLoadSuggestion, type SuggestionTarget } from '../../api/load-suggestion';
import type { FormSet } from './workout-form';

/** The set's reps and target as the suggestion needs them, or null while incomplete or off the RPE chart. */
function targetOf(exercise: string, set: FormSet, unit: SuggestionTarget['unit']): SuggestionTarget | null {
  const reps = Number(set.values.reps);
  const rpeText = set.values.rpe?.trim();
  const rirText = set.values.rir?.trim();
  const rpe = rpeText ? Number(rpeText) : null;
  const rir = rirText ? Number(rirText) : null;
  if (!exercise.trim() || !Number.isInteger(reps) || reps < 1 || reps > CHART_MAX_REPS) return null;
  if (rpe !== null && rir === null && isChartRpe(rpe)) return { exercise, reps, rpe, rir: null, unit };
  if (rir !== null && rpe === null && Number.isInteger(rir) && rir >= 0 && rir <= RIR_MAX) return { exercise, reps, rpe: null, rir, unit };
  return null;
}

/**
 * Beside an RPE set's load: the load the athlete's own recent sets suggest for its reps
 * and target, with the reason, and a button to use it. The load input is not touched
 * until the coach clicks Use (or types a load themself).
 */
export function LoadSuggestionHint({ exerciseName, set, number, onUse }: { exerciseName: string; set: FormSet; number: number; onUse: (load: string) => void }) {
  const unit = useWeightUnit();
  const target = targetOf(exerciseName, set, unit);
  const answer = useLoadSuggestion(target);
  const id = `set-${set.key}-suggestion`;
  if (!target) {
    return (
      <span className="set-row__suggestion muted" aria-label={`Set ${number} load suggestion`}>
        Reps (1–{CHART_MAX_REPS}) and a target RPE (6–10) or RIR (0–{RIR_MAX}) give a suggested load
      </span>
    );
  }
  if (answer.isPending) return <span className="set-row__suggestion muted">Looking up a suggested load…</span>;
  const s = answer.data?.suggestion;
  if (!s) {
    return (
      <span className="set-row__suggestion muted" aria-label={`Set ${number} load suggestion`}>
        {answer.data?.message ?? 'No suggestion: the athlete’s recent sets could not be read'}
      </span>
    );
  }
  return (
    <span className="set-row__suggestion" role="group" aria-label={`Set ${number} load suggestion`}>
      <strong>
        Suggested: {s.load} {s.unit}
      </strong>{' '}
      <button
        type="button"
        className="btn btn--outline btn--sm"
        aria-describedby={id}
        aria-label={`Use ${s.load} ${s.unit} for set ${number}`}
        onClick={() => onUse(String(s.load))}
      >
        Use
      </button>
      <span id={id} className="set-row__suggestion-reason muted">
        {s.reason}
      </span>
    </span>
  );
}
