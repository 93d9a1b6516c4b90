/**
 * Performance records (the spec's athlete_performance_records), from two sources in
 * one read model: workouts (workout_id set: "automatic from a workout") and manual
 * entries (workout_id absent, entry_id set). Part of the training projection's fold
 * (workouts.ts), which hands it the workouts changed by a batch and the batch's
 * performance events.
 *
 * performance_record_entries: per workout, the heaviest actual load per exercise and
 * rep count. Rewritten whenever the workout changes, so a corrected or deleted actual
 * takes its record with it.
 * performance_manual_entries: one row per logged entry (removed ones flagged).
 * athlete_performance_records: per athlete, exercise, rep range and date, the best of
 * that day's entries from both sources (unique as in the spec).
 * athlete_best_records: the best of those per athlete, exercise and rep range.
 * performance_prs: news — an entry that beat the athlete's previous best for that
 * exercise and rep range; what the coach's "New PR" toast reads.
 *
 * Set-based: one statement per table per batch, whatever the batch holds.
 */
import type pg from 'pg';
import type { StoredEvent } from '../src/eventstore/port.ts';
import { recordCandidates, type RecordCandidate } from '../src/domain/training/summaries.ts';
import { sameJson } from '../src/domain/training/actuals.ts';
import type { PerformanceEvent } from '../src/domain/performance/events.ts';
import { lowerIsBetter } from '../src/domain/performance/exercise-type.ts';
import type { WorkoutChange, WorkoutRow } from './workout-change.ts';

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

/** A candidate that may be news: compared with the best before this batch. */
interface Fresh {
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
}

type Key = Pick<Entry, 'athlete_id' | 'exercise_key' | 'rep_range' | 'date'>;
const keyOf = (e: Key) => `${e.athlete_id}|${e.exercise_key}|${e.rep_range}|${e.date}`;

function entriesOf(row: WorkoutRow | null): Entry[] {
  if (!row || row.deleted) return [];
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

export async function applyRecords(
  changes: readonly WorkoutChange[],
  ctx: { tx: pg.PoolClient; table: (l: string) => string },
  performanceEvents: readonly StoredEvent[] = [],
): Promise<RecordsOutcome> {
  const outcome: RecordsOutcome = { athletes: new Set(), prAthletes: new Set() };
  const rewritten: string[] = [];
  const freshWorkout: Entry[] = [];
  const touched = new Map<string, Key>();
  const news: Fresh[] = [];
  const touch = (e: Key) => touched.set(keyOf(e), { athlete_id: e.athlete_id, exercise_key: e.exercise_key, rep_range: e.rep_range, date: e.date });
  for (const { before, after } of changes) {
    const old = entriesOf(before);
    const now = entriesOf(after);
    if (sameJson(old, now)) continue;
    rewritten.push(after.id);
    freshWorkout.push(...now);
    [...old, ...now].forEach(touch);
    const had = new Map(old.map((e) => [`${e.exercise_key}|${e.rep_range}`, e.weight]));
    for (const e of now) {
      // Only a load that went up in this workout can be news.
      if (e.weight > (had.get(`${e.exercise_key}|${e.rep_range}`) ?? 0)) {
        news.push({
          source: e.workout_id,
          athlete_id: e.athlete_id,
          exercise_key: e.exercise_key,
          exercise_name: e.exercise_name,
          rep_range: e.rep_range,
          weight: e.weight,
          unit: 'lbs',
          lower_better: false,
          date: e.date,
          at: after.updatedAt,
        });
      }
    }
  }

  // Manual entries folded in memory: the last word per entry wins.
  const manual = new Map<string, ManualRow>();
  const removedOnly = new Set<string>();
  for (const stored of performanceEvents) {
    const e = stored as unknown as PerformanceEvent;
    if (e.type === 'PerformanceLogged') {
      const d = e.data;
      const row: ManualRow = {
        entry_id: d.entryId,
        athlete_id: d.athleteId,
        exercise_key: d.exerciseName.toLowerCase(),
        exercise_name: d.exerciseName,
        rep_range: d.reps ?? 0,
        weight: d.value,
        unit: d.unit,
        lower_better: lowerIsBetter(d.exerciseName, d.reps ?? 0),
        date: d.date,
        logged_by: d.loggedBy,
        logged_at: stored.time.toISOString(),
        removed: false,
      };
      manual.set(d.entryId, row);
      removedOnly.delete(d.entryId);
      touch(row);
      news.push({
        source: d.entryId,
        athlete_id: row.athlete_id,
        exercise_key: row.exercise_key,
        exercise_name: row.exercise_name,
        rep_range: row.rep_range,
        weight: row.weight,
        unit: row.unit,
        lower_better: row.lower_better,
        date: row.date,
        at: row.logged_at,
      });
    } else {
      const known = manual.get(e.data.entryId);
      if (known) known.removed = true;
      else removedOnly.add(e.data.entryId);
      outcome.athletes.add(e.data.athleteId);
    }
  }
  const live = news.filter((n) => !manual.get(n.source)?.removed);
  if (rewritten.length === 0 && manual.size === 0 && removedOnly.size === 0) return outcome;

  const { tx, table } = ctx;
  const entries = table('performance_record_entries');
  const manualT = table('performance_manual_entries');
  const records = table('athlete_performance_records');
  const prs = table('performance_prs');
  const keyType = 'AS k(athlete_id uuid, exercise_key text, rep_range int, date date)';
  const entryType = 'AS x(workout_id uuid, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, date date)';
  const manualType = `AS x(entry_id uuid, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, unit text,
    lower_better boolean, date date, logged_by uuid, logged_at timestamptz, removed boolean)`;

  // 1. Workout entries: delete the rewritten workouts' entries that are gone, upsert the rest.
  if (rewritten.length > 0) {
    await tx.query(
      `WITH fresh AS (SELECT * FROM jsonb_to_recordset($2::jsonb) ${entryType}),
            gone AS (
              DELETE FROM ${entries} e WHERE e.workout_id = ANY($1::uuid[]) AND NOT EXISTS (
                SELECT 1 FROM fresh f WHERE f.workout_id = e.workout_id AND f.exercise_key = e.exercise_key AND f.rep_range = e.rep_range))
       INSERT INTO ${entries} SELECT * FROM fresh
       ON CONFLICT (workout_id, exercise_key, rep_range)
       DO UPDATE SET exercise_name = EXCLUDED.exercise_name, weight = EXCLUDED.weight, date = EXCLUDED.date`,
      [rewritten, JSON.stringify(freshWorkout)],
    );
  }

  // 2. Manual entries: upsert the logged ones, flag the removed ones; the removed
  // rows' keys come back so their day's record is chosen again.
  if (manual.size > 0 || removedOnly.size > 0) {
    const { rows } = await tx.query<Key>(
      `WITH up AS (
         INSERT INTO ${manualT} SELECT * FROM jsonb_to_recordset($1::jsonb) ${manualType}
         ON CONFLICT (entry_id) DO UPDATE SET removed = EXCLUDED.removed OR ${manualT}.removed)
       UPDATE ${manualT} SET removed = true WHERE entry_id = ANY($2::uuid[])
       RETURNING athlete_id, exercise_key, rep_range, to_char(date, 'YYYY-MM-DD') AS date`,
      [JSON.stringify([...manual.values()]), [...removedOnly]],
    );
    rows.forEach(touch);
  }
  for (const k of touched.values()) outcome.athletes.add(k.athlete_id);

  // 3. News: a fresh entry strictly better than every record the athlete held before
  // it for that exercise and rep range: those stored before this batch, and the
  // entries earlier in this batch (a first record beats nothing).
  if (live.length > 0) {
    const earlier = new Map<string, number>();
    const withBatchPrior = live.map((n) => {
      const key = `${n.athlete_id}|${n.exercise_key}|${n.rep_range}`;
      const prior = earlier.get(key);
      const better = prior === undefined || (n.lower_better ? n.weight < prior : n.weight > prior);
      if (better) earlier.set(key, n.weight);
      return { ...n, batch_prior: prior ?? null };
    });
    const { rows } = await tx.query<{ athlete_id: string }>(
      `WITH fresh AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
              AS x(source text, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, unit text,
                   lower_better boolean, date date, at timestamptz, batch_prior numeric)),
            judged AS (
              SELECT f.*, CASE WHEN f.lower_better THEN least(min(r.best_weight), f.batch_prior)
                               ELSE greatest(max(r.best_weight), f.batch_prior) END AS previous
                FROM fresh f LEFT JOIN ${records} r
                  ON r.athlete_id = f.athlete_id AND r.exercise_key = f.exercise_key AND r.rep_range = f.rep_range
               GROUP BY f.source, f.athlete_id, f.exercise_key, f.exercise_name, f.rep_range, f.weight, f.unit, f.lower_better, f.date, f.at, f.batch_prior)
       INSERT INTO ${prs} (id, athlete_id, exercise_key, exercise_name, rep_range, weight, previous, unit, date_achieved, recorded_at)
       SELECT source || ':' || exercise_key || ':' || rep_range || ':' || weight, athlete_id, exercise_key, exercise_name, rep_range, weight, previous, unit, date, at
         FROM judged WHERE previous IS NOT NULL AND CASE WHEN lower_better THEN weight < previous ELSE weight > previous END
       ON CONFLICT (id) DO NOTHING
       RETURNING athlete_id`,
      [JSON.stringify(withBatchPrior)],
    );
    for (const r of rows) outcome.prAthletes.add(r.athlete_id);
  }

  // 4. Records: each touched (athlete, exercise, reps, day) gets the best of its
  // entries from both sources again, or none.
  if (touched.size > 0) {
    const onKey = (a: string) => `${a}.athlete_id = k.athlete_id AND ${a}.exercise_key = k.exercise_key AND ${a}.rep_range = k.rep_range AND ${a}.date = k.date`;
    await tx.query(
      `WITH keys AS (SELECT * FROM jsonb_to_recordset($1::jsonb) ${keyType}),
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
      `WITH keys AS (SELECT DISTINCT athlete_id, exercise_key, rep_range FROM jsonb_to_recordset($1::jsonb) ${keyType}),
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
