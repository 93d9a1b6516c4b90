/**
 * A workout of the read model (loads in pounds) as rows of Strong's or Hevy's layout,
 * in the reader's unit. Only sets with an actual are written: the layouts hold what
 * was done, and a planned set nobody did is no history. Each workout of a day gets
 * its own start minute (00:00, 00:01, …), so two sessions of one day with the same
 * name stay two workouts when the file is read back.
 */
import { displayLoad, type WeightUnit } from '../../kernel/units.ts';
import type { WorkoutExercise, WorkoutSet } from '../../training/domain/workout-rules.ts';
import { STRONG_COLUMNS, hevyColumns, type ExportLayout } from './layouts.ts';

export interface ExportWorkout {
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  /** Estimated minutes of training (the read model's figure), for the layouts' duration. */
  minutes: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "2024-03-01" and minute 1 → Strong "2024-03-01 00:01:00". */
const strongTime = (date: string, minute: number) => `${date} ${pad(Math.floor(minute / 60) % 24)}:${pad(minute % 60)}:00`;

/** "2024-03-01" and minute 1 → Hevy "1 Mar 2024, 00:01". */
function hevyTime(date: string, minute: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}, ${pad(Math.floor(minute / 60) % 24)}:${pad(minute % 60)}`;
}

/** Strong's duration: "1h 5m", "45m". */
function strongDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return m >= 60 ? `${Math.floor(m / 60)}h ${m % 60}m` : `${m}m`;
}

const done = (s: WorkoutSet) => !!s.actual && (s.actual.reps != null || s.actual.load != null || s.actual.time_duration != null);
const load = (lbs: number | null | undefined, unit: WeightUnit) => (lbs == null || lbs === 0 ? '' : displayLoad(lbs, unit));
const value = (n: number | null | undefined) => (n == null ? '' : n);

export function exportHeader(layout: ExportLayout, unit: WeightUnit): string[] {
  return layout === 'strong' ? [...STRONG_COLUMNS] : hevyColumns(unit);
}

/** The CSV rows (cells in the header's order) of one workout; `minute` is its start minute in its day. */
export function exportRows(w: ExportWorkout, layout: ExportLayout, unit: WeightUnit, minute: number): (string | number)[][] {
  const rows: (string | number)[][] = [];
  const supersets = new Map<string, number>();
  for (const e of w.exercises) {
    let number = 0;
    let first = true;
    for (const [index, s] of e.sets.filter(done).entries()) {
      const a = s.actual!;
      const weight = load(a.load ?? s.load, unit);
      const reps = value(a.reps);
      const seconds = value(a.time_duration);
      const rpe = value(s.rpe);
      if (layout === 'strong') {
        const order = s.type === 'warmup' ? 'W' : s.type === 'drop' ? 'D' : ++number;
        // The exercise's notes go on its first row; Strong keeps a note per set.
        rows.push([
          strongTime(w.date, minute),
          w.name ?? '',
          strongDuration(w.minutes),
          e.exercise_name,
          order,
          weight,
          reps,
          '',
          seconds,
          first ? (e.notes ?? '') : '',
          w.notes ?? '',
          rpe,
        ]);
      } else {
        const group = e.superset_group ? (supersets.get(e.superset_group) ?? supersets.set(e.superset_group, supersets.size).size - 1) : '';
        const type = s.type === 'warmup' ? 'warmup' : s.type === 'drop' ? 'dropset' : 'normal';
        const end = Math.min(23 * 60 + 59, minute + Math.max(1, Math.round(w.minutes)));
        rows.push([
          w.name ?? '',
          hevyTime(w.date, minute),
          hevyTime(w.date, end),
          w.notes ?? '',
          e.exercise_name,
          group,
          e.notes ?? '',
          index,
          type,
          weight,
          reps,
          '',
          seconds,
          rpe,
        ]);
      }
      first = false;
    }
  }
  return rows;
}
