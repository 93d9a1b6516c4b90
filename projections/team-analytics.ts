/**
 * Team analytics read model: per athlete × day × exercise what was prescribed and
 * what was done (sets, reps, volume = reps × load, the load sum behind intensity),
 * per athlete × day the workouts that had at least one completed set, and the same
 * rolled up per calendar month so that a year's range sums a dozen month rows per
 * athlete and exercise instead of ~200 day rows.
 *
 * The coach dimension is not copied in: the query joins `client_links` (kept from
 * ClientLinked / ClientUnlinked) at request time. Unlinking therefore removes an
 * athlete from the coach's analytics at once, and relinking brings the whole history
 * back, without rewriting a row here.
 *
 * Fed by the training projection's fold (workouts.ts): each workout change is a
 * delta between its row before and after the batch, as training-analytics.ts does.
 */
import type pg from 'pg';
import { teamContribution, type TeamFigures } from '../src/domain/team-analytics/figures.ts';
import { addDeltas, DeltaSum } from './training-analytics.ts';
import type { WorkoutChange, WorkoutRow } from './workouts.ts';

const FIGURE_COLUMNS = `
  prescribed_sets int NOT NULL,
  completed_sets  int NOT NULL,
  prescribed_reps numeric NOT NULL,
  completed_reps  numeric NOT NULL,
  volume          numeric NOT NULL,
  load_sum        numeric NOT NULL,
  load_sets       int NOT NULL`;

export const teamTables = {
  team_exercise_days: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, date date NOT NULL, exercise_name text NOT NULL, ${FIGURE_COLUMNS},
                       PRIMARY KEY (athlete_id, date, exercise_name))`,
  team_exercise_months: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, month date NOT NULL, exercise_name text NOT NULL, ${FIGURE_COLUMNS},
                       PRIMARY KEY (athlete_id, month, exercise_name))`,
  team_athlete_days: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, date date NOT NULL, workouts int NOT NULL, done_workouts int NOT NULL, ${FIGURE_COLUMNS},
                       PRIMARY KEY (athlete_id, date))`,
  team_athlete_months: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, month date NOT NULL, workouts int NOT NULL, done_workouts int NOT NULL, ${FIGURE_COLUMNS},
                       PRIMARY KEY (athlete_id, month))`,
};

type Column = [name: string, sqlType: string];
const FIGURES = ['prescribed_sets', 'completed_sets', 'prescribed_reps', 'completed_reps', 'volume', 'load_sum', 'load_sets'] as const;
const figureCols: Column[] = [
  ['prescribed_sets', 'int'], ['completed_sets', 'int'], ['prescribed_reps', 'numeric'], ['completed_reps', 'numeric'],
  ['volume', 'numeric'], ['load_sum', 'numeric'], ['load_sets', 'int'],
];
const athleteCols: Column[] = [['workouts', 'int'], ['done_workouts', 'int'], ...figureCols];
const values = (f: TeamFigures): Record<string, number> => ({ ...f });

export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

export async function applyTeamAnalytics(changes: readonly WorkoutChange[], ctx: { tx: pg.PoolClient; table(l: string): string }): Promise<void> {
  const exerciseDays = new DeltaSum(FIGURES);
  const exerciseMonths = new DeltaSum(FIGURES);
  const athleteDays = new DeltaSum(['workouts', 'done_workouts', ...FIGURES]);
  const athleteMonths = new DeltaSum(['workouts', 'done_workouts', ...FIGURES]);
  const count = (row: WorkoutRow | null, sign: 1 | -1) => {
    if (!row || row.deleted) return;
    const c = teamContribution(row.exercises);
    const day = { athlete_id: row.athleteId, date: row.date };
    const month = { athlete_id: row.athleteId, month: monthOf(row.date) };
    const perWorkout = { workouts: 1, done_workouts: c.totals.completed_sets > 0 ? 1 : 0, ...values(c.totals) };
    athleteDays.add(day, perWorkout, sign);
    athleteMonths.add(month, perWorkout, sign);
    for (const [exercise_name, figures] of c.byExercise) {
      exerciseDays.add({ ...day, exercise_name }, values(figures), sign);
      exerciseMonths.add({ ...month, exercise_name }, values(figures), sign);
    }
  };
  for (const change of changes) {
    count(change.before, -1);
    count(change.after, 1);
  }
  const { tx, table } = ctx;
  const id: Column = ['athlete_id', 'uuid'];
  const name: Column = ['exercise_name', 'text'];
  // An exercise row with nothing prescribed and nothing done is gone from the workout.
  const emptyExercise = 'cur.prescribed_sets <= 0 AND cur.completed_sets <= 0 AND cur.load_sets <= 0';
  await addDeltas(tx, table('team_exercise_days'), [id, ['date', 'date'], name], figureCols, exerciseDays.nonZero(), emptyExercise);
  await addDeltas(tx, table('team_exercise_months'), [id, ['month', 'date'], name], figureCols, exerciseMonths.nonZero(), emptyExercise);
  await addDeltas(tx, table('team_athlete_days'), [id, ['date', 'date']], athleteCols, athleteDays.nonZero(), 'cur.workouts <= 0');
  await addDeltas(tx, table('team_athlete_months'), [id, ['month', 'date']], athleteCols, athleteMonths.nonZero(), 'cur.workouts <= 0');
}
