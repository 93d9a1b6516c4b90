import { useState, type CSSProperties } from 'react';
import { guessIntent, INTENT_PROFILES, type ExerciseIntent } from '@kernel';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { Spinner } from '../ui/spinner';
import { ExerciseFilterBar, useExerciseFilterState } from './exercise-filters';
import { FALLBACK_EXERCISES } from './fallback-exercises';
import { loadErrorMessage, useExerciseLibrary, type ExerciseFilters, type LibraryExercise } from './use-exercise-library';
import { VideoPreview } from './video-preview';
import './exercise-library.css';

export type PickedExercise = { name: string; muscles: string[]; pattern: string; intent: ExerciseIntent };

type ExerciseLibraryOverlayProps = {
  open: boolean;
  onClose: () => void;
  /** Called with the chosen exercise; the overlay stays open so several can be added in a row. */
  onPick: (exercise: PickedExercise) => void;
};

/** Enough to pick from; a longer list means the search should be narrower. */
const OVERLAY_LIMIT = 100;

export const NO_MATCHES = 'No exercises found matching your criteria.';

/**
 * The workout editor's Exercise Library overlay (coach-core §2): search, muscle
 * and pattern filters, video previews, and a pick that carries the intent guessed
 * from the name. When the library cannot be loaded it offers the built-in list of
 * 18 common exercises instead, and says so.
 */
export function ExerciseLibraryOverlay({ open, onClose, onPick }: ExerciseLibraryOverlayProps) {
  return (
    <Modal open={open} onClose={onClose} title="Exercise Library" description="Pick exercises to add to the workout." size="lg">
      {/* Mounted only while open, so every opening starts with fresh filters. */}
      {open && <OverlayBody onPick={onPick} />}
    </Modal>
  );
}

function OverlayBody({ onPick }: { onPick: (exercise: PickedExercise) => void }) {
  const filterState = useExerciseFilterState();
  // Once a load has failed, this opening stays on the built-in list (filtered here)
  // rather than retrying on every keystroke; Try again leaves it.
  const [fallbackReason, setFallbackReason] = useState<string | null>(null);
  const fallback = fallbackReason !== null;
  // One retry only: with the fallback list to offer, a coach should not wait long.
  const query = useExerciseLibrary({ ...filterState.filters, limit: OVERLAY_LIMIT }, { retry: 1, enabled: !fallback });
  if (!fallback && query.isError && !query.data) setFallbackReason(loadErrorMessage(query.error));

  const exercises = fallback ? filterFallback(filterState.filters) : (query.data?.exercises ?? []);
  const muscles = fallback ? unique(FALLBACK_EXERCISES.flatMap((e) => e.muscles)) : (query.data?.filters.muscles ?? []);
  const patterns = fallback ? unique(FALLBACK_EXERCISES.map((e) => e.pattern)) : (query.data?.filters.patterns ?? []);
  const total = fallback ? exercises.length : (query.data?.total ?? 0);

  return (
    <div className="exercise-overlay">
      <ExerciseFilterBar state={filterState} muscles={muscles} patterns={patterns} autoFocus />
      {fallback && (
        <div className="exercise-overlay__fallback">
          <Alert variant="warning" title={fallbackReason}>
            Showing {FALLBACK_EXERCISES.length} common exercises instead.
          </Alert>
          <Button variant="outline" size="sm" onClick={() => setFallbackReason(null)}>
            Try again
          </Button>
        </div>
      )}
      {!fallback && query.isPending ? (
        <div className="exercise-overlay__loading" role="status">
          <Spinner size="lg" />
          <span>Loading exercises...</span>
        </div>
      ) : exercises.length === 0 ? (
        <p className="empty-state exercise-overlay__empty">{NO_MATCHES}</p>
      ) : (
        <>
          <ul className="exercise-overlay__list" aria-label="Exercises" aria-busy={query.isFetching || undefined}>
            {exercises.map((exercise) => (
              <OverlayRow key={exercise.id} exercise={exercise} onPick={onPick} />
            ))}
          </ul>
          {total > exercises.length && (
            <p className="exercise-overlay__more muted">
              Showing the first {exercises.length} of {total}. Narrow the search to find more.
            </p>
          )}
        </>
      )}
    </div>
  );
}

function OverlayRow({ exercise, onPick }: { exercise: LibraryExercise; onPick: (exercise: PickedExercise) => void }) {
  const [showVideo, setShowVideo] = useState(false);
  const intent = guessIntent(exercise.name);
  const videoId = `video-${exercise.id}`;
  return (
    <li className="exercise-overlay__row">
      <div className="exercise-overlay__main">
        <span className="exercise-overlay__name">{exercise.name}</span>
        <span className="intent-chip" style={{ '--intent-color': INTENT_PROFILES[intent].color } as CSSProperties}>
          {intent}
        </span>
        <span className="exercise-overlay__meta muted">{[exercise.pattern, exercise.muscles.join(', ')].filter(Boolean).join(' · ')}</span>
      </div>
      <div className="exercise-overlay__actions">
        {exercise.youtube_url && (
          <Button variant="ghost" size="sm" aria-expanded={showVideo} aria-controls={videoId} onClick={() => setShowVideo((v) => !v)} aria-label={`Video for ${exercise.name}`}>
            {showVideo ? 'Hide video' : 'Video'}
          </Button>
        )}
        <Button size="sm" aria-label={`Add ${exercise.name}`} onClick={() => onPick({ name: exercise.name, muscles: [...exercise.muscles], pattern: exercise.pattern, intent })}>
          Add
        </Button>
      </div>
      {showVideo && (
        <div id={videoId} className="exercise-overlay__video">
          <VideoPreview url={exercise.youtube_url} title={`${exercise.name} video`} />
        </div>
      )}
    </li>
  );
}

/** The fallback list, filtered the way the server would filter the real one. */
function filterFallback(filters: ExerciseFilters): LibraryExercise[] {
  const search = filters.search.trim().toLowerCase();
  return FALLBACK_EXERCISES.filter(
    (e) => (!search || e.name.toLowerCase().includes(search)) && (!filters.muscle || e.muscles.includes(filters.muscle)) && (!filters.pattern || e.pattern === filters.pattern),
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values)].sort();
}
