import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { INTENT_PROFILES, STATUS_LABELS } from '@kernel';
import { paths } from '../../../config/paths';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { dayLabel } from '../utils/dates';

function loggedSets(workout: CalendarWorkout): { done: number; total: number } {
  const sets = workout.exercises.flatMap((e) => e.sets);
  const done = sets.filter((s) => s.actual && (s.actual.reps != null || s.actual.load != null || s.actual.time_duration != null)).length;
  return { done, total: sets.length };
}

type WorkoutListProps = { title: string; workouts: CalendarWorkout[]; empty: string };

/** A titled list of workouts, each a link to its logging screen. */
export function WorkoutList({ title, workouts, empty }: WorkoutListProps) {
  const id = `list-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="training-list" aria-labelledby={id}>
      <h2 id={id} className="training-list__title">
        {title}
      </h2>
      {workouts.length === 0 ? (
        <p className="muted training-list__empty">{empty}</p>
      ) : (
        <ul className="training-list__items">
          {workouts.map((workout) => {
            const { done, total } = loggedSets(workout);
            return (
              <li key={workout.id}>
                {/* Named by its text as shown (WCAG 2.5.3, label in name): "Tue, Nov 24 Pull Day Deadlift Completed 2/2 sets". */}
                <Link to={paths.app.trainingWorkout.getHref(workout.id)} className="training-item">
                  <span className="training-item__date">{dayLabel(workout.date)}</span>
                  <span className="training-item__body">
                    {workout.name && <strong className="training-item__name">{workout.name}</strong>}
                    <span className="training-item__exercises">
                      {workout.exercises.map((e, i) => (
                        <span key={i} style={{ '--intent-color': INTENT_PROFILES[e.exercise_intent]?.color } as CSSProperties}>
                          {e.exercise_name}
                        </span>
                      ))}
                    </span>
                  </span>
                  <span className="training-item__meta">
                    <span className={`badge badge--${workout.status}`}>{STATUS_LABELS[workout.status]}</span>
                    <span className="muted">
                      {done}/{total} sets
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
