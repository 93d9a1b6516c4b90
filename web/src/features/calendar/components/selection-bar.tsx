import { Button } from '../../../components/ui/button';
import { dateSpan } from '../utils/dates';

type SelectionBarProps = {
  dates: string[];
  busy: boolean;
  onClear: () => void;
  onCopy: () => void;
  onCut: () => void;
  onDelete: () => void;
};

/** The bottom selection bar (coach-core §2): count and date span, Clear Selection, Copy, Cut, Delete. */
export function SelectionBar({ dates, busy, onClear, onCopy, onCut, onDelete }: SelectionBarProps) {
  const count = dates.length;
  return (
    <div className="selection-bar" role="region" aria-label="Selection">
      <p className="selection-bar__summary">
        <strong>
          {count} workout{count === 1 ? '' : 's'} selected
        </strong>
        <span className="muted"> · {dateSpan(dates)}</span>
      </p>
      <div className="selection-bar__actions">
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear Selection
        </Button>
        <Button variant="outline" size="sm" onClick={onCopy} disabled={busy}>
          Copy
        </Button>
        <Button variant="outline" size="sm" onClick={onCut} disabled={busy}>
          Cut
        </Button>
        <Button variant="destructive" size="sm" onClick={onDelete} disabled={busy}>
          Delete
        </Button>
      </div>
    </div>
  );
}
