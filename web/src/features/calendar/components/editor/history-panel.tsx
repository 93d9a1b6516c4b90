import { useState } from 'react';
import type { WeightUnit } from '@kernel';
import { Spinner } from '../../../../components/ui/spinner';
import { errorMessage } from '../../../../lib/api-client';
import { useWorkoutHistory, type HistoryEntry } from '../../api/get-workout';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { actualText } from './set-row';

const WHAT: Record<string, string> = {
  WorkoutScheduled: 'created the workout',
  WorkoutRevised: 'edited the workout',
  WorkoutMoved: 'moved the workout',
  WorkoutDeleted: 'deleted the workout',
  WorkoutRestored: 'restored the workout',
  SetActualRecorded: 'logged a set',
};

function describe(entry: HistoryEntry, unit: WeightUnit): string {
  const d = entry.details;
  const what = WHAT[entry.type] ?? entry.type;
  switch (entry.type) {
    case 'WorkoutScheduled':
    case 'WorkoutRevised':
      return `${what} (${String((d.exercise_count as number | undefined) ?? 0)} exercises)`;
    case 'WorkoutMoved':
      return `${what} from ${String(d.from_date)} to ${String(d.to_date)}`;
    case 'SetActualRecorded': {
      const done = actualText((d.actual as Parameters<typeof actualText>[0]) ?? null, unit);
      return `logged ${String(d.exercise_name)} set ${Number(d.set_index) + 1}${done ? `: ${done}` : ' (cleared)'}`;
    }
    default:
      return what;
  }
}

const when = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A set logged with no signal reaches the server later than it was done: say when it arrived too. */
const SYNCED_LATE_MS = 60_000;
const syncedLate = (entry: HistoryEntry) => !!entry.recorded_at && Date.parse(entry.recorded_at) - Date.parse(entry.at) > SYNCED_LATE_MS;

/** Who changed what, when: loaded the first time the panel is opened. */
export function HistoryPanel({ workoutId }: { workoutId: string }) {
  const [open, setOpen] = useState(false);
  const history = useWorkoutHistory(workoutId, open);
  const unit = useWeightUnit();
  return (
    <details className="history-panel" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>History</summary>
      {history.isPending && open ? (
        <Spinner size="sm" label="Loading history" />
      ) : history.isError ? (
        <p className="field__error">{errorMessage(history.error)}</p>
      ) : (
        <ol className="history-panel__list" aria-label="Workout history">
          {(history.data?.history ?? []).map((entry) => (
            <li key={entry.version}>
              <strong>{entry.user_name}</strong> {describe(entry, unit)} <time dateTime={entry.at}>{when(entry.at)}</time>
              {syncedLate(entry) && (
                <span className="muted">
                  {' '}
                  (synced <time dateTime={entry.recorded_at}>{when(entry.recorded_at!)}</time>)
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
