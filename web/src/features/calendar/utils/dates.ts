/**
 * Calendar dates as 'YYYY-MM-DD' strings with UTC arithmetic (the domain's own
 * addDays), so a daylight-saving change never moves a cell. Weeks start on Monday.
 */
import { addDays, isCalendarDate } from '@kernel';
import { formatCalendarDate } from '../../../lib/date-format';

export { addDays, isCalendarDate };

export type CalendarView = 'month' | 'week' | 'day';

export const MONTH_CELLS = 42;
export const WEEK_CELLS = 7;

const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: string): number {
  return (utc(date).getUTCDay() + 6) % 7;
}

export function startOfWeek(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(date: string, months: number): string {
  const d = utc(firstOfMonth(date));
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** The days a view shows around `anchor`: 42 from the Monday before the 1st, 7 from Monday, or 1. */
export function visibleDays(view: CalendarView, anchor: string): string[] {
  if (view === 'day') return [anchor];
  const start = view === 'week' ? startOfWeek(anchor) : startOfWeek(firstOfMonth(anchor));
  const count = view === 'week' ? WEEK_CELLS : MONTH_CELLS;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/**
 * The day a new view opens on: today when the current view shows today (a month
 * paged to holds its 1st as anchor, and the day view would open there), else the
 * anchor the user paged or clicked to.
 */
export function anchorForView(current: CalendarView, anchor: string, today: string): string {
  return visibleDays(current, anchor).includes(today) ? today : anchor;
}

/** Previous (-1) or next (+1) month, week or day. */
export function shiftAnchor(view: CalendarView, anchor: string, direction: 1 | -1): string {
  if (view === 'month') return addMonths(anchor, direction);
  return addDays(anchor, direction * (view === 'week' ? 7 : 1));
}

const format = formatCalendarDate;

/** "Monday, March 3, 2025" */
export const longDate = (date: string) => format(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
/** "Mar 3" */
export const shortDate = (date: string) => format(date, { month: 'short', day: 'numeric' });
/** "Mon" */
export const weekdayShort = (date: string) => format(date, { weekday: 'short' });
/** "March 2025" */
export const monthTitle = (date: string) => format(date, { month: 'long', year: 'numeric' });
export const dayOfMonth = (date: string) => Number(date.slice(8, 10));

export function viewTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return monthTitle(anchor);
  if (view === 'day') return longDate(anchor);
  const days = visibleDays('week', anchor);
  const [first, last] = [days[0], days[days.length - 1]];
  return `${shortDate(first)} – ${shortDate(last)}, ${last.slice(0, 4)}`;
}

/** "Mar 3 – Mar 9, 2025", or one date. */
export function dateSpan(dates: readonly string[]): string {
  if (dates.length === 0) return '';
  const sorted = [...dates].sort();
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  if (first === last) return `${shortDate(first)}, ${first.slice(0, 4)}`;
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${shortDate(first)}${sameYear ? '' : `, ${first.slice(0, 4)}`} – ${shortDate(last)}, ${last.slice(0, 4)}`;
}
