/**
 * ISO weeks (`2026-W47`): Monday to Sunday, week 1 holds the year's first Thursday.
 * Recaps are keyed by them, so "the same week" means the same string everywhere.
 */
import { addDays } from '../../training/domain/workout-rules.ts';

const WEEK = /^(\d{4})-W(\d{2})$/;

function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Monday of ISO week 1 of `year`. */
function firstMonday(year: number): string {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const isoDay = jan4.getUTCDay() || 7;
  return ymd(new Date(jan4.getTime() - (isoDay - 1) * 86_400_000));
}

/** The ISO week a calendar date belongs to. */
export function isoWeekOf(date: string): string {
  const d = utc(date);
  const isoDay = d.getUTCDay() || 7;
  // The week's Thursday decides its year.
  const thursday = new Date(d.getTime() + (4 - isoDay) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - utc(firstMonday(year)).getTime()) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday and Sunday of a week, or null when the text is not a week that exists. */
export function weekRange(week: string): { start: string; end: string } | null {
  const m = WEEK.exec(week);
  if (!m) return null;
  const year = Number(m[1]);
  const n = Number(m[2]);
  if (year < 2000 || year > 2100 || n < 1 || n > 53) return null;
  const start = addDays(firstMonday(year), (n - 1) * 7);
  // Week 53 exists only in some years: its Monday must still belong to that year's weeks.
  if (isoWeekOf(start) !== week) return null;
  return { start, end: addDays(start, 6) };
}

/** The last week that has fully ended on `today` (today's week is still open). */
export function lastCompleteWeek(today: string): string {
  return isoWeekOf(addDays(today, -7));
}
