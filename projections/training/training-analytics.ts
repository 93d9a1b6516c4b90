/**
 * Training analytics read model: prescribed totals per athlete per day, per
 * exercise per day, per week (weeks start on Sunday) and sets per intent per day.
 * The calendar's analytics panel, weekly trend and capacity distribution sum these
 * rows; nobody opens a workout's exercises at request time.
 *
 * Kept by deltas: when a workout changes, its old contribution is subtracted and
 * its new one added (see workouts.ts for the fold that yields before/after).
 */
import type pg from 'pg';
import { analyticsContribution, weekStart, type Totals } from '../../src/training/domain/summaries.ts';
import type { WorkoutChange, WorkoutRow } from './workout-change.ts';

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

type Column = [name: string, sqlType: string];
type DeltaRow = Record<string, string | number>;

/**
 * Adds each row's values onto the row with the same key (inserting it if new), in
 * one statement, then drops rows a removal brought back to nothing (`emptyWhen`).
 */
export async function addDeltas(tx: pg.PoolClient, table: string, keys: Column[], values: Column[], rows: DeltaRow[], emptyWhen: string): Promise<void> {
  if (rows.length === 0) return;
  const all = [...keys, ...values];
  const names = all.map(([n]) => n).join(', ');
  const keyNames = keys.map(([n]) => n).join(', ');
  await tx.query(
    `INSERT INTO ${table} AS cur (${names})
     SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${all.map(([n, t]) => `${n} ${t}`).join(', ')})
     ON CONFLICT (${keyNames}) DO UPDATE SET ${values.map(([n]) => `${n} = cur.${n} + EXCLUDED.${n}`).join(', ')}`,
    [JSON.stringify(rows)],
  );
  if (rows.some((r) => values.some(([n]) => Number(r[n]) < 0))) {
    await tx.query(
      `DELETE FROM ${table} AS cur USING jsonb_to_recordset($1::jsonb) AS x(${keys.map(([n, t]) => `${n} ${t}`).join(', ')})
       WHERE ${keys.map(([n]) => `cur.${n} = x.${n}`).join(' AND ')} AND ${emptyWhen}`,
      [JSON.stringify(rows)],
    );
  }
}

/** Sums signed rows by key, dropping the ones that cancel out (a set actual changes no prescribed total). */
export class DeltaSum {
  private readonly rows = new Map<string, DeltaRow>();
  constructor(private readonly values: readonly string[]) {}

  add(key: DeltaRow, values: Record<string, number>, sign: 1 | -1): void {
    const id = JSON.stringify(key);
    const row = this.rows.get(id) ?? { ...key, ...Object.fromEntries(this.values.map((v) => [v, 0])) };
    for (const v of this.values) row[v] = (row[v] as number) + sign * (values[v] ?? 0);
    this.rows.set(id, row);
  }

  /** Rounded to 6 decimals: float noise (3 × 0.1) must not pile up in numeric columns. */
  nonZero(): DeltaRow[] {
    const out: DeltaRow[] = [];
    for (const row of this.rows.values()) {
      for (const v of this.values) row[v] = Math.round((row[v] as number) * 1e6) / 1e6;
      if (this.values.some((v) => row[v] !== 0)) out.push(row);
    }
    return out;
  }
}

const TOTALS = ['workouts', 'exercises', 'sets', 'reps', 'load', 'volume'] as const;
const totalCols: Column[] = [
  ['workouts', 'int'],
  ['exercises', 'int'],
  ['sets', 'int'],
  ['reps', 'numeric'],
  ['load', 'numeric'],
  ['volume', 'numeric'],
];
const asValues = (t: Totals): Record<string, number> => ({ ...t });

export async function applyAnalytics(changes: readonly WorkoutChange[], ctx: { tx: pg.PoolClient; table: (l: string) => string }): Promise<void> {
  const days = new DeltaSum(TOTALS);
  const exerciseDays = new DeltaSum(TOTALS);
  const weeks = new DeltaSum(TOTALS);
  const intents = new DeltaSum(['sets']);
  const count = (row: WorkoutRow | null, sign: 1 | -1) => {
    if (!row || row.deleted) return;
    const c = analyticsContribution(row.exercises);
    const at = { athlete_id: row.athleteId, date: row.date };
    days.add(at, asValues(c.totals), sign);
    weeks.add({ athlete_id: row.athleteId, week_start: weekStart(row.date) }, asValues(c.totals), sign);
    for (const [exercise_name, totals] of c.byExercise) exerciseDays.add({ ...at, exercise_name }, asValues(totals), sign);
    for (const [intent, sets] of c.setsByIntent) intents.add({ ...at, intent }, { sets }, sign);
  };
  for (const change of changes) {
    count(change.before, -1);
    count(change.after, 1);
  }
  const { tx, table } = ctx;
  const at: Column[] = [
    ['athlete_id', 'uuid'],
    ['date', 'date'],
  ];
  await addDeltas(tx, table('training_days'), at, totalCols, days.nonZero(), 'cur.workouts <= 0');
  await addDeltas(tx, table('training_exercise_days'), [...at, ['exercise_name', 'text']], totalCols, exerciseDays.nonZero(), 'cur.workouts <= 0');
  await addDeltas(
    tx,
    table('training_weeks'),
    [
      ['athlete_id', 'uuid'],
      ['week_start', 'date'],
    ],
    totalCols,
    weeks.nonZero(),
    'cur.workouts <= 0',
  );
  await addDeltas(tx, table('training_intent_days'), [...at, ['intent', 'text']], [['sets', 'int']], intents.nonZero(), 'cur.sets <= 0');
}
