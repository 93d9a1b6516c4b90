/**
 * Performance records fed by workouts (the spec's athlete_performance_records with
 * workout_id set: "automatic from a workout").
 *
 * performance_record_entries: per workout, the heaviest actual load per exercise
 * and rep count (only sets with actual reps and load > 0). Rewritten whenever
 * the workout changes, so a corrected or deleted actual takes its record with it.
 *
 * athlete_performance_records: per athlete, exercise, rep count and date, the best
 * of that day's entries: unique on athlete, exercise, rep range and date as in the
 * spec. The best record per rep range is chosen at query time (heaviest, latest on
 * a tie; lowest for rep_range 0).
 */
import type pg from 'pg';
import { recordCandidates, type RecordCandidate } from '../src/domain/training/summaries.ts';
import { sameJson } from '../src/domain/training/actuals.ts';
import type { WorkoutChange, WorkoutRow } from './workouts.ts';

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
  athlete_performance_records: (t: string) => `
    CREATE TABLE ${t} (
      athlete_id    uuid NOT NULL,
      exercise_key  text NOT NULL,
      exercise_name text NOT NULL,
      rep_range     int NOT NULL,
      date_achieved date NOT NULL,
      best_weight   numeric NOT NULL,
      workout_id    uuid,
      PRIMARY KEY (athlete_id, exercise_key, rep_range, date_achieved)
    )`,
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

export async function applyRecords(changes: readonly WorkoutChange[], ctx: { tx: pg.PoolClient; table(l: string): string }): Promise<void> {
  const rewritten: string[] = [];
  const fresh: Entry[] = [];
  const touched = new Map<string, Pick<Entry, 'athlete_id' | 'exercise_key' | 'rep_range' | 'date'>>();
  for (const { before, after } of changes) {
    const old = entriesOf(before);
    const now = entriesOf(after);
    if (sameJson(old, now)) continue;
    rewritten.push(after.id);
    fresh.push(...now);
    for (const e of [...old, ...now]) {
      touched.set(`${e.athlete_id}|${e.exercise_key}|${e.rep_range}|${e.date}`, { athlete_id: e.athlete_id, exercise_key: e.exercise_key, rep_range: e.rep_range, date: e.date });
    }
  }
  if (rewritten.length === 0) return;
  const { tx, table } = ctx;
  const entries = table('performance_record_entries');
  const records = table('athlete_performance_records');
  const keyType = 'AS k(athlete_id uuid, exercise_key text, rep_range int, date date)';
  const entryType = 'AS x(workout_id uuid, athlete_id uuid, exercise_key text, exercise_name text, rep_range int, weight numeric, date date)';
  const onKey = (a: string) => `${a}.athlete_id = k.athlete_id AND ${a}.exercise_key = k.exercise_key AND ${a}.rep_range = k.rep_range AND ${a}.date = k.date`;
  // One statement (this runs for every logged set): replace the workouts' entries
  // (delete the ones gone, upsert the rest: CTEs share one snapshot, so no row may
  // be touched twice), then give each touched (athlete, exercise, reps, day) its best
  // entry again, or none: the best over other workouts' entries plus the fresh ones.
  await tx.query(
    `WITH fresh AS (SELECT * FROM jsonb_to_recordset($2::jsonb) ${entryType}),
          gone AS (
            DELETE FROM ${entries} e WHERE e.workout_id = ANY($1::uuid[]) AND NOT EXISTS (
              SELECT 1 FROM fresh f WHERE f.workout_id = e.workout_id AND f.exercise_key = e.exercise_key AND f.rep_range = e.rep_range)),
          added AS (
            INSERT INTO ${entries} SELECT * FROM fresh
            ON CONFLICT (workout_id, exercise_key, rep_range)
            DO UPDATE SET exercise_name = EXCLUDED.exercise_name, weight = EXCLUDED.weight, date = EXCLUDED.date),
          keys AS (SELECT * FROM jsonb_to_recordset($3::jsonb) ${keyType}),
          candidates AS (
            SELECT e.* FROM ${entries} e JOIN keys k ON ${onKey('e')} WHERE NOT (e.workout_id = ANY($1::uuid[]))
            UNION ALL
            SELECT f.* FROM fresh f JOIN keys k ON ${onKey('f')}),
          best AS (
            SELECT DISTINCT ON (athlete_id, exercise_key, rep_range, date) *
              FROM candidates ORDER BY athlete_id, exercise_key, rep_range, date, weight DESC, workout_id),
          emptied AS (
            DELETE FROM ${records} r USING keys k
             WHERE r.athlete_id = k.athlete_id AND r.exercise_key = k.exercise_key AND r.rep_range = k.rep_range AND r.date_achieved = k.date
               AND NOT EXISTS (SELECT 1 FROM best b WHERE ${onKey('b')}))
     INSERT INTO ${records} (athlete_id, exercise_key, exercise_name, rep_range, date_achieved, best_weight, workout_id)
     SELECT athlete_id, exercise_key, exercise_name, rep_range, date, weight, workout_id FROM best
     ON CONFLICT (athlete_id, exercise_key, rep_range, date_achieved)
     DO UPDATE SET exercise_name = EXCLUDED.exercise_name, best_weight = EXCLUDED.best_weight, workout_id = EXCLUDED.workout_id`,
    [rewritten, JSON.stringify(fresh), JSON.stringify([...touched.values()])],
  );
}
