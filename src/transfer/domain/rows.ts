/**
 * One CSV row of a Strong or Hevy file as a set Spotter understands, checked against
 * the limits every set obeys (src/training/domain/limits.ts). A bad value is an
 * ImportError naming its line, so a user can find it in their spreadsheet.
 */
import { isWeightUnit, type WeightUnit } from '../../kernel/units.ts';
import { SET_LIMITS } from '../../training/domain/limits.ts';
import { loadLimitIn } from '../../training/domain/load-units.ts';
import { isCalendarDate } from '../../training/domain/workout-rules.ts';
import type { Header } from './layouts.ts';

export class ImportError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(line > 0 ? `Line ${line}: ${detail}` : detail);
    this.name = 'ImportError';
  }
}

export type ImportSetKind = 'normal' | 'warmup' | 'drop' | 'failure';

export interface ImportRow {
  line: number;
  /** The workout it belongs to: its start as written and its name. */
  workoutKey: string;
  date: string;
  workoutName: string;
  workoutNotes: string;
  exercise: string;
  exerciseNotes: string;
  /** Hevy's superset id ('' when none). */
  superset: string;
  /** Strong's Set Order number or Hevy's set_index; null for Strong's letters (W, D, F). */
  order: number | null;
  kind: ImportSetKind;
  weight: number | null;
  unit: WeightUnit;
  reps: number | null;
  seconds: number | null;
  rpe: number | null;
  /** Spotter keeps no distances: counted so the preview can say so. */
  hasDistance: boolean;
}

/** Text limits of what a workout keeps (src/training/domain/payload.ts LIMITS). */
const TEXT_MAX = { name: 200, exercise: 200, workoutNotes: 5000, exerciseNotes: 2000 } as const;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * The calendar day of a start time as the apps write it: Strong "2024-03-01 07:30:00",
 * Hevy "1 Mar 2024, 07:30" (and ISO times from either).
 */
export function dayOf(text: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (iso) return isCalendarDate(iso[1]) ? iso[1] : null;
  const hevy = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?$/i.exec(text);
  if (hevy) {
    const month = MONTHS.indexOf(hevy[2].toLowerCase());
    const date = `${hevy[3]}-${String(month + 1).padStart(2, '0')}-${hevy[1].padStart(2, '0')}`;
    return month >= 0 && isCalendarDate(date) ? date : null;
  }
  return null;
}

export class RowReader {
  constructor(
    private readonly header: Header,
    /** The unit of a Strong comma file, whose rows do not say (the importer's choice). */
    private readonly defaultUnit: WeightUnit,
    private readonly delimiter: ',' | ';',
  ) {}

  /** The row as a set; null for rows that are no set (Strong's rest-timer rows). */
  read(cells: string[], line: number): ImportRow | null {
    const h = this.header;
    const cell = (name: string) => (h.at.has(name) ? (cells[h.at.get(name)!] ?? '').trim() : '');
    const fail = (detail: string): never => {
      throw new ImportError(line, detail);
    };
    const text = (name: string, max: number) => {
      const v = cell(name);
      return v.length > max ? fail(`${name} is longer than ${max} characters.`) : v;
    };
    const number = (name: string, opts: { whole?: boolean; max: number; unit?: string }): number | null => {
      let v = cell(name);
      if (v === '') return null;
      // The semicolon layout comes from locales that write decimals with a comma.
      if (this.delimiter === ';' && /^\d+,\d+$/.test(v)) v = v.replace(',', '.');
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0) return fail(`${name} must be a number of 0 or more (got "${v.slice(0, 40)}").`);
      if (opts.whole && !Number.isInteger(n)) return fail(`${name} must be a whole number (got "${v}").`);
      if (n > opts.max) return fail(`${name} must be at most ${opts.max}${opts.unit ? ` ${opts.unit}` : ''} (got ${v}).`);
      return n;
    };

    const isHevy = h.layout === 'hevy';
    const startName = isHevy ? 'start_time' : 'Date';
    const start = cell(startName);
    if (start === '') fail(`${startName} is empty.`);
    const date = dayOf(start) ?? fail(`${startName} "${start.slice(0, 40)}" is not a date (expected e.g. ${isHevy ? '"1 Mar 2024, 07:30"' : '"2024-03-01 07:30:00"'}).`);
    const exercise = text(isHevy ? 'exercise_title' : 'Exercise Name', TEXT_MAX.exercise);
    if (exercise === '') fail(`${isHevy ? 'exercise_title' : 'Exercise Name'} is empty.`);
    const workoutName = text(isHevy ? 'title' : 'Workout Name', TEXT_MAX.name);

    let unit: WeightUnit = h.unit ?? this.defaultUnit;
    if (h.layout === 'strong-semicolon') {
      const u = cell('Weight Unit').toLowerCase().replace(/^lbs$/, 'lb');
      if (u !== '') unit = isWeightUnit(u) ? u : fail(`Weight Unit must be kg or lbs (got "${u.slice(0, 20)}").`);
    }

    let order: number | null;
    let kind: ImportSetKind = 'normal';
    if (isHevy) {
      order = number('set_index', { whole: true, max: 1000 });
      const type = cell('set_type').toLowerCase();
      if (type === 'warmup') kind = 'warmup';
      else if (type === 'dropset') kind = 'drop';
      else if (type === 'failure') kind = 'failure';
      else if (type !== '' && type !== 'normal') fail(`set_type must be normal, warmup, dropset or failure (got "${type.slice(0, 20)}").`);
    } else {
      const so = cell('Set Order');
      if (/^rest timer$/i.test(so)) return null; // Strong writes its rest timers as rows of their own
      const letter = { W: 'warmup', D: 'drop', F: 'failure' }[so.toUpperCase()] as ImportSetKind | undefined;
      if (letter) {
        kind = letter;
        order = null;
      } else {
        order = number('Set Order', { whole: true, max: 1000 });
      }
    }

    const weightName = isHevy ? (h.unit === 'kg' ? 'weight_kg' : 'weight_lbs') : 'Weight';
    const distanceName = isHevy ? (h.distanceUnit === 'km' ? 'distance_km' : 'distance_miles') : 'Distance';
    const secondsName = isHevy ? 'duration_seconds' : 'Seconds';
    const weight = number(weightName, { max: loadLimitIn(SET_LIMITS.load, unit), unit });
    const reps = number(isHevy ? 'reps' : 'Reps', { whole: true, max: SET_LIMITS.reps });
    const seconds = number(secondsName, { max: SET_LIMITS.time_duration });
    const rpe = number(isHevy ? 'rpe' : 'RPE', { max: SET_LIMITS.rpe });
    const distance = cell(distanceName);
    const hasDistance = distance !== '' && Number(distance) !== 0;

    return {
      line,
      workoutKey: `${start}\u0000${workoutName}`,
      date,
      workoutName,
      workoutNotes: text(isHevy ? 'description' : 'Workout Notes', TEXT_MAX.workoutNotes),
      exercise,
      exerciseNotes: text(isHevy ? 'exercise_notes' : 'Notes', TEXT_MAX.exerciseNotes),
      superset: isHevy ? cell('superset_id').slice(0, 40) : '',
      order,
      kind,
      weight,
      unit,
      reps,
      seconds,
      rpe,
      hasDistance,
    };
  }
}
