import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import type { LibraryExercise } from '../../../components/exercise-library-overlay/use-exercise-library';
import { deleteErrorMessage, useDeleteExercise } from '../api/manage-exercise';

type DeleteExerciseDialogProps = { exercise: LibraryExercise | null; onClose: () => void };

/** Asks before deleting: a library exercise cannot be brought back. */
export function DeleteExerciseDialog({ exercise, onClose }: DeleteExerciseDialogProps) {
  const remove = useDeleteExercise();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal
      open={exercise !== null}
      onClose={close}
      title="Delete exercise?"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button variant="destructive" isLoading={remove.isPending} loadingText="Deleting..." onClick={() => exercise && remove.mutate(exercise.id, { onSuccess: close })}>
            Delete
          </Button>
        </>
      }
    >
      <div className="stack">
        <p>
          Delete <strong>{exercise?.name}</strong> from your library? Workouts that already use it keep their copy. This cannot be undone.
        </p>
        {remove.isError && <Alert variant="error">{deleteErrorMessage(remove.error)}</Alert>}
      </div>
    </Modal>
  );
}
