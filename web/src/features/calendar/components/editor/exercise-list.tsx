import { useRef, useState } from 'react';
import { ExerciseItem } from './exercise-item';
import { linkWithNext, moveExercise, unlink, type FormExercise } from './workout-form';

type ExerciseListProps = { exercises: FormExercise[]; onChange: (exercises: FormExercise[]) => void };

/**
 * The editor's exercises, reorderable by dragging (or the arrow buttons), with a
 * superset control between neighbours: "+ Superset" starts a superset, "Link" adds
 * the next exercise to the one above's superset, "Unlink" dissolves it.
 */
export function ExerciseList({ exercises, onChange }: ExerciseListProps) {
  const dragFrom = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);

  if (exercises.length === 0) {
    return <p className="empty-state editor__empty">No exercises yet. Add some from the Exercise Library.</p>;
  }

  return (
    <ol className="exercise-list" aria-label="Exercises">
      {exercises.map((exercise, index) => {
        const next = exercises[index + 1];
        const linked = !!next && !!exercise.superset_group && exercise.superset_group === next.superset_group;
        return (
          <li key={exercise.key} className="exercise-list__item">
            <ExerciseItem
              exercise={exercise}
              index={index}
              count={exercises.length}
              onChange={(changed) => onChange(exercises.map((e, i) => (i === index ? changed : e)))}
              onRemove={() => onChange(exercises.filter((_, i) => i !== index))}
              onMove={(to) => onChange(moveExercise(exercises, index, to))}
              drag={{
                isOver: over === index,
                onDragStart: (event) => {
                  dragFrom.current = index;
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', exercise.key);
                },
                onDragOver: (event) => {
                  if (dragFrom.current === null) return;
                  event.preventDefault();
                  setOver(index);
                },
                onDrop: (event) => {
                  event.preventDefault();
                  if (dragFrom.current !== null) onChange(moveExercise(exercises, dragFrom.current, index));
                  dragFrom.current = null;
                  setOver(null);
                },
                onDragEnd: () => {
                  dragFrom.current = null;
                  setOver(null);
                },
              }}
            />
            {next && (
              <div className="superset-link">
                <button
                  type="button"
                  className={`btn btn--sm ${linked ? 'btn--secondary' : 'btn--ghost'}`}
                  title={`${linked ? 'Unlink' : 'Superset'} ${exercise.heading} ${exercise.exercise_name} and ${next.heading} ${next.exercise_name}`}
                  onClick={() => onChange(linked ? unlink(exercises, index) : linkWithNext(exercises, index))}
                >
                  {linked ? 'Unlink' : exercise.superset_group ? 'Link' : '+ Superset'}
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
