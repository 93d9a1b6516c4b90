/**
 * Date arithmetic of a program: day-{n} lands on start + (n − 1) days; the program
 * ends on the day of its highest day number. Pure, shared by the server and the
 * Assign dialog's preview.
 */
import { addDays } from '../../training/domain/workout-rules.ts';
import type { AssignedWorkout, TemplateDays } from './events.ts';

export const DAYS_PER_WEEK = 7;
export const MAX_WEEKS = 24;
export const MAX_DAY = MAX_WEEKS * DAYS_PER_WEEK;
export const PREVIEW_DAYS = 7;
export const DURATION_WEEKS = [4, 6, 8, 10, 12, 16, 20, 24] as const;

const DAY_KEY = /^day-([1-9][0-9]{0,2})$/;

/** The day number of a `day-{n}` key, or null when the key is not one. */
export function dayNumber(key: string): number | null {
  const m = DAY_KEY.exec(key);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= MAX_DAY ? n : null;
}

/** Day keys that hold at least one workout, in day order. */
export function workoutDays(days: TemplateDays): string[] {
  return Object.keys(days)
    .filter((k) => dayNumber(k) !== null && (days[k]?.length ?? 0) > 0)
    .sort((a, b) => dayNumber(a)! - dayNumber(b)!);
}

export function highestDay(days: TemplateDays): number {
  return workoutDays(days).reduce((max, k) => Math.max(max, dayNumber(k)!), 0);
}

export function workoutCount(days: TemplateDays): number {
  return workoutDays(days).reduce((n, k) => n + days[k].length, 0);
}

/** End date = start + (highest day number − 1) days. */
export function endDate(startDate: string, days: TemplateDays): string {
  return addDays(startDate, Math.max(highestDay(days), 1) - 1);
}

/** Every workout with the date it lands on, in day order, then their order within the day. */
export function assignedWorkouts(startDate: string, days: TemplateDays, newId: () => string): AssignedWorkout[] {
  return workoutDays(days).flatMap((dayKey) =>
    days[dayKey].map((w) => ({
      workoutId: newId(),
      key: w.id,
      dayKey,
      targetDate: addDays(startDate, dayNumber(dayKey)! - 1),
      name: w.name,
      notes: w.notes,
      exercises: w.exercises,
    })),
  );
}

export interface PreviewDay {
  dayKey: string;
  date: string;
  /** Empty for a rest day. */
  workouts: { name: string; exerciseCount: number }[];
}

/**
 * The Assign dialog's preview: the program's first seven days from the start date,
 * rest days included, and how many days of the program follow them.
 */
export function schedulePreview(startDate: string, days: TemplateDays): { days: PreviewDay[]; moreDays: number } {
  const total = highestDay(days);
  const shown = Array.from({ length: Math.min(PREVIEW_DAYS, total) }, (_, i) => {
    const dayKey = `day-${i + 1}`;
    return {
      dayKey,
      date: addDays(startDate, i),
      workouts: (days[dayKey] ?? []).map((w) => ({ name: w.name, exerciseCount: w.exercises.length })),
    };
  });
  return { days: shown, moreDays: Math.max(0, total - PREVIEW_DAYS) };
}
