import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { VideoPreview } from '../../../components/exercise-library-overlay/video-preview';
import type { LibraryExercise } from '../../../components/exercise-library-overlay/use-exercise-library';

type ExerciseCardProps = {
  exercise: LibraryExercise;
  /** Only the creator gets Edit and Delete; the server refuses anyone else anyway. */
  editable: boolean;
  onEdit: (exercise: LibraryExercise) => void;
  onDelete: (exercise: LibraryExercise) => void;
};

export function ExerciseCard({ exercise, editable, onEdit, onDelete }: ExerciseCardProps) {
  const titleId = useId();
  const isCatalogue = exercise.created_by === null;
  return (
    <article className="exercise-card" aria-labelledby={titleId}>
      <header className="exercise-card__header">
        <h3 id={titleId} className="exercise-card__title">
          {exercise.name}
        </h3>
        {isCatalogue ? <span className="badge badge--catalogue">Catalogue</span> : <span className="badge badge--mine">Mine</span>}
      </header>
      {(exercise.pattern || exercise.muscles.length > 0) && (
        <ul className="exercise-card__chips" aria-label="Pattern and muscles">
          {exercise.pattern && <li className="chip chip--pattern">{exercise.pattern}</li>}
          {exercise.muscles.map((muscle) => (
            <li key={muscle} className="chip">
              {muscle}
            </li>
          ))}
        </ul>
      )}
      {exercise.joints.length > 0 && (
        <p className="exercise-card__joints">
          <span className="exercise-card__label">Joints</span> {exercise.joints.join(', ')}
        </p>
      )}
      {exercise.use_case && <p className="exercise-card__use">{exercise.use_case}</p>}
      <VideoPreview url={exercise.youtube_url} title={`${exercise.name} video`} className="exercise-card__video" />
      {editable && !isCatalogue && (
        <footer className="exercise-card__actions">
          <Button variant="outline" size="sm" onClick={() => onEdit(exercise)} aria-label={`Edit ${exercise.name}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" className="exercise-card__delete" onClick={() => onDelete(exercise)} aria-label={`Delete ${exercise.name}`}>
            Delete
          </Button>
        </footer>
      )}
    </article>
  );
}
