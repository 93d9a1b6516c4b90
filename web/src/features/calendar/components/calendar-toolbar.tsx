import { Button } from '../../../components/ui/button';
import { cx } from '../../../lib/cx';
import { viewTitle, type CalendarView } from '../utils/dates';

const VIEWS: { id: CalendarView; label: string }[] = [
  { id: 'month', label: 'Month' },
  { id: 'week', label: 'Week' },
  { id: 'day', label: 'Day' },
];

type CalendarToolbarProps = {
  view: CalendarView;
  anchor: string;
  onView: (view: CalendarView) => void;
  onShift: (direction: 1 | -1) => void;
  onToday: () => void;
};

/** Previous and next, Today, the period's title and the month/week/day switch. */
export function CalendarToolbar({ view, anchor, onView, onShift, onToday }: CalendarToolbarProps) {
  return (
    <div className="calendar-toolbar">
      <div className="calendar-toolbar__nav">
        <Button variant="outline" size="sm" iconOnly aria-label={`Previous ${view}`} onClick={() => onShift(-1)}>
          ‹
        </Button>
        <Button variant="outline" size="sm" iconOnly aria-label={`Next ${view}`} onClick={() => onShift(1)}>
          ›
        </Button>
        <Button variant="outline" size="sm" onClick={onToday}>
          Today
        </Button>
        <h2 className="calendar-toolbar__title" aria-live="polite">
          {viewTitle(view, anchor)}
        </h2>
      </div>
      <div className="segmented" role="group" aria-label="Calendar view">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            className={cx('segmented__option', view === v.id && 'segmented__option--active')}
            aria-pressed={view === v.id}
            onClick={() => onView(v.id)}
          >
            {v.label}
          </button>
        ))}
      </div>
    </div>
  );
}
