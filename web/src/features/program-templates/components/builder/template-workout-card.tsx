import { INTENT_PROFILES } from '@kernel';
import { cx } from '../../../../lib/cx';
import { dragSource } from '../../../../lib/drag-and-drop';
import type { DraftWorkout } from '../../utils/template-draft';

export const TEMPLATE_DRAG_TYPE = 'application/x-spotter-template-workout';

type Props = {
  workout: DraftWorkout;
  selected: boolean;
  onOpen: () => void;
  onCopy: () => void;
  onToggleSelect: () => void;
  onDelete: () => void;
};

/** A template workout: name, exercise count, intent dot, and copy / select / delete. Drag it to another day to move it. */
export function TemplateWorkoutCard({ workout, selected, onOpen, onCopy, onToggleSelect, onDelete }: Props) {
  const intent = workout.exercises[0]?.exercise_intent;
  const count = workout.exercises.length;
  return (
    <article
      className={cx('tpl-card', selected && 'tpl-card--selected')}
      aria-label={`Template workout: ${workout.name}`}
      {...dragSource(TEMPLATE_DRAG_TYPE, workout.id, workout.name)}
    >
      <button type="button" className="tpl-card__open" onClick={onOpen} aria-label={`Edit ${workout.name}`}>
        <span className="tpl-card__dot" style={{ background: intent ? INTENT_PROFILES[intent].color : 'var(--color-border-strong)' }} aria-hidden="true" />
        <span className="tpl-card__name">{workout.name}</span>
        <span className="tpl-card__count">
          {count} exercise{count === 1 ? '' : 's'}
        </span>
      </button>
      <div className="tpl-card__actions">
        <button type="button" className="card-action" onClick={onCopy} aria-label={`Copy ${workout.name}`}>
          Copy
        </button>
        <button type="button" className="card-action" onClick={onToggleSelect} aria-pressed={selected} aria-label={`Select ${workout.name}`}>
          Select
        </button>
        <button type="button" className="card-action card-action--danger" onClick={onDelete} aria-label={`Delete ${workout.name}`}>
          Del
        </button>
      </div>
    </article>
  );
}
