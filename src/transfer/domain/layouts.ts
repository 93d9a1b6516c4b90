/**
 * The CSV layouts Spotter reads and writes: Strong's (its current comma layout and its
 * older semicolon one, which names each row's units) and Hevy's (the unit in the
 * column names). A file's layout is told by its header row, so a user never has to
 * say which app the file came from.
 */
import type { WeightUnit } from '../../kernel/units.ts';

export const STRONG_COLUMNS = ['Date', 'Workout Name', 'Duration', 'Exercise Name', 'Set Order', 'Weight', 'Reps', 'Distance', 'Seconds', 'Notes', 'Workout Notes', 'RPE'] as const;

export const STRONG_SEMICOLON_COLUMNS = [
  'Date',
  'Workout Name',
  'Exercise Name',
  'Set Order',
  'Weight',
  'Weight Unit',
  'Reps',
  'RPE',
  'Distance',
  'Distance Unit',
  'Seconds',
  'Notes',
  'Workout Notes',
  'Workout Duration',
] as const;

export function hevyColumns(unit: WeightUnit): string[] {
  const [weight, distance] = unit === 'kg' ? ['weight_kg', 'distance_km'] : ['weight_lbs', 'distance_miles'];
  return [
    'title',
    'start_time',
    'end_time',
    'description',
    'exercise_title',
    'superset_id',
    'exercise_notes',
    'set_index',
    'set_type',
    weight,
    'reps',
    distance,
    'duration_seconds',
    'rpe',
  ];
}

export type ExportLayout = 'strong' | 'hevy';
export const EXPORT_LAYOUTS: readonly ExportLayout[] = ['strong', 'hevy'];

export type ImportLayout = 'strong' | 'strong-semicolon' | 'hevy';

/** A header row understood: the layout, where each column is, and the file's unit when the header says it. */
export interface Header {
  layout: ImportLayout;
  /** Column name → its index in every row. */
  at: Map<string, number>;
  /** Hevy's weight_kg / weight_lbs; null when each row (Strong semicolon) or the importer says. */
  unit: WeightUnit | null;
  /** Hevy's distance unit (distance_km / distance_miles). */
  distanceUnit: 'km' | 'mi' | null;
}

const REQUIRED: Record<ImportLayout, readonly string[]> = {
  strong: ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Reps'],
  'strong-semicolon': ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Weight Unit', 'Reps'],
  hevy: ['title', 'start_time', 'exercise_title', 'set_index', 'set_type', 'reps'],
};

/** The layout of a header row, or an error message naming what is missing. */
export function readHeader(cells: string[]): Header | string {
  const names = cells.map((c) => c.trim());
  const at = new Map(names.map((n, i) => [n, i] as const));
  let layout: ImportLayout;
  if (at.has('title') && at.has('exercise_title')) layout = 'hevy';
  else if (at.has('Exercise Name') && at.has('Weight Unit')) layout = 'strong-semicolon';
  else if (at.has('Exercise Name')) layout = 'strong';
  else return 'The first line is not a Strong or Hevy header (expected e.g. "Date,Workout Name,…,Exercise Name,…" or "title,start_time,…,exercise_title,…").';
  const missing = REQUIRED[layout].filter((c) => !at.has(c));
  if (layout === 'hevy' && !at.has('weight_kg') && !at.has('weight_lbs')) missing.push('weight_kg or weight_lbs');
  if (missing.length) return `The header lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
  const unit = layout === 'hevy' ? (at.has('weight_kg') ? 'kg' : 'lb') : null;
  const distanceUnit = layout === 'hevy' ? (at.has('distance_km') ? 'km' : at.has('distance_miles') ? 'mi' : null) : null;
  return { layout, at, unit, distanceUnit };
}

/** The delimiter of a file from its first line: the older Strong layout uses semicolons. */
export function sniffDelimiter(firstLine: string): ',' | ';' {
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}
