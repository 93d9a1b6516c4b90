import { cx } from '../../../lib/cx';
import type { CalendarWorkout } from '../../../lib/calendar-workout';
import { visibleDays, weekdayShort, type CalendarView } from '../utils/dates';
import { DayCell } from './day-cell';
import { WorkoutCard } from './workout-card';

type CalendarGridProps = {
  view: CalendarView;
  anchor: string;
  today: string;
  workouts: CalendarWorkout[];
  selected: ReadonlySet<string>;
  canPaste: boolean;
  onAdd: (date: string) => void;
  onPaste: (date: string) => void;
  onOpen: (workout: CalendarWorkout) => void;
  onCopy: (workout: CalendarWorkout) => void;
  onToggleSelect: (workout: CalendarWorkout) => void;
  onDelete: (workout: CalendarWorkout) => void;
  onMove: (workoutId: string, date: string) => void;
  /** Workout id → the program template it came from. */
  templateNames?: ReadonlyMap<string, string>;
  /** Workouts to highlight (just assigned). */
  highlighted?: ReadonlySet<string>;
};

/** Month (42 cells), week (7) or day, weeks starting on Monday. */
export function CalendarGrid(props: CalendarGridProps) {
  const { view, anchor, today, workouts, selected } = props;
  const days = visibleDays(view, anchor);
  const month = anchor.slice(0, 7);
  const byDate = new Map<string, CalendarWorkout[]>();
  for (const workout of workouts) byDate.set(workout.date, [...(byDate.get(workout.date) ?? []), workout]);

  return (
    <div className={cx('calendar-grid', `calendar-grid--${view}`)}>
      {view !== 'day' && (
        <div className="calendar-grid__weekdays" aria-hidden="true">
          {days.slice(0, 7).map((d) => (
            <span key={d}>{weekdayShort(d)}</span>
          ))}
        </div>
      )}
      <div className="calendar-grid__cells">
        {days.map((date) => (
          <DayCell
            key={date}
            date={date}
            today={today}
            outside={view === 'month' && date.slice(0, 7) !== month}
            showWeekday={view !== 'month'}
            canPaste={props.canPaste}
            onAdd={() => props.onAdd(date)}
            onPaste={() => props.onPaste(date)}
            onDropWorkout={(id) => props.onMove(id, date)}
          >
            {(byDate.get(date) ?? []).map((workout) => (
              <WorkoutCard
                key={workout.id}
                workout={workout}
                detailed={view !== 'month'}
                selected={selected.has(workout.id)}
                selectionMode={selected.size > 0}
                onOpen={() => props.onOpen(workout)}
                onCopy={() => props.onCopy(workout)}
                onToggleSelect={() => props.onToggleSelect(workout)}
                onDelete={() => props.onDelete(workout)}
                templateName={props.templateNames?.get(workout.id)}
                highlighted={props.highlighted?.has(workout.id)}
              />
            ))}
          </DayCell>
        ))}
      </div>
    </div>
  );
}
