/**
 * The performance entry's rules with the spec's exact texts (performance §5). The
 * form runs the same function, and the server runs it again: a client is never trusted.
 * Pure: "today" (the athlete's, in their time zone) comes in as an argument.
 */
import { toLbs, type WeightUnit } from '../../kernel/units.ts';
import { exerciseType, UNIT_OF, type ExerciseType, type PerformanceUnit } from './exercise-type.ts';

export const PERFORMANCE_TEXTS = {
  nameRequired: 'Exercise name is required',
  badValue: 'Please enter a valid weight/value',
  valueNotPositive: 'Value must be greater than 0',
  weightTooHigh: 'Weight seems unrealistic (max 2000 lbs)',
  weightTooHighKg: 'Weight seems unrealistic (max 907 kg)',
  timeTooHigh: 'Time seems unrealistic (max 1 hour)',
  badReps: 'Please enter a valid rep count',
  repsTooLow: 'Reps must be 1 or higher',
  repsTooHigh: 'Rep count seems unrealistic (max 100)',
  dateRequired: 'Date is required',
  badDate: 'Please enter a valid date in YYYY-MM-DD format',
  futureDate: 'Cannot log metrics for future dates',
  tooOld: 'Cannot log metrics more than 5 years in the past',
  incomplete: 'Please complete all required fields',
} as const;

export const LIMITS = { weight: 2000, time: 3600, minReps: 1, maxReps: 100, years: 5 } as const;

export interface EntryInput {
  athleteId?: string | null;
  exerciseName?: string | null;
  value?: string | number | null;
  reps?: string | number | null;
  date?: string | null;
  /** The unit a strength value was typed in (absent: lbs); other types have their own unit. */
  unit?: 'kg' | 'lb' | 'lbs' | null;
}

export interface ValidEntry {
  athleteId: string;
  exerciseName: string;
  exerciseType: ExerciseType;
  unit: PerformanceUnit;
  value: number;
  /** Strength only; time and measurement entries have no reps (rep_range 0). */
  reps: number | null;
  date: string;
}

export type Checked = { ok: true; entry: ValidEntry } | { ok: false; field: 'form' | 'exerciseName' | 'value' | 'reps' | 'date'; error: string };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function numeric(v: string | number): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

/** A real calendar day written YYYY-MM-DD (no Feb 30). */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The same day `years` earlier (29 Feb falls back to 28 Feb): the oldest date still allowed. */
export function yearsBefore(today: string, years: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y - years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export function dateError(date: string | null | undefined, today: string): string | null {
  if (blank(date)) return PERFORMANCE_TEXTS.dateRequired;
  const d = date!.trim();
  if (!isCalendarDate(d)) return PERFORMANCE_TEXTS.badDate;
  if (d > today) return PERFORMANCE_TEXTS.futureDate;
  if (d < yearsBefore(today, LIMITS.years)) return PERFORMANCE_TEXTS.tooOld;
  return null;
}

export function valueError(value: string | number, type: ExerciseType, unit: WeightUnit = 'lb'): string | null {
  const n = numeric(value);
  if (n === null) return PERFORMANCE_TEXTS.badValue;
  if (n <= 0) return PERFORMANCE_TEXTS.valueNotPositive;
  if (type === 'strength' && toLbs(n, unit) > LIMITS.weight) return unit === 'kg' ? PERFORMANCE_TEXTS.weightTooHighKg : PERFORMANCE_TEXTS.weightTooHigh;
  if (type === 'time' && n > LIMITS.time) return PERFORMANCE_TEXTS.timeTooHigh;
  return null;
}

export function repsError(reps: string | number | null | undefined): string | null {
  if (blank(reps)) return PERFORMANCE_TEXTS.badReps;
  const n = numeric(reps!);
  if (n === null || !Number.isInteger(n)) return PERFORMANCE_TEXTS.badReps;
  if (n < LIMITS.minReps) return PERFORMANCE_TEXTS.repsTooLow;
  if (n > LIMITS.maxReps) return PERFORMANCE_TEXTS.repsTooHigh;
  return null;
}

/** Every rule, first failure wins; `today` is the athlete's own calendar day. */
export function checkEntry(input: EntryInput, today: string): Checked {
  if (blank(input.athleteId) || input.exerciseName === undefined || input.exerciseName === null || blank(input.value)) {
    return { ok: false, field: 'form', error: PERFORMANCE_TEXTS.incomplete };
  }
  const exerciseName = input.exerciseName.trim().replace(/\s+/g, ' ');
  if (!exerciseName) return { ok: false, field: 'exerciseName', error: PERFORMANCE_TEXTS.nameRequired };
  const type = exerciseType(exerciseName);
  const inKg = type === 'strength' && input.unit === 'kg';
  const vErr = valueError(input.value!, type, inKg ? 'kg' : 'lb');
  if (vErr) return { ok: false, field: 'value', error: vErr };
  let reps: number | null = null;
  if (type === 'strength') {
    const rErr = repsError(input.reps);
    if (rErr) return { ok: false, field: 'reps', error: rErr };
    reps = numeric(input.reps!)!;
  }
  const dErr = dateError(input.date, today);
  if (dErr) return { ok: false, field: 'date', error: dErr };
  return {
    ok: true,
    entry: { athleteId: input.athleteId!, exerciseName, exerciseType: type, unit: inKg ? 'kg' : UNIT_OF[type], value: numeric(input.value!)!, reps, date: input.date!.trim() },
  };
}
