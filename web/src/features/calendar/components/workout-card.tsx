import type { CSSProperties } from 'react';
import { INTENT_PROFILES, STATUS_LABELS, type WeightUnit } from '@kernel';
import { loadText, useWeightUnit } from '../../../lib/weight-unit';
import { cx } from '../../../lib/cx';
import { dragSource } from '../../../lib/drag-and-drop';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import './workout-card.css';
import { CommentBadge } from '../../../components/workout-comments/comment-badge';

/** The MIME type a dragged card carries: only cards can be dropped on days. */
export const WORKOUT_DRAG_TYPE = 'application/x-spotter-workout';

type WorkoutCardProps = {
  workout: CalendarWorkout;
  selected: boolean;
  selectionMode: boolean;
  /** The day view shows each exercise's sets too. */
  detailed?: boolean;
  onOpen: () => void;
  onCopy: () => void;
  onToggleSelect: () => void;
  onDelete: () => void;
  /** The program template it came from, if any. */
  templateName?: string;
  /** Just assigned from a template (`?highlight=assigned`). */
  highlighted?: boolean;
};

function setSummary(sets: CalendarWorkout['exercises'][number]['sets'], unit: WeightUnit): string {
  const first = sets[0];
  if (!first) return '';
  const same = sets.every((s) => s.reps === first.reps && s.load === first.load);
  if (!same) return `${sets.length} sets`;
  const reps = first.type === 'time' ? `${first.time_duration ?? '?'} s` : `${first.reps ?? '?'}`;
  return `${sets.length} × ${reps}${first.load != null ? ` @ ${loadText(first.load, unit)}` : ''}`;
}

/** A workout on the calendar: exercise names coloured by intent, a status dot, Copy, Select and Del. */
export function WorkoutCard({ workout, selected, selectionMode, detailed, onOpen, onCopy, onToggleSelect, onDelete, templateName, highlighted }: WorkoutCardProps) {
  const names = workout.exercises.map((e) => e.exercise_name).join(', ');
  const status = STATUS_LABELS[workout.status];
  const unit = useWeightUnit();
  const title = workout.name ? `${workout.name}: ${names}` : names;

  return (
    <article
      className={cx('workout-card', selected && 'workout-card--selected', highlighted && 'workout-card--highlighted')}
      aria-label={`Workout: ${title}`}
      data-highlighted={highlighted || undefined}
      {...dragSource(WORKOUT_DRAG_TYPE, workout.id, title)}
    >
      <button
        type="button"
        className="workout-card__open"
        // Named by its text as shown, then the status (WCAG 2.5.3, label in name): "Live Day Back Squat Bench Press, planned workout".
        // Month cells cut long names: the whole text on hover.
        title={title}
        // In selection mode a click selects instead of opening the editor.
        aria-pressed={selectionMode ? selected : undefined}
        onClick={selectionMode ? onToggleSelect : onOpen}
      >
        <span className={cx('status-dot', `status-dot--${workout.status}`)} title={status} aria-hidden="true" />
        {workout.name && <span className="workout-card__name">{workout.name}</span>}
        {templateName && <span className="workout-card__template">Template: {templateName}</span>}
        {highlighted && <span className="workout-card__new">Just assigned</span>}
        {workout.imported && <span className="workout-card__imported">Imported</span>}
        <span className="workout-card__exercises">
          {workout.exercises.map((exercise, i) => (
            <span key={i} className="workout-card__exercise" style={{ '--intent-color': INTENT_PROFILES[exercise.exercise_intent]?.color } as CSSProperties}>
              {exercise.exercise_name}
              {detailed && <span className="workout-card__sets"> {setSummary(exercise.sets, unit)}</span>}
            </span>
          ))}
        </span>
        <span className="visually-hidden">, {status.toLowerCase()} workout</span>
      </button>
      <CommentBadge workoutId={workout.id} />
      <div className="workout-card__actions">
        <button type="button" className="card-action" onClick={onCopy} aria-label="Copy">
          Copy
        </button>
        <button type="button" className="card-action" onClick={onToggleSelect} aria-pressed={selected} aria-label="Select">
          Select
        </button>
        <button type="button" className="card-action card-action--danger" onClick={onDelete} aria-label="Del">
          Del
        </button>
      </div>
    </article>
  );
}
