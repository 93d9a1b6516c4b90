import { ProgramTemplatesPage, type WorkoutEditorSlot } from '../../../features/program-templates/components/program-templates-page';
import { Suspense } from 'react';
import { LazyWorkoutEditor } from '../../../features/calendar/components/lazy-parts';

/**
 * The template builder edits its workouts with the calendar's own editor, composed here
 * (features do not import each other). Its code loads with the page's first render but
 * apart from it, as on the calendar, so the two pages' first files stay small.
 */
const renderEditor: WorkoutEditorSlot = ({ open, workout, title, description, onSave, onClose }) => (
  <Suspense fallback={null}>
    <LazyWorkoutEditor
      target={open ? { workoutId: null, date: workout?.date ?? '2000-01-01' } : null}
      clientId=""
      onClose={onClose}
      onSaved={onClose}
      local={{ workout, onSave, title, description }}
    />
  </Suspense>
);

export function Component() {
  return (
    <>
      <title>Program Templates · Spotter</title>
      <ProgramTemplatesPage renderEditor={renderEditor} />
    </>
  );
}
