import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ExerciseLibraryOverlay } from '../../../../components/exercise-library-overlay/exercise-library-overlay';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { errorMessage } from '../../../../lib/api-client';
import { useSaveWorkout } from '../../api/save-workout';
import type { LastActual, NewRecord, WorkoutDetail } from '../../api/types';
import { TEXT_LIMITS, type Workout } from '@kernel';
import { putOnClipboard } from '../../utils/clipboard';
import { ToastRegion, useToasts } from '../toasts';
import { ExerciseList } from './exercise-list';
import { HistoryPanel } from './history-panel';
import { formProblem, mergeActuals, newExercise, percentExercises, toPayload, type WorkoutForm } from './workout-form';
import { EditorAthleteContext, oneRmsFor } from '../../api/one-rm';
import { CommentWorkout } from '../../../../components/workout-comments/comment-workout';
import { CommentThreadPanel } from '../../../../components/workout-comments/comment-thread';

export const MISSING_USER_ID = 'Cannot save workout — missing user ID.';
export const LIVE_TOAST_MS = 3000;

type EditorContentProps = {
  initial: WorkoutForm;
  /** The server's latest copy (refetched on `workout:<id>`); null for a new workout. */
  server: WorkoutDetail | null;
  clientId: string;
  onClose: () => void;
  onSaved: (result: { newRecords: NewRecord[] }) => void;
  /** Hands the saved workout to the caller instead of the server (a template's workout). */
  onSaveLocal?: (workout: Workout) => void;
  /** Told once the coach changes something, so closing can ask before discarding it. */
  onEdited?: () => void;
};

/** When the latest set reached the server: a set queued offline arrives with the (older) time it was done as `at`. */
function arrivedAt(workout: { last_actual: LastActual | null } | null | undefined): string | null {
  return workout?.last_actual?.recorded_at ?? workout?.last_actual?.at ?? null;
}

export function EditorContent({ initial, server, clientId, onClose, onSaved, onSaveLocal, onEdited }: EditorContentProps) {
  const [form, setForm] = useState(initial);
  // The coach's own changes (not the athlete's live actuals, merged below).
  const edit: typeof setForm = (change) => {
    onEdited?.();
    setForm(change);
  };
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveWorkout(clientId);
  const { toasts, show } = useToasts();
  const queryClient = useQueryClient();

  // Live updates (coach-core §4): a new last_actual means the athlete logged a set.
  // Only the actuals are merged, so whatever the coach is typing stays.
  const seenActual = useRef(arrivedAt(server));
  useEffect(() => {
    if (!server) return;
    const at = arrivedAt(server);
    if (at === seenActual.current) return;
    seenActual.current = at;
    setForm((current) => mergeActuals(current, server.exercises));
    if (server.last_actual) show(`Athlete updated: ${server.last_actual.exercise_name}`, { durationMs: LIVE_TOAST_MS });
  }, [server, show]);

  const onSave = async () => {
    const issue = formProblem(form);
    if (issue) {
      setProblem(issue);
      return;
    }
    setProblem(null);
    if (onSaveLocal) {
      // A template has no athlete yet: a percentage load stays a percentage.
      onSaveLocal(toPayload(form, clientId));
      return;
    }
    const oneRms = await oneRmsFor(queryClient, clientId, percentExercises(form));
    save.mutate({ id: form.id, workout: toPayload(form, clientId, (name) => oneRms.get(name)) }, { onSuccess: (result) => onSaved({ newRecords: result.newRecords }) });
  };

  const onCopy = () => {
    if (form.exercises.length === 0) return;
    putOnClipboard([{ ...toPayload(form, clientId), id: form.id ?? 'unsaved' }], 'copy');
    show('Workout copied. Use Paste on a day to place it.', { variant: 'success' });
  };

  const hasExercises = form.exercises.length > 0;
  const error = problem ?? (save.isError ? errorMessage(save.error) : null);

  return (
    <EditorAthleteContext.Provider value={clientId}>
      <div className="editor">
        <ToastRegion toasts={toasts} />
        {!clientId && !onSaveLocal && <Alert variant="error">{MISSING_USER_ID}</Alert>}
        {server?.deleted && <Alert variant="warning">This workout was deleted.</Alert>}

        <div className="editor__meta">
          <label className="set-field editor__name">
            <span className="set-field__label">Workout name</span>
            <input className="input input--sm" value={form.name} maxLength={TEXT_LIMITS.workoutName} onChange={(e) => edit((f) => ({ ...f, name: e.target.value }))} />
          </label>
          <Button variant="outline" size="sm" onClick={() => setLibraryOpen(true)}>
            Exercise Library
          </Button>
        </div>

        <CommentWorkout workoutId={onSaveLocal ? null : form.id}>
          <ExerciseList exercises={form.exercises} onChange={(exercises) => edit((f) => ({ ...f, exercises }))} />
        </CommentWorkout>

        <label className="set-field editor__notes">
          <span className="set-field__label">Notes</span>
          <textarea className="input" rows={2} maxLength={TEXT_LIMITS.workoutNotes} value={form.notes} onChange={(e) => edit((f) => ({ ...f, notes: e.target.value }))} />
        </label>

        {form.id && <HistoryPanel workoutId={form.id} />}
        {form.id && !onSaveLocal && <CommentThreadPanel workoutId={form.id} />}

        {error && <Alert variant="error">{error}</Alert>}

        <footer className="editor__footer">
          {!onSaveLocal && (
            <Button variant="ghost" onClick={onCopy} disabled={!hasExercises}>
              Copy Workout
            </Button>
          )}
          <span className="editor__spacer" />
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void onSave()} disabled={!hasExercises || (!clientId && !onSaveLocal)} isLoading={save.isPending}>
            {form.id || (onSaveLocal && initial.exercises.length > 0) ? 'Update Workout' : 'Save Workout'}
          </Button>
        </footer>

        <ExerciseLibraryOverlay
          open={libraryOpen}
          onClose={() => setLibraryOpen(false)}
          onPick={(picked) => edit((f) => ({ ...f, exercises: [...f.exercises, newExercise(f, picked.name, picked.intent)] }))}
        />
      </div>
    </EditorAthleteContext.Provider>
  );
}
