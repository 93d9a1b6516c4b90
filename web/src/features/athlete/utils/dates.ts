/** Calendar dates ('YYYY-MM-DD') for the athlete's pages; "today" comes from the profile (lib/profile). */
import { addDays } from '@kernel';
import { formatCalendarDate } from '../../../lib/date-format';

export { addDays };

const format = formatCalendarDate;

/** "Mon, Mar 3" */
export const dayLabel = (date: string) => format(date, { weekday: 'short', month: 'short', day: 'numeric' });
/** "Monday, March 3, 2025" */
export const longDate = (date: string) => format(date, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
/** "Mar 3" */
export const shortDate = (date: string) => format(date, { month: 'short', day: 'numeric' });

/** "2 h 5 min", "45 min" */
export function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}
