import type { ReactNode } from 'react';
import { cx } from '../../../../lib/cx';
import { useDropTarget } from '../../../../lib/drag-and-drop';
import { TEMPLATE_DRAG_TYPE } from './template-workout-card';

type Props = {
  dayKey: string;
  label: string;
  /** What the cell shows (the full label is its accessible name). */
  shortLabel: string;
  canPaste: boolean;
  empty: boolean;
  onAdd: () => void;
  onPaste: () => void;
  onDropWorkout: (workoutId: string) => void;
  children: ReactNode;
};

/** One program day: + (new workout), Paste while something is copied, 'Rest Day' when empty; a dropped workout moves here. */
export function TemplateDay({ label, shortLabel, canPaste, empty, onAdd, onPaste, onDropWorkout, children }: Props) {
  const { over, dropProps } = useDropTarget(TEMPLATE_DRAG_TYPE, onDropWorkout);
  return (
    <div role="group" aria-label={label} className={cx('tpl-day', over && 'tpl-day--over')} {...dropProps}>
      <div className="tpl-day__head">
        <span className="tpl-day__label" aria-hidden="true">
          {shortLabel}
        </span>
        <span className="tpl-day__tools">
          {canPaste && (
            <button type="button" className="cell-button" onClick={onPaste} aria-label={`Paste on ${label}`}>
              Paste
            </button>
          )}
          <button type="button" className="cell-button cell-button--add" onClick={onAdd} aria-label={`Add workout on ${label}`}>
            +
          </button>
        </span>
      </div>
      <div className="tpl-day__workouts">{empty ? <span className="tpl-day__rest">Rest Day</span> : children}</div>
    </div>
  );
}
