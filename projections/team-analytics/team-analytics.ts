/**
 * Team analytics read model: per athlete × day × exercise what was prescribed and
 * what was done (sets, reps, volume = reps × load, the load sum behind intensity),
 * per athlete × day the workouts that had at least one completed set, and both
 * rolled up per calendar month, per calendar year and in all-time totals, so that a
 * range reads a few coarse rows per athlete and exercise instead of hundreds of days.
 *
 * The coach dimension is not copied in: the query joins `client_links` (kept from
 * ClientLinked / ClientUnlinked) at request time. Unlinking therefore removes an
 * athlete from the coach's analytics at once, and relinking brings the whole history
 * back, without rewriting a row here.
 *
 * Each workout change is a delta between its row before and after the batch, as the
 * training projection's analytics do (projections/training/training-analytics.ts).
 */
import { BACKGROUND_COALESCE_MS, type Projection, type ProjectionContext } from '../../src/platform/projections/projection.ts';
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import { topicOf } from '../../src/kernel/topics.ts';
import { TRAINING_EVENT_TYPES } from '../../src/training/domain/events.ts';
import { baseStatus, foldOntoHistory, isWorkoutDone, workoutRowCache } from '../../src/training/index.ts';
import { teamContribution } from '../../src/team-analytics/domain/figures.ts';
import { addDeltas, DeltaSum } from '../../src/platform/projections/deltas.ts';
import { StatementBatch } from '../../src/platform/projections/statement-batch.ts';
import type { WorkoutChange, WorkoutRow } from '../../src/training/domain/workout-row.ts';

/**
 * Reps, volume and load sums as float8, not numeric: a 90-day request for 400 athletes
 * groups ~5,000 athlete × exercise sums, and PostgreSQL keeps a numeric sum's state per
 * group (issue 28: on the scale bench's store the query function took 28.4 → 19.6 ms at
 * p50 with float8 copies of these tables). Deltas are rounded to 6 decimals (deltas.ts)
 * and the answer to 2 (summary.ts), far above a double's noise at these magnitudes.
 */
const FIGURE_COLUMNS = `
  prescribed_sets int NOT NULL,
  completed_sets  int NOT NULL,
  prescribed_reps float8 NOT NULL,
  completed_reps  float8 NOT NULL,
  volume          float8 NOT NULL,
  load_sum        float8 NOT NULL,
  load_sets       int NOT NULL`;

/**
 * Four granularities per table pair (exercise and athlete level): day, month, year and
 * all-time totals. A range reads the coarsest buckets that fit it (query.ts), and the
 * long ranges (1Y, All) read all-time totals minus what lies outside, which the year
 * buckets keep to a handful of rows however long the history.
 */
const LEVELS = [
  ['days', 'date date NOT NULL', 'date'],
  ['months', 'month date NOT NULL', 'month'],
  ['years', 'year date NOT NULL', 'year'],
  ['totals', '', ''],
] as const;

/**
 * The period index leads with the period: a range part names a period range for
 * hundreds of athletes, and the parts outside the history (the years before it, the
 * months after today) are empty. Led by the athlete (the primary key), each such part
 * costs one index descent per athlete, empty or not; led by the period, one. Key
 * columns only, no INCLUDE: an update that changes no indexed column stays HOT.
 */
const periodIndex = (t: string, key: string) => (key ? `;\n CREATE INDEX ${t}_period ON ${t} (${key}, athlete_id)` : '');

export const teamTables: Record<string, (t: string) => string> = Object.fromEntries(
  LEVELS.flatMap(([level, column, key]) => [
    [
      `team_exercise_${level}`,
      (t: string) => `CREATE TABLE ${t} (athlete_id uuid NOT NULL, ${column ? `${column}, ` : ''}exercise_name text NOT NULL, ${FIGURE_COLUMNS},
                         PRIMARY KEY (athlete_id, ${key ? `${key}, ` : ''}exercise_name))${periodIndex(t, key)}`,
    ],
    [
      `team_athlete_${level}`,
      (t: string) => `CREATE TABLE ${t} (athlete_id uuid NOT NULL, ${column ? `${column}, ` : ''}workouts int NOT NULL, done_workouts int NOT NULL, ${FIGURE_COLUMNS},
                         PRIMARY KEY (athlete_id${key ? `, ${key}` : ''}))${periodIndex(t, key)}`,
    ],
  ]),
);

type Column = [name: string, sqlType: string];
const FIGURES = ['prescribed_sets', 'completed_sets', 'prescribed_reps', 'completed_reps', 'volume', 'load_sum', 'load_sets'] as const;
const figureCols: Column[] = [
  ['prescribed_sets', 'int'],
  ['completed_sets', 'int'],
  ['prescribed_reps', 'float8'],
  ['completed_reps', 'float8'],
  ['volume', 'float8'],
  ['load_sum', 'float8'],
  ['load_sets', 'int'],
];
const athleteCols: Column[] = [['workouts', 'int'], ['done_workouts', 'int'], ...figureCols];

export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
export const yearOf = (date: string) => `${date.slice(0, 4)}-01-01`;

/** The deltas of every level, as statements to send in one round trip. */
export function teamAnalyticsWrites(changes: readonly WorkoutChange[], table: (l: string) => string): StatementBatch {
  const exercise = LEVELS.map(() => new DeltaSum(FIGURES));
  const athlete = LEVELS.map(() => new DeltaSum(['workouts', 'done_workouts', ...FIGURES]));
  const count = (row: WorkoutRow | null, sign: 1 | -1) => {
    if (!row || row.deleted) return;
    const c = teamContribution(row.exercises);
    const keys: Record<string, string>[] = [{ date: row.date }, { month: monthOf(row.date) }, { year: yearOf(row.date) }, {}];
    const at = keys.map((k) => ({ athlete_id: row.athleteId, ...k }));
    // Workouts done as every surface counts them (workout-done.ts).
    const perWorkout = { workouts: 1, done_workouts: isWorkoutDone(baseStatus(row.exercises)) ? 1 : 0, ...c.totals };
    at.forEach((key, level) => {
      athlete[level].add(key, perWorkout, sign);
      for (const [exercise_name, figures] of c.byExercise) exercise[level].add({ ...key, exercise_name }, figures, sign);
    });
  };
  for (const change of changes) {
    count(change.before, -1);
    count(change.after, 1);
  }
  const writes = new StatementBatch();
  const id: Column = ['athlete_id', 'uuid'];
  const name: Column = ['exercise_name', 'text'];
  // An exercise row with nothing prescribed is gone from the workouts (completed sets imply prescribed ones).
  const emptyExercise = 'cur.prescribed_sets <= 0 AND cur.completed_sets <= 0 AND cur.load_sets <= 0';
  for (const [level, [suffix, , key]] of LEVELS.entries()) {
    const keyCols: Column[] = key ? [id, [key, 'date']] : [id];
    addDeltas(writes, table(`team_exercise_${suffix}`), [...keyCols, name], figureCols, exercise[level].nonZero(), emptyExercise);
    addDeltas(writes, table(`team_athlete_${suffix}`), keyCols, athleteCols, athlete[level].nonZero(), 'cur.workouts <= 0');
  }
  return writes;
}

/** The workout rows this projection's last batches left (src/training/workout-history.ts). */
const rowCache = workoutRowCache();

/**
 * Team analytics, folded from the training events onto each workout as its earlier
 * events leave it (src/training/workout-history.ts), so it rebuilds alone
 * (`spotter replay team_analytics`). The page follows `athlete:<id>`: each changed
 * workout's athlete is told once these tables hold the change.
 */
export const teamAnalyticsProjection: Projection = {
  name: 'team_analytics',
  // 2: done_workouts counts workouts with anything logged (workout-done.ts; was: any completed set).
  // 3: its workout snapshots are stored as json, not jsonb.
  // 4: reps, volume and load sums as float8 (FIGURE_COLUMNS).
  // 5: no copy of its own of every workout (team_workouts): earlier events from the store.
  version: 5,
  handles: TRAINING_EVENT_TYPES,
  coalesceMs: BACKGROUND_COALESCE_MS,
  tables: teamTables,
  retiredTables: ['team_workouts'],

  prepare: prepareTeamAnalytics,

  async apply(events, ctx, prepared) {
    const batch = prepared === undefined ? await prepareTeamAnalytics(events, ctx) : (prepared as PreparedTeamAnalytics | null);
    if (!batch) return [];
    await batch.writes.send(ctx.tx);
    return batch.topics;
  },
};

interface PreparedTeamAnalytics {
  writes: StatementBatch;
  /** Each changed workout's athlete. */
  topics: string[];
}

/** The batch folded onto its workouts and its statements worked out (Projection.prepare); null when no workout changed. */
async function prepareTeamAnalytics(events: StoredEvent[], ctx: Omit<ProjectionContext, 'tx'>): Promise<PreparedTeamAnalytics | null> {
  const { changes } = await foldOntoHistory(ctx.history, events, rowCache);
  if (changes.length === 0) return null;
  return { writes: teamAnalyticsWrites(changes, ctx.table), topics: [...new Set(changes.map((c) => c.after.athleteId))].map(topicOf.athlete) };
}
