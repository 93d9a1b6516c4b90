/**
 * Exports as CSV streams: the training history (Strong's or Hevy's layout, in the
 * reader's unit) and the performance records. Workouts are read a page at a time and
 * csv-stringify writes as the client reads (Readable.from pulls the next page only
 * when the socket has taken the last), so a ten-year history never sits in memory.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type pg from 'pg';
import { displayLoad, KG_PER_LB, type WeightUnit } from '../kernel/units.ts';
import { doneWorkoutsPage, type DoneWorkoutRow } from '../training/index.ts';
import { bestRecords } from '../performance/index.ts';
import { exportHeader, exportRows, type ExportWorkout } from './domain/export-rows.ts';
import type { ExportLayout } from './domain/layouts.ts';

const PAGE = 250;

/** Every done workout of the athlete, oldest first, page by page. */
export async function* doneWorkouts(db: pg.Pool, athleteId: string): AsyncGenerator<DoneWorkoutRow> {
  let after: DoneWorkoutRow | null = null;
  for (;;) {
    const page = await doneWorkoutsPage(db, athleteId, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1];
  }
}

async function* historyRows(db: pg.Pool, athleteId: string, layout: ExportLayout, unit: WeightUnit): AsyncGenerator<(string | number)[]> {
  let day = '';
  let minute = 0;
  for await (const w of doneWorkouts(db, athleteId)) {
    minute = w.date === day ? minute + 1 : 0;
    day = w.date;
    const workout: ExportWorkout = { date: w.date, name: w.name, notes: w.notes, exercises: w.exercises, minutes: Number(w.minutes) };
    yield* exportRows(workout, layout, unit, minute);
  }
}

/** The training history as a CSV stream. */
export function historyCsv(db: pg.Pool, athleteId: string, layout: ExportLayout, unit: WeightUnit): Readable {
  return Readable.from(historyRows(db, athleteId, layout, unit)).pipe(stringify({ header: true, columns: exportHeader(layout, unit) }));
}

export const RECORD_COLUMNS = ['Exercise Name', 'Rep Range', 'Best', 'Unit', 'Date Achieved', 'Source'];

/** The athlete's best records per exercise and rep range, as a CSV stream. */
export function recordsCsv(db: pg.Pool, athleteId: string, unit: WeightUnit): Readable {
  async function* rows() {
    for (const r of await bestRecords(db, athleteId)) {
      // Loads are kept in pounds (kg rows are legacy entries): each shown in the reader's unit; times and heights as they are.
      const isLoad = r.unit === 'lbs' || r.unit === 'kg';
      const best = isLoad ? displayLoad(r.unit === 'kg' ? r.best_weight / KG_PER_LB : r.best_weight, unit) : r.best_weight;
      yield [r.exercise_name, r.rep_range, best, isLoad ? (unit === 'kg' ? 'kg' : 'lbs') : r.unit, r.date_achieved, r.workout_id ? 'workout' : 'entry'];
    }
  }
  return Readable.from(rows()).pipe(stringify({ header: true, columns: RECORD_COLUMNS }));
}
