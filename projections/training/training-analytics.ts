/**
 * Training analytics read model: prescribed totals per athlete per day, per
 * exercise per day, per week (weeks start on Sunday) and sets per intent per day.
 * The calendar's analytics panel, weekly trend and capacity distribution sum these
 * rows; nobody opens a workout's exercises at request time.
 *
 * Kept by deltas: when a workout changes, its old contribution is subtracted and
 * its new one added (see workouts.ts for the fold that yields before/after).
 */
import { addDeltas, DeltaSum, type Column } from '../../src/platform/projections/deltas.ts';
import type { StatementBatch } from '../../src/platform/projections/statement-batch.ts';
import { analyticsContribution, weekStart } from '../../src/training/domain/summaries.ts';
import type { WorkoutChange, WorkoutRow } from '../../src/training/domain/workout-row.ts';

const TOTAL_COLUMNS = `
  workouts  int NOT NULL,
  exercises int NOT NULL,
  sets      int NOT NULL,
  reps      numeric NOT NULL,
  load      numeric NOT NULL,
  volume    numeric NOT NULL`;

export const analyticsTables = {
  training_days: (t: string) => `CREATE TABLE ${t} (athlete_id uuid NOT NULL, date date NOT NULL, ${TOTAL_COLUMNS}, PRIMARY KEY (athlete_id, date))`,
  training_exercise_days: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, date date NOT NULL, exercise_name text NOT NULL, ${TOTAL_COLUMNS},
                       PRIMARY KEY (athlete_id, date, exercise_name));
    CREATE INDEX ${t}_exercise ON ${t} (athlete_id, lower(exercise_name), date);`,
  training_weeks: (t: string) => `CREATE TABLE ${t} (athlete_id uuid NOT NULL, week_start date NOT NULL, ${TOTAL_COLUMNS}, PRIMARY KEY (athlete_id, week_start))`,
  training_intent_days: (t: string) => `
    CREATE TABLE ${t} (athlete_id uuid NOT NULL, date date NOT NULL, intent text NOT NULL, sets int NOT NULL,
                       PRIMARY KEY (athlete_id, date, intent))`,
};

const TOTALS = ['workouts', 'exercises', 'sets', 'reps', 'load', 'volume'] as const;
const totalCols: Column[] = [
  ['workouts', 'int'],
  ['exercises', 'int'],
  ['sets', 'int'],
  ['reps', 'numeric'],
  ['load', 'numeric'],
  ['volume', 'numeric'],
];

/** Adds the analytics' deltas to the batch's writes. */
export function applyAnalytics(changes: readonly WorkoutChange[], writes: StatementBatch, table: (logical: string) => string): void {
  const days = new DeltaSum(TOTALS);
  const exerciseDays = new DeltaSum(TOTALS);
  const weeks = new DeltaSum(TOTALS);
  const intents = new DeltaSum(['sets']);
  const count = (row: WorkoutRow | null, sign: 1 | -1) => {
    if (!row || row.deleted) return;
    const c = analyticsContribution(row.exercises);
    const at = { athlete_id: row.athleteId, date: row.date };
    days.add(at, c.totals, sign);
    weeks.add({ athlete_id: row.athleteId, week_start: weekStart(row.date) }, c.totals, sign);
    for (const [exercise_name, totals] of c.byExercise) exerciseDays.add({ ...at, exercise_name }, totals, sign);
    for (const [intent, sets] of c.setsByIntent) intents.add({ ...at, intent }, { sets }, sign);
  };
  for (const change of changes) {
    count(change.before, -1);
    count(change.after, 1);
  }
  const at: Column[] = [
    ['athlete_id', 'uuid'],
    ['date', 'date'],
  ];
  addDeltas(writes, table('training_days'), at, totalCols, days.nonZero(), 'cur.workouts <= 0');
  addDeltas(writes, table('training_exercise_days'), [...at, ['exercise_name', 'text']], totalCols, exerciseDays.nonZero(), 'cur.workouts <= 0');
  addDeltas(
    writes,
    table('training_weeks'),
    [
      ['athlete_id', 'uuid'],
      ['week_start', 'date'],
    ],
    totalCols,
    weeks.nonZero(),
    'cur.workouts <= 0',
  );
  addDeltas(writes, table('training_intent_days'), [...at, ['intent', 'text']], [['sets', 'int']], intents.nonZero(), 'cur.sets <= 0');
}
