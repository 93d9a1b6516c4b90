import { useState, type DragEvent, type ReactNode } from 'react';
import { cx } from '../../../lib/cx';
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
  const [over, setOver] = useState(false);
  const label = longDate(date);
  const isWorkoutDrag = (event: DragEvent) => event.dataTransfer.types.includes(WORKOUT_DRAG_TYPE);

  return (
    <div
      role="group"
      aria-label={label}
      className={cx('day-cell', outside && 'day-cell--outside', date === today && 'day-cell--today', over && 'day-cell--over')}
      onDragOver={(event) => {
        if (!isWorkoutDrag(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        const id = event.dataTransfer.getData(WORKOUT_DRAG_TYPE);
        if (!id) return;
        event.preventDefault();
        onDropWorkout(id);
      }}
    >
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
