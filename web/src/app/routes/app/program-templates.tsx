import { ProgramTemplatesPage, type WorkoutEditorSlot } from '../../../features/program-templates/components/program-templates-page';
import { WorkoutEditor } from '../../../features/calendar/components/editor/workout-editor';

/** The template builder edits its workouts with the calendar's own editor, composed here (features do not import each other). */
const renderEditor: WorkoutEditorSlot = ({ open, workout, title, description, onSave, onClose }) => (
  <WorkoutEditor
    target={open ? { workoutId: null, date: workout?.date ?? '2000-01-01' } : null}
    clientId=""
    onClose={onClose}
    onSaved={onClose}
    local={{ workout, onSave, title, description }}
  />
);

export function Component() {
  return (
    <>
      <title>Program Templates · Spotter</title>
      <ProgramTemplatesPage renderEditor={renderEditor} />
    </>
  );
}
