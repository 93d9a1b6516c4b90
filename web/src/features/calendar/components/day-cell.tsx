import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';
import { useDropTarget } from '../../../lib/drag-and-drop';
import { dayOfMonth, longDate, weekdayShort } from '../utils/dates';
import { WORKOUT_DRAG_TYPE } from './workout-card';

type DayCellProps = {
  date: string;
  today: string;
  outside: boolean;
  showWeekday: boolean;
  canPaste: boolean;
  onAdd: () => void;
  onPaste: () => void;
  onDropWorkout: (workoutId: string) => void;
  children: ReactNode;
};

/** One day: its number, + (new workout), Paste while something is copied, and the cards. Cards can be dropped here. */
export function DayCell({ date, today, outside, showWeekday, canPaste, onAdd, onPaste, onDropWorkout, children }: DayCellProps) {
  const { over, dropProps } = useDropTarget(WORKOUT_DRAG_TYPE, onDropWorkout);
  const label = longDate(date);

  return (
    <div role="group" aria-label={label} className={cx('day-cell', outside && 'day-cell--outside', date === today && 'day-cell--today', over && 'day-cell--over')} {...dropProps}>
      <div className="day-cell__head">
        <span className="day-cell__date" aria-hidden="true">
          {showWeekday && <span className="day-cell__weekday">{weekdayShort(date)} </span>}
          {dayOfMonth(date)}
        </span>
        <span className="day-cell__tools">
          {canPaste && (
            <button type="button" className="cell-button" aria-label={`Paste on ${label}`} title="Paste" onClick={onPaste}>
              Paste
            </button>
          )}
          <button type="button" className="cell-button cell-button--add" aria-label={`Add workout on ${label}`} title="Add workout" onClick={onAdd}>
            +
          </button>
        </span>
      </div>
      <div className="day-cell__workouts">{children}</div>
    </div>
  );
}
