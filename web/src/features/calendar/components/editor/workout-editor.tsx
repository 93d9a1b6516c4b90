import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { Alert } from '../../../../components/ui/alert';
import { errorMessage } from '../../../../lib/api-client';
import { useTopic } from '../../../../lib/realtime';
import { useWorkout, workoutQueryKey } from '../../api/get-workout';
import type { NewRecord } from '../../api/types';
import { longDate } from '../../utils/dates';
import { EditorContent } from './editor-content';
import { toForm } from './workout-form';
import './editor.css';

export type EditorTarget = { workoutId: string | null; date: string };

type WorkoutEditorProps = {
  target: EditorTarget | null;
  /** The athlete the workout belongs to (user_id). */
  clientId: string;
  today: string;
  onClose: () => void;
  onSaved: (result: { newRecords: NewRecord[] }) => void;
};

/** The workout editor modal (coach-core §2): Create Workout or Edit Workout, with the date. */
export function WorkoutEditor({ target, clientId, today, onClose, onSaved }: WorkoutEditorProps) {
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target?.workoutId ? 'Edit Workout' : 'Create Workout'}
      description={target ? longDate(target.date) : undefined}
      size="lg"
    >
      {target && <EditorLoader target={target} clientId={clientId} today={today} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

/**
 * Mounted while the modal is open. A saved workout is fetched fresh on every
 * opening, then followed on `workout:<id>`, so what the athlete logs arrives
 * without a reload.
 */
function EditorLoader({ target, clientId, today, onClose, onSaved }: WorkoutEditorProps & { target: EditorTarget }) {
  const { workoutId } = target;
  const query = useWorkout(workoutId, today);
  useTopic(workoutId ? `workout:${workoutId}` : null, workoutId ? [workoutQueryKey(workoutId)] : []);

  if (workoutId && query.isError) return <Alert variant="error">{errorMessage(query.error)}</Alert>;
  if (workoutId && !query.isFetchedAfterMount) {
    return (
      <div className="editor__loading">
        <Spinner label="Loading workout" />
      </div>
    );
  }
  const server = query.data?.workout ?? null;
  return (
    <EditorContent
      initial={toForm(server, target.date)}
      server={server}
      clientId={clientId}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
