import { isCalendarDate } from '../../utils/dates';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Years the picker offers (coach-core §9): five back to one ahead of this year. */
export function pickerYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 7 }, (_, i) => year - 5 + i);
}

function daysIn(year: number | null, month: number | null): number {
  if (!month) return 31;
  // Without a year, February may have 29 days.
  return new Date(Date.UTC(year ?? 2024, month, 0)).getUTCDate();
}

export type DateParts = { year: number | null; month: number | null; day: number | null };

export const EMPTY_PARTS: DateParts = { year: null, month: null, day: null };

export function partsOf(date: string): DateParts {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** The date the parts name, only when all three are chosen and make a real calendar date. */
export function dateOf(parts: DateParts): string | null {
  if (!parts.year || !parts.month || !parts.day) return null;
  const date = `${parts.year}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

type DatePickerProps = { legend: string; value: DateParts; today: string; onChange: (parts: DateParts) => void };

/** Month, day and year pickers with Today and Clear; the day list follows the month, so only real dates can be made. */
export function DatePicker({ legend, value, today, onChange }: DatePickerProps) {
  const max = daysIn(value.year, value.month);
  const set = (patch: Partial<DateParts>) => {
    const next = { ...value, ...patch };
    const limit = daysIn(next.year, next.month);
    if (next.day && next.day > limit) next.day = limit;
    onChange(next);
  };
  const num = (v: string) => (v ? Number(v) : null);

  return (
    <fieldset className="date-picker">
      <legend>{legend}</legend>
      <select className="input input--sm" aria-label={`${legend} month`} value={value.month ?? ''} onChange={(e) => set({ month: num(e.target.value) })}>
        <option value="">Month</option>
        {MONTHS.map((m, i) => (
          <option key={m} value={i + 1}>
            {m}
          </option>
        ))}
      </select>
      <select className="input input--sm" aria-label={`${legend} day`} value={value.day ?? ''} onChange={(e) => set({ day: num(e.target.value) })}>
        <option value="">Day</option>
        {Array.from({ length: max }, (_, i) => (
          <option key={i + 1} value={i + 1}>
            {i + 1}
          </option>
        ))}
      </select>
      <select className="input input--sm" aria-label={`${legend} year`} value={value.year ?? ''} onChange={(e) => set({ year: num(e.target.value) })}>
        <option value="">Year</option>
        {pickerYears(today).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--ghost btn--sm" aria-label={`${legend}: Today`} onClick={() => onChange(partsOf(today))}>
        Today
      </button>
      <button type="button" className="btn btn--ghost btn--sm" aria-label={`${legend}: Clear`} onClick={() => onChange(EMPTY_PARTS)}>
        Clear
      </button>
    </fieldset>
  );
}
