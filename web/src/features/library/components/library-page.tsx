import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ExerciseFilterBar, useExerciseFilterState } from '../../../components/exercise-library-overlay/exercise-filters';
import { exercisesQueryKey, loadErrorMessage, type LibraryExercise } from '../../../components/exercise-library-overlay/use-exercise-library';
import { useUser } from '../../../lib/auth';
import { useTopic } from '../../../lib/realtime';
import { useLibraryExercises } from '../api/get-exercises';
import { DeleteExerciseDialog } from './delete-exercise-dialog';
import { ExerciseCard } from './exercise-card';
import { ExerciseFormModal } from './exercise-form-modal';
import './library.css';
import '../../../components/exercise-library-overlay/exercise-library.css';
import { topicOf } from '@kernel';

/** Cards per "Show more": a full screen or two, not the whole catalogue at once. */
const PAGE_SIZE = 48;

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; exercise: LibraryExercise };

/** The Exercise Library page (performance-messaging-templates §2). */
export function LibraryPage() {
  const user = useUser();
  const filterState = useExerciseFilterState();
  const { filters } = filterState;
  // Pages belong to one set of filters: new filters start again from the first page.
  const filtersKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ filtersKey, pages: 1 });
  const pages = paging.filtersKey === filtersKey ? paging.pages : 1;
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<LibraryExercise | null>(null);

  const query = useLibraryExercises({ ...filters, limit: PAGE_SIZE * pages });
  useTopic(topicOf.library(user.id), [exercisesQueryKey]);
  useTopic('library:catalogue', [exercisesQueryKey]);

  const data = query.data;
  const exercises = data?.exercises ?? [];

  return (
    <div className="library-page">
      <PageHeader
        title="Exercise Library"
        description="The shared catalogue plus the exercises you add. Only you can see, edit or delete your own."
        actions={<Button onClick={() => setEditing({ mode: 'add' })}>Add New Exercise</Button>}
      />

      <section className="library-page__filters" aria-label="Search and filters">
        <ExerciseFilterBar state={filterState} muscles={data?.filters.muscles ?? []} patterns={data?.filters.patterns ?? []} />
      </section>

      {query.isError && <Alert variant="error">{loadErrorMessage(query.error)}</Alert>}

      {query.isPending ? (
        <div className="library-page__loading" role="status">
          <Spinner size="lg" />
          <span>Loading exercises...</span>
        </div>
      ) : data ? (
        <>
          <p className="library-page__count" role="status" aria-live="polite">
            Found {data.total} of {data.library_size} exercises
            {query.isFetching && <Spinner size="sm" className="library-page__refreshing" />}
          </p>
          {exercises.length === 0 ? (
            <p className="empty-state library-page__empty">No exercises found matching your criteria.</p>
          ) : (
            <div className="library-grid" aria-label="Exercises" role="list">
              {exercises.map((exercise) => (
                <div role="listitem" key={exercise.id}>
                  <ExerciseCard exercise={exercise} editable={exercise.created_by === user.id} onEdit={(e) => setEditing({ mode: 'edit', exercise: e })} onDelete={setDeleting} />
                </div>
              ))}
            </div>
          )}
          {exercises.length < data.total && (
            <div className="library-page__more">
              <Button variant="outline" isLoading={query.isFetching} loadingText="Loading..." onClick={() => setPaging({ filtersKey, pages: pages + 1 })}>
                Show more
              </Button>
            </div>
          )}
        </>
      ) : null}

      <ExerciseFormModal
        open={editing.mode !== 'closed'}
        exercise={editing.mode === 'edit' ? editing.exercise : null}
        onClose={() => setEditing({ mode: 'closed' })}
        knownMuscles={data?.filters.muscles ?? []}
        knownPatterns={data?.filters.patterns ?? []}
      />
      <DeleteExerciseDialog exercise={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
