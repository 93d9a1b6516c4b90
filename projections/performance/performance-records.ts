/**
 * Performance records (the spec's athlete_performance_records), from two sources in
 * one read model: workouts (workout_id set: "automatic from a workout") and manual
 * entries (workout_id absent, entry_id set). Its projection (below) folds the
 * workouts changed by a batch and hands them here with the batch's performance events.
 *
 * performance_record_entries: per workout, the heaviest actual load per exercise and
 * rep count. Rewritten whenever the workout changes, so a corrected or deleted actual
 * takes its record with it.
 * performance_manual_entries: one row per logged entry (removed ones flagged).
 * athlete_performance_records: per athlete, exercise, rep range and date, the best of
 * that day's entries from both sources (unique as in the spec).
 * athlete_best_records: the best of those per athlete, exercise and rep range.
 * performance_prs: news — an entry that beat the athlete's previous best for that
 * exercise and rep range; what the coach's "New PR" toast reads. Each event is judged
 * against what the athlete held just before it in the global order, so the news is a
 * function of the event sequence alone: a live run and a rebuild find the same rows.
 *
 * Set-based: one statement per table per batch, whatever the batch holds.
 */
import { toLbs } from '../../src/kernel/units.ts';
import type pg from 'pg';
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import { BACKGROUND_COALESCE_MS, type Projection, type ProjectionContext } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';
import { TRAINING_EVENT_TYPES } from '../../src/training/domain/events.ts';
import { foldOntoHistory, workoutRowCache } from '../../src/training/index.ts';
import { linkedCoachIds } from '../../src/coaching/index.ts';
import { recordCandidates, type RecordCandidate } from '../../src/training/domain/summaries.ts';
import { sameJson } from '../../src/training/domain/actuals.ts';
import { PERFORMANCE_EVENT_TYPES, type PerformanceEvent } from '../../src/performance/domain/events.ts';
import { lowerIsBetter } from '../../src/performance/domain/exercise-type.ts';
import { beats } from '../../src/performance/domain/record-rule.ts';
import type { WorkoutChange, WorkoutRow, WorkoutStep } from '../../src/training/domain/workout-row.ts';

export const recordTables = {
  performance_record_entries: (t: string) => `
    CREATE TABLE ${t} (
      workout_id    uuid NOT NULL,
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      weight        numeric NOT NULL,
      date          date NOT NULL,
      PRIMARY KEY (workout_id, exercise_key, rep_range)
    );
    CREATE INDEX ${t}_athlete ON ${t} (athlete_id, exercise_key, rep_range, date);`,
  performance_manual_entries: (t: string) => `
    CREATE TABLE ${t} (
      entry_id      uuid PRIMARY KEY,
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      weight        numeric NOT NULL,
      unit          text NOT NULL,
      lower_better  boolean NOT NULL,
      date          date NOT NULL,
      logged_by     uuid NOT NULL,
      logged_at     timestamptz NOT NULL,
      removed       boolean NOT NULL DEFAULT false
    );
    CREATE INDEX ${t}_athlete ON ${t} (athlete_id, exercise_key, rep_range, date);`,
  athlete_performance_records: (t: string) => `
    CREATE TABLE ${t} (
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      date_achieved date NOT NULL,
      best_weight   numeric NOT NULL,
      workout_id    uuid,
      entry_id      uuid,
      unit          text NOT NULL DEFAULT 'lbs',
      lower_better  boolean NOT NULL DEFAULT false,
      PRIMARY KEY (athlete_id, exercise_key, rep_range, date_achieved)
    );
    CREATE INDEX ${t}_athlete_date ON ${t} (athlete_id, date_achieved);`,
  // The best record per athlete, exercise and rep range (the spec's best-record rule),
  // kept so that the dashboard never sorts an athlete's whole history per request.
  athlete_best_records: (t: string) => `
    CREATE TABLE ${t} (
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      date_achieved date NOT NULL,
      best_weight   numeric NOT NULL,
      workout_id    uuid,
      entry_id      uuid,
      unit          text NOT NULL,
      lower_better  boolean NOT NULL,
      PRIMARY KEY (athlete_id, exercise_key, rep_range)
    )`,
  performance_prs: (t: string) => `
    CREATE TABLE ${t} (
      id            text PRIMARY KEY,
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      weight        numeric NOT NULL,
      previous      numeric NOT NULL,
      unit          text NOT NULL,
      date_achieved date NOT NULL,
      recorded_at   timestamptz NOT NULL
    );
    CREATE INDEX ${t}_athlete ON ${t} (athlete_id, recorded_at);`,
};

interface Entry {
  workout_id: string;
  athlete_id: string;
  exercise_key: string;
  exercise_name: string;
  rep_range: number;
  weight: number;
  date: string;
}

interface ManualRow {
  entry_id: string;
  athlete_id: string;
  exercise_key: string;
  exercise_name: string;
  rep_range: number;
  weight: number;
  unit: string;
  lower_better: boolean;
  date: string;
  logged_by: string;
  logged_at: string;
  removed: boolean;
}

/** A candidate that may be news: compared with what the athlete held just before its event. */
interface Fresh {
  /** The candidate's event: its index among the batch's steps. */
  step: number;
  /** The workout or manual entry the value comes from. */
  source: string;
  athlete_id: string;
  exercise_key: string;
  exercise_name: string;
  rep_range: number;
  weight: number;
  unit: string;
  lower_better: boolean;
  date: string;
  at: string;
  /** The best the sources the batch follows itself held for this exercise and rep range just before the event (null: none). */
  batch_prior: number | null;
}

/** What a logged entry says about its record, as both a manual row and a news candidate hold it. */
function loggedFigures(d: Extract<PerformanceEvent, { type: 'PerformanceLogged' }>['data']) {
  return {
    athlete_id: d.athleteId,
    exercise_key: d.exerciseName.toLowerCase(),
    exercise_name: d.exerciseName,
    rep_range: d.reps ?? 0,
    // A value typed in kilograms is kept so in the event; records compare pounds.
    weight: toLbs(d.value, d.unit === 'kg' ? 'kg' : 'lb'),
    unit: d.unit === 'kg' ? 'lbs' : d.unit,
    lower_better: lowerIsBetter(d.exerciseName, d.reps ?? 0),
    date: d.date,
  };
}

type Key = Pick<Entry, 'athlete_id' | 'exercise_key' | 'rep_range' | 'date'>;
const keyOf = (e: Key) => `${e.athlete_id}|${e.exercise_key}|${e.rep_range}|${e.date}`;
/** Adds an entry's (athlete, exercise, reps, day) to `touched`, its key fields alone. */
const touchInto = (touched: Map<string, Key>) => (e: Key) =>
  touched.set(keyOf(e), { athlete_id: e.athlete_id, exercise_key: e.exercise_key, rep_range: e.rep_range, date: e.date });

/** Each row's entries, worked out once: a batch asks for them in newsCandidates and again in applyRecords. Rows are never changed in place. */
const entriesOfRow = new WeakMap<WorkoutRow, Entry[]>();

function entriesOf(row: WorkoutRow | null): Entry[] {
  if (!row || row.deleted) return [];
  let entries = entriesOfRow.get(row);
  if (!entries) entriesOfRow.set(row, (entries = rowEntries(row)));
  return entries;
}

function rowEntries(row: WorkoutRow): Entry[] {
  return recordCandidates(row.exercises).map((c: RecordCandidate) => ({
    workout_id: row.id,
    athlete_id: row.athleteId,
    exercise_key: c.exercise_name.toLowerCase(),
    exercise_name: c.exercise_name,
    rep_range: c.rep_range,
    weight: c.best_weight,
    date: row.date,
  }));
}

export interface RecordsOutcome {
  /** Athletes whose records changed (their `athlete:` topic). */
  athletes: Set<string>;
  /** Athletes with a new personal record in this batch (their and their coaches' `prs:` topics). */
  prAthletes: Set<string>;
}

/** What the news statement needs from a batch besides the tables as they stood before it. */
export interface BatchNews {
  candidates: Fresh[];
  /** Sources (workouts, manual entries) whose values the batch itself follows from its first event on: their stored rows are left out. */
  followed: Record<string, true>;
  /** Manual entries stored before the batch and removed in it: their stored value counts for candidates up to the step that removed them. */
  removedAt: Record<string, number>;
}

/**
 * Whether a value may still be news, given the best the batch's own sources held just
 * before it (null: none). The statement takes the best of that and the stored rows, so a
 * value that does not beat the batch's own best can never be news: left out here, it
 * costs the statement nothing (issue 28: a rebuild's batch sent ~100,000 candidates, 45 MB
 * of JSON, many of them loads that an earlier workout of the batch had already lifted;
 * the news statement of a rebuild took 54.4 s before, 23.6 s after).
 */
function mayBeNews(value: number, batchPrior: number | null, lowerIsBetter: boolean): boolean {
  return batchPrior === null || beats(value, batchPrior, lowerIsBetter);
}

/**
 * The news candidates of a batch, each with the best that the batch's own sources held
 * just before its event: a workout the batch changes counts with its stored entries
 * (its row before its first event here) until an event changes them, and with its new
 * ones after; a manual entry logged here counts from its event until removed. With the
 * stored rows of every other source, that is what the athlete held before each event.
 * Keys are lower case: the statement looks sources up by their uuid's text.
 */
export function newsCandidates(steps: readonly WorkoutStep[]): BatchNews {
  const news: BatchNews = { candidates: [], followed: {}, removedAt: {} };
  // Per athlete, exercise and rep range: each followed source's current weight.
  const held = new Map<string, Map<string, number>>();
  const groupOf = (e: Pick<Entry, 'athlete_id' | 'exercise_key' | 'rep_range'>) => `${e.athlete_id}|${e.exercise_key}|${e.rep_range}`;
  const manualGroup = new Map<string, string>();
  const bestHeld = (group: string, lowerBetter: boolean): number | null => {
    let best: number | null = null;
    for (const w of held.get(group)?.values() ?? []) if (best === null || (lowerBetter ? w < best : w > best)) best = w;
    return best;
  };
  const hold = (group: string, source: string, weight: number | null) => {
    const sources = held.get(group) ?? new Map<string, number>();
    held.set(group, sources);
    if (weight === null) sources.delete(source);
    else sources.set(source, weight);
  };
  // Each workout step's entries before and after it; null when they did not change.
  const workoutEntries = steps.map((s) => {
    if (s.kind !== 'workout') return null;
    const old = entriesOf(s.before);
    const now = entriesOf(s.after);
    return sameJson(old, now) ? null : { id: s.after.id.toLowerCase(), old, now };
  });

  // A followed workout's stored entries (its row before its first change here) count from the start of the batch.
  for (const w of workoutEntries) {
    if (!w || news.followed[w.id]) continue;
    news.followed[w.id] = true;
    for (const e of w.old) hold(groupOf(e), e.workout_id, e.weight);
  }

  steps.forEach((s, step) => {
    if (s.kind === 'workout') {
      const changed = workoutEntries[step];
      if (!changed) return;
      const { old, now } = changed;
      const had = new Map(old.map((e) => [`${e.exercise_key}|${e.rep_range}`, e.weight]));
      for (const e of now) {
        // Only a load that went up in this workout can be news, and only one that beats what the batch's own sources held.
        if (e.weight <= (had.get(`${e.exercise_key}|${e.rep_range}`) ?? 0)) continue;
        const prior = bestHeld(groupOf(e), false);
        if (!mayBeNews(e.weight, prior, false)) continue;
        news.candidates.push({
          step,
          source: e.workout_id,
          athlete_id: e.athlete_id,
          exercise_key: e.exercise_key,
          exercise_name: e.exercise_name,
          rep_range: e.rep_range,
          weight: e.weight,
          unit: 'lbs',
          lower_better: false,
          date: e.date,
          at: s.after.updatedAt,
          batch_prior: prior,
        });
      }
      // A corrected or deleted actual takes its value with it.
      for (const e of old) hold(groupOf(e), e.workout_id, null);
      for (const e of now) hold(groupOf(e), e.workout_id, e.weight);
      return;
    }
    const e = s.event as unknown as PerformanceEvent;
    if (e.type === 'PerformanceLogged') {
      const d = e.data;
      const figures = loggedFigures(d);
      const group = groupOf(figures);
      const prior = bestHeld(group, figures.lower_better);
      if (mayBeNews(figures.weight, prior, figures.lower_better)) news.candidates.push({ step, source: d.entryId, ...figures, at: s.event.time.toISOString(), batch_prior: prior });
      news.followed[d.entryId.toLowerCase()] = true;
      manualGroup.set(d.entryId, group);
      hold(group, d.entryId, figures.weight);
    } else {
      const group = manualGroup.get(e.data.entryId);
      if (group) hold(group, e.data.entryId, null);
      else news.removedAt[e.data.entryId.toLowerCase()] ??= step;
    }
  });
  return news;
}

/**
 * What a batch writes, worked out in node alone from its changes and steps: a rebuild
 * works out the next batch's while PostgreSQL writes this one (Projection.prepare).
 */
export interface RecordsPlan {
  /** Athletes whose manual entries the batch removed. */
  removedAthletes: string[];
  rewritten: string[];
  /** The rewritten workouts' entries, as the statement's JSON. */
  freshWorkout: string;
  manual: string;
  hasManual: boolean;
  removedOnly: string[];
  /** Every (athlete, exercise, reps, day) the batch's entries touch. */
  touched: ReadonlyMap<string, Key>;
  /** The news statement's parameters, when the batch has candidates. */
  news: [candidates: string, followed: string, removedAt: string] | null;
}

/** The batch's plan; null when it writes nothing. */
export function planRecords(changes: readonly WorkoutChange[], steps: readonly WorkoutStep[] = []): RecordsPlan | null {
  const removedAthletes: string[] = [];
  const rewritten: string[] = [];
  const freshWorkout: Entry[] = [];
  const touched = new Map<string, Key>();
  const touch = touchInto(touched);
  for (const { before, after } of changes) {
    const old = entriesOf(before);
    const now = entriesOf(after);
    if (sameJson(old, now)) continue;
    rewritten.push(after.id);
    freshWorkout.push(...now);
    [...old, ...now].forEach(touch);
  }

  // Manual entries folded in memory: the last word per entry wins.
  const manual = new Map<string, ManualRow>();
  const removedOnly = new Set<string>();
  for (const s of steps) {
    if (s.kind !== 'other') continue;
    const stored = s.event;
    const e = stored as unknown as PerformanceEvent;
    if (e.type === 'PerformanceLogged') {
      const d = e.data;
      const row: ManualRow = {
        entry_id: d.entryId,
        ...loggedFigures(d),
        logged_by: d.loggedBy,
        logged_at: stored.time.toISOString(),
        removed: false,
      };
      manual.set(d.entryId, row);
      removedOnly.delete(d.entryId);
      touch(row);
    } else {
      const known = manual.get(e.data.entryId);
      if (known) known.removed = true;
      else removedOnly.add(e.data.entryId);
      removedAthletes.push(e.data.athleteId);
    }
  }
  // Nothing to write (a removal is always one of these).
  if (rewritten.length === 0 && manual.size === 0 && removedOnly.size === 0) return null;
  const { candidates, followed, removedAt } = newsCandidates(steps);
  return {
    removedAthletes,
    rewritten,
    freshWorkout: JSON.stringify(freshWorkout),
    manual: JSON.stringify([...manual.values()]),
    hasManual: manual.size > 0,
    removedOnly: [...removedOnly],
    touched,
    news: candidates.length > 0 ? [JSON.stringify(candidates), JSON.stringify(followed), JSON.stringify(removedAt)] : null,
  };
}

/** The plan's statements, in the batch's transaction. */
export async function writeRecords(plan: RecordsPlan, ctx: { tx: pg.PoolClient; table: (l: string) => string }): Promise<RecordsOutcome> {
  const outcome: RecordsOutcome = { athletes: new Set(plan.removedAthletes), prAthletes: new Set() };
  // A copy: the manual entries' statement adds the keys of the rows it removed, and a retried batch starts from the plan again.
  const touched = new Map(plan.touched);
  const touch = touchInto(touched);
  const { tx, table } = ctx;
  const entries = table('performance_record_entries');
  const manualT = table('performance_manual_entries');
  const records = table('athlete_performance_records');
  const prs = table('performance_prs');
  const keyType = 'AS k(athlete_id uuid, exercise_key text, rep_range int, date date)';
  const entryType = 'AS x(workout_id uuid, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, date date)';
  const manualType = `AS x(entry_id uuid, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, unit text,
    lower_better boolean, date date, logged_by uuid, logged_at timestamptz, removed boolean)`;

  // 0. News, before the entries below change: each candidate beats the best the athlete
  // held just before its event — the stored rows of sources the batch does not touch,
  // and what the batch's own sources held at that point (a first record beats nothing).
  // One id is news once: its first qualifying event wins, in this batch or an earlier
  // one, so the rows do not depend on where batches begin and end.
  if (plan.news) {
    const groupOf = (a: string, b: string) => `${a}.athlete_id = ${b}.athlete_id AND ${a}.exercise_key = ${b}.exercise_key AND ${a}.rep_range = ${b}.rep_range`;
    // Stored rows of the candidates' groups, but for the sources the batch follows itself;
    // `until` is the step that removed a stored manual entry (null: held all batch long).
    // Lookups in jsonb objects are by key, so no row scans a list. The best of what is held
    // all batch long is taken once per group; only removed entries are looked at per candidate.
    const { rows } = await tx.query<{ athlete_id: string }>(
      `WITH fresh AS (SELECT * FROM json_to_recordset($1::json)
              AS x(step int, source text, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, unit text,
                   lower_better boolean, date date, at timestamptz, batch_prior numeric)),
            groups AS (SELECT DISTINCT athlete_id, exercise_key, rep_range FROM fresh),
            stored AS (
              SELECT g.athlete_id, g.exercise_key, g.rep_range, e.weight, NULL::int AS until
                FROM groups g JOIN ${entries} e ON ${groupOf('e', 'g')} WHERE NOT $2::jsonb ? e.workout_id::text
              UNION ALL
              SELECT g.athlete_id, g.exercise_key, g.rep_range, m.weight, ($3::jsonb ->> m.entry_id::text)::int
                FROM groups g JOIN ${manualT} m ON ${groupOf('m', 'g')} WHERE NOT m.removed AND NOT $2::jsonb ? m.entry_id::text),
            lasting AS (
              SELECT athlete_id, exercise_key, rep_range, max(weight) AS highest, min(weight) AS lowest FROM stored WHERE until IS NULL
               GROUP BY athlete_id, exercise_key, rep_range),
            removed AS (SELECT * FROM stored WHERE until IS NOT NULL),
            judged AS (
              SELECT f.*, f.source || ':' || f.exercise_key || ':' || f.rep_range || ':' || f.weight AS id,
                     CASE WHEN f.lower_better
                          THEN least(l.lowest, f.batch_prior, (SELECT min(r.weight) FROM removed r WHERE ${groupOf('r', 'f')} AND r.until >= f.step))
                          ELSE greatest(l.highest, f.batch_prior, (SELECT max(r.weight) FROM removed r WHERE ${groupOf('r', 'f')} AND r.until >= f.step)) END AS previous
                FROM fresh f LEFT JOIN lasting l ON ${groupOf('l', 'f')}),
            -- isRecordNews (src/performance/domain/record-rule.ts): beats an earlier value, lower wins where lower is better.
            news AS (
              SELECT DISTINCT ON (id) * FROM judged
               WHERE previous IS NOT NULL AND CASE WHEN lower_better THEN weight < previous ELSE weight > previous END
               ORDER BY id, step)
       INSERT INTO ${prs} (id, athlete_id, exercise_key, exercise_name, rep_range, weight, previous, unit, date_achieved, recorded_at)
       SELECT id, athlete_id, exercise_key, exercise_name, rep_range, weight, previous, unit, date, at FROM news
       ON CONFLICT (id) DO NOTHING
       RETURNING athlete_id`,
      plan.news,
    );
    for (const r of rows) outcome.prAthletes.add(r.athlete_id);
  }

  // 1. Workout entries: delete the rewritten workouts' entries that are gone, upsert the rest.
  if (plan.rewritten.length > 0) {
    await tx.query(
      `WITH fresh AS (SELECT * FROM json_to_recordset($2::json) ${entryType}),
            gone AS (
              DELETE FROM ${entries} e WHERE e.workout_id = ANY($1::uuid[]) AND NOT EXISTS (
                SELECT 1 FROM fresh f WHERE f.workout_id = e.workout_id AND f.exercise_key = e.exercise_key AND f.rep_range = e.rep_range))
       INSERT INTO ${entries} SELECT * FROM fresh
       ON CONFLICT (workout_id, exercise_key, rep_range)
       DO UPDATE SET exercise_name = EXCLUDED.exercise_name, weight = EXCLUDED.weight, date = EXCLUDED.date`,
      [plan.rewritten, plan.freshWorkout],
    );
  }

  // 2. Manual entries: upsert the logged ones, flag the removed ones; the removed
  // rows' keys come back so their day's record is chosen again.
  if (plan.hasManual || plan.removedOnly.length > 0) {
    const { rows } = await tx.query<Key>(
      `WITH up AS (
         INSERT INTO ${manualT} SELECT * FROM json_to_recordset($1::json) ${manualType}
         ON CONFLICT (entry_id) DO UPDATE SET removed = EXCLUDED.removed OR ${manualT}.removed)
       UPDATE ${manualT} SET removed = true WHERE entry_id = ANY($2::uuid[])
       RETURNING athlete_id, exercise_key, rep_range, to_char(date, 'YYYY-MM-DD') AS date`,
      [plan.manual, plan.removedOnly],
    );
    rows.forEach(touch);
  }
  for (const k of touched.values()) outcome.athletes.add(k.athlete_id);

  // 4. Records: each touched (athlete, exercise, reps, day) gets the best of its
  // entries from both sources again, or none.
  if (touched.size > 0) {
    const onKey = (a: string) => `${a}.athlete_id = k.athlete_id AND ${a}.exercise_key = k.exercise_key AND ${a}.rep_range = k.rep_range AND ${a}.date = k.date`;
    await tx.query(
      `WITH keys AS (SELECT * FROM json_to_recordset($1::json) ${keyType}),
            candidates AS (
              SELECT e.athlete_id, e.exercise_key, e.exercise_name, e.rep_range, e.date, e.weight, e.workout_id, NULL::uuid AS entry_id,
                     'lbs' AS unit, false AS lower_better
                FROM ${entries} e JOIN keys k ON ${onKey('e')}
              UNION ALL
              SELECT m.athlete_id, m.exercise_key, m.exercise_name, m.rep_range, m.date, m.weight, NULL::uuid, m.entry_id, m.unit, m.lower_better
                FROM ${manualT} m JOIN keys k ON ${onKey('m')} WHERE NOT m.removed),
            best AS (
              SELECT DISTINCT ON (athlete_id, exercise_key, rep_range, date) *
                FROM candidates
               ORDER BY athlete_id, exercise_key, rep_range, date, CASE WHEN lower_better THEN weight ELSE -weight END, workout_id, entry_id),
            emptied AS (
              DELETE FROM ${records} r USING keys k
               WHERE r.athlete_id = k.athlete_id AND r.exercise_key = k.exercise_key AND r.rep_range = k.rep_range AND r.date_achieved = k.date
                 AND NOT EXISTS (SELECT 1 FROM best b WHERE ${onKey('b')}))
       INSERT INTO ${records} (athlete_id, exercise_key, exercise_name, rep_range, date_achieved, best_weight, workout_id, entry_id, unit, lower_better)
       SELECT athlete_id, exercise_key, exercise_name, rep_range, date, weight, workout_id, entry_id, unit, lower_better FROM best
       ON CONFLICT (athlete_id, exercise_key, rep_range, date_achieved)
       DO UPDATE SET exercise_name = EXCLUDED.exercise_name, best_weight = EXCLUDED.best_weight, workout_id = EXCLUDED.workout_id,
                     entry_id = EXCLUDED.entry_id, unit = EXCLUDED.unit, lower_better = EXCLUDED.lower_better`,
      [JSON.stringify([...touched.values()])],
    );

    // 5. Best records: each touched (athlete, exercise, reps) group chosen again from
    // the records just written (highest, lowest for time-type; ties to the latest date).
    const bests = table('athlete_best_records');
    await tx.query(
      `WITH keys AS (SELECT DISTINCT athlete_id, exercise_key, rep_range FROM json_to_recordset($1::json) ${keyType}),
            best AS (
              SELECT DISTINCT ON (r.athlete_id, r.exercise_key, r.rep_range) r.*
                FROM ${records} r JOIN keys k ON r.athlete_id = k.athlete_id AND r.exercise_key = k.exercise_key AND r.rep_range = k.rep_range
               ORDER BY r.athlete_id, r.exercise_key, r.rep_range, CASE WHEN r.lower_better THEN r.best_weight ELSE -r.best_weight END, r.date_achieved DESC),
            emptied AS (
              DELETE FROM ${bests} b USING keys k
               WHERE b.athlete_id = k.athlete_id AND b.exercise_key = k.exercise_key AND b.rep_range = k.rep_range
                 AND NOT EXISTS (SELECT 1 FROM best x WHERE x.athlete_id = k.athlete_id AND x.exercise_key = k.exercise_key AND x.rep_range = k.rep_range))
       INSERT INTO ${bests} (athlete_id, exercise_key, exercise_name, rep_range, date_achieved, best_weight, workout_id, entry_id, unit, lower_better)
       SELECT athlete_id, exercise_key, exercise_name, rep_range, date_achieved, best_weight, workout_id, entry_id, unit, lower_better FROM best
       ON CONFLICT (athlete_id, exercise_key, rep_range)
       DO UPDATE SET exercise_name = EXCLUDED.exercise_name, date_achieved = EXCLUDED.date_achieved, best_weight = EXCLUDED.best_weight,
                     workout_id = EXCLUDED.workout_id, entry_id = EXCLUDED.entry_id, unit = EXCLUDED.unit, lower_better = EXCLUDED.lower_better`,
      [JSON.stringify([...touched.values()])],
    );
  }
  return outcome;
}

/** The workout rows this projection's last batches left (src/training/workout-history.ts). */
const rowCache = workoutRowCache();

/**
 * Performance records from workouts and manual entries. It folds the workouts itself,
 * onto each workout as its earlier events leave it (src/training/workout-history.ts),
 * so it rebuilds alone (`spotter replay performance_records`).
 *
 * Topics: `athlete:<id>` when an athlete's records changed; `prs:<athlete>` and each
 * linked coach's `prs:<coach>` when the batch found news.
 */
export const performanceRecordsProjection: Projection = {
  name: 'performance_records',
  // 2: its workout snapshots are stored as json, not jsonb.
  // 3: no copy of its own of every workout (performance_workouts): earlier events from the store.
  version: 3,
  handles: [...TRAINING_EVENT_TYPES, ...PERFORMANCE_EVENT_TYPES],
  coalesceMs: BACKGROUND_COALESCE_MS,
  tables: recordTables,
  retiredTables: ['performance_workouts'],

  prepare: prepareRecords,

  async apply(events, ctx, prepared) {
    // A batch whose entries did not change writes nothing and tells nobody.
    const plan = prepared === undefined ? await prepareRecords(events, ctx) : (prepared as RecordsPlan | null);
    if (!plan) return [];
    const records = await writeRecords(plan, ctx);
    if (ctx.unwatched) return [];
    const topics: string[] = [...records.athletes].map(topicOf.athlete);
    // "New PR" news: the athlete's and each linked coach's own topic.
    topics.push(...[...records.prAthletes].map(topicOf.prs));
    topics.push(...(await linkedCoachIds(ctx.tx, records.prAthletes)).map(topicOf.prs));
    return topics;
  },
};

/** The batch folded onto its workouts and its statements worked out (Projection.prepare); null when it writes nothing. */
async function prepareRecords(events: StoredEvent[], ctx: Pick<ProjectionContext, 'history'>): Promise<RecordsPlan | null> {
  const { changes, steps } = await foldOntoHistory(ctx.history, events, rowCache);
  return planRecords(changes, steps);
}
