import { useMemo, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { INTENT_PROFILES, STATUS_LABELS } from '@kernel';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { NothingSavedError } from '../../../lib/offline/network';
import { useOutboxState } from '../../../lib/offline/outbox-provider';
import { useProfile } from '../../../lib/profile';
import { useTopic } from '../../../lib/realtime';
import { useWeightUnit } from '../../../lib/weight-unit';
import { myWorkoutKey, useMyWorkout } from '../api/my-workouts';
import { withQueuedActuals } from '../api/queued-actuals';
import { longDate } from '../utils/dates';
import { RestTimer } from './rest-timer';
import { SetLogger } from './set-logger';
import { OfflineNotice, SyncStatus } from './sync-status';
import './athlete.css';
import { CommentThreadPanel } from '../../../components/workout-comments/comment-thread';
import { topicOf } from '@kernel';

/**
 * The logging screen of one workout: each set's actual reps, load or time, saved set by
 * set. Works with no connection: the workout comes from the phone and each set waits in
 * the outbox (shown as logged at once, and in the sync status at the foot).
 */
export function WorkoutLogger({ workoutId }: { workoutId: string }) {
  const query = useMyWorkout(workoutId);
  // The inputs start from the sets as logged on this phone: wait for the outbox too.
  const { entries, ready } = useOutboxState();
  // …and for the profile (saved on the phone too): the inputs are in the athlete's unit.
  const profile = useProfile();
  const unit = useWeightUnit();
  // The coach may change the plan while the athlete trains.
  useTopic(topicOf.workout(workoutId), [myWorkoutKey(workoutId)]);
  const shown = useMemo(() => (query.data ? withQueuedActuals(query.data.workout, entries, query.data.requestedAt) : undefined), [query.data, entries]);

  if (query.isPending || !ready || profile.isPending) return <Spinner label="Loading workout" />;
  if (query.isError || !shown) return <Alert variant="error">{query.error instanceof NothingSavedError ? query.error.message : errorMessage(query.error)}</Alert>;
  const workout = shown;
  const deleted = workout.deleted === true;

  return (
    <div className="workout-logger">
      <Link to={paths.app.training.getHref()} className="link link--small">
        ← My Training
      </Link>
      <header className="workout-logger__header">
        <h1 className="workout-logger__title">{workout.name || 'Workout'}</h1>
        <p className="muted">
          {longDate(workout.date)} · <span className={`badge badge--${workout.status}`}>{STATUS_LABELS[workout.status]}</span>
        </p>
        {workout.notes && <p className="workout-logger__notes">{workout.notes}</p>}
      </header>
      {query.data.offline && <OfflineNotice savedAt={query.data.savedAt} />}
      {deleted && <Alert variant="warning">This workout was deleted.</Alert>}
      {!deleted && <RestTimer />}
      {workout.exercises.map((exercise, exerciseIndex) => {
        const headingId = `exercise-${exerciseIndex}`;
        return (
          <section
            key={`${exerciseIndex}-${exercise.exercise_name}`}
            className="logger-exercise"
            aria-labelledby={headingId}
            style={{ '--intent-color': INTENT_PROFILES[exercise.exercise_intent]?.color } as CSSProperties}
          >
            <h2 id={headingId} className="logger-exercise__title">
              <span className="logger-exercise__heading">{exercise.heading}</span> {exercise.exercise_name}
            </h2>
            <p className="logger-exercise__intent">{exercise.exercise_intent}</p>
            {exercise.notes && <p className="muted">{exercise.notes}</p>}
            <ol className="logger-exercise__sets">
              {exercise.sets.map((set, setIndex) => (
                <SetLogger
                  key={`${setIndex}-${unit}`}
                  workoutId={workout.id}
                  exerciseIndex={exerciseIndex}
                  exerciseName={exercise.exercise_name}
                  setIndex={setIndex}
                  set={set}
                  previous={exercise.sets[setIndex - 1]}
                  disabled={deleted}
                />
              ))}
            </ol>
          </section>
        );
      })}
      <CommentThreadPanel workoutId={workout.id} />
      <SyncStatus className="sync-status--sticky" />
    </div>
  );
}
