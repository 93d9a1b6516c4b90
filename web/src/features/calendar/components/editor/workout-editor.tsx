import { useEffect, useRef } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { Alert } from '../../../../components/ui/alert';
import { errorMessage } from '../../../../lib/api-client';
import { useTopic } from '../../../../lib/realtime';
import { useProfile } from '../../../../lib/profile';
import { useWeightUnit } from '../../../../lib/weight-unit';
import { useWorkout, workoutQueryKey } from '../../api/get-workout';
import type { NewRecord } from '../../api/types';
import { longDate } from '../../utils/dates';
import { EditorContent } from './editor-content';
import { toForm } from './workout-form';
import type { Workout } from '@kernel';
import './editor.css';
import { topicOf } from '@kernel';

export type EditorTarget = { workoutId: string | null; date: string };

/**
 * Editing a workout that lives somewhere else than the calendar (a program
 * template's day): the editor starts from `workout` and hands the result to
 * `onSave` instead of fetching and saving through /api/manage-workouts.
 */
export type LocalWorkout = { workout: Workout | null; onSave: (workout: Workout) => void; title?: string; description?: string };

type WorkoutEditorProps = {
  target: EditorTarget | null;
  /** The athlete the workout belongs to (user_id). */
  clientId: string;
  onClose: () => void;
  onSaved: (result: { newRecords: NewRecord[] }) => void;
  /** Set to edit a workout outside the calendar (see LocalWorkout). */
  local?: LocalWorkout;
  /** The program template the workout came from, shown under the title. */
  templateName?: string;
};

/** The workout editor modal (coach-core §2): Create Workout or Edit Workout, with the date. */
export const DISCARD_QUESTION = 'You have unsaved changes. Close the editor and discard them?';

export function WorkoutEditor({ target, clientId, onClose, onSaved, local, templateName }: WorkoutEditorProps) {
  const editing = local ? local.workout !== null : Boolean(target?.workoutId);
  const unit = useWeightUnit();
  // The form is made once, in the coach's unit: wait for the profile that says which.
  const unitKnown = !useProfile().isPending;
  const edited = useRef(false);
  useEffect(() => {
    edited.current = false;
  }, [target]);
  // Escape, the backdrop, × and Cancel all come here: unsaved work is not lost silently.
  const requestClose = () => {
    if (edited.current && !window.confirm(DISCARD_QUESTION)) return;
    onClose();
  };
  const markEdited = () => {
    edited.current = true;
  };
  return (
    <Modal
      open={target !== null}
      onClose={requestClose}
      title={local?.title ?? (editing ? 'Edit Workout' : 'Create Workout')}
      description={local ? local.description : target ? `${longDate(target.date)}${templateName ? ` · From template: ${templateName}` : ''}` : undefined}
      size="lg"
    >
      {target && !unitKnown && (
        <div className="editor__loading">
          <Spinner label="Loading workout" />
        </div>
      )}
      {target && unitKnown && local && (
        <EditorContent
          initial={{ ...toForm(local.workout ? { ...local.workout, id: undefined } : null, target.date, unit) }}
          server={null}
          clientId={clientId}
          onClose={requestClose}
          onSaved={onSaved}
          onSaveLocal={local.onSave}
          onEdited={markEdited}
        />
      )}
      {target && unitKnown && !local && <EditorLoader target={target} clientId={clientId} onClose={requestClose} onSaved={onSaved} onEdited={markEdited} />}
    </Modal>
  );
}

/**
 * Mounted while the modal is open. A saved workout is fetched fresh on every
 * opening, then followed on `workout:<id>`, so what the athlete logs arrives
 * without a reload.
 */
function EditorLoader({ target, clientId, onClose, onSaved, onEdited }: WorkoutEditorProps & { target: EditorTarget; onEdited: () => void }) {
  const { workoutId } = target;
  const query = useWorkout(workoutId);
  const unit = useWeightUnit();
  useTopic(workoutId ? topicOf.workout(workoutId) : null, workoutId ? [workoutQueryKey(workoutId)] : []);

  if (workoutId && query.isError) return <Alert variant="error">{errorMessage(query.error)}</Alert>;
  if (workoutId && !query.isFetchedAfterMount) {
    return (
      <div className="editor__loading">
        <Spinner label="Loading workout" />
      </div>
    );
  }
  const server = query.data?.workout ?? null;
  return <EditorContent initial={toForm(server, target.date, unit)} server={server} clientId={clientId} onClose={onClose} onSaved={onSaved} onEdited={onEdited} />;
}
