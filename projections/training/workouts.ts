/**
 * The training projection. Its main table, `workouts`, holds one row per workout
 * (what the calendar and the editor read) with the figures the status, dashboard
 * and totals need. The same fold also keeps compliance and analytics
 * (compliance.ts, training-analytics.ts): each is a delta between a workout's row
 * before and after the batch, and the `workouts` table already holds every "before".
 * Performance records and team analytics fold the same events in projections of
 * their own (projections/performance, projections/team-analytics), so each rebuilds alone.
 *
 * Topics: `workout:<id>` and `athlete:<athleteId>` for every changed workout,
 * `coach:<coachId>` for the linked coaches of athletes whose compliance moved.
 */
import { TRAINING_EVENT_TYPES, workoutStream } from '../../src/training/domain/events.ts';
import type { WorkoutExercise } from '../../src/training/domain/workout-rules.ts';
import { workoutFigures } from '../../src/training/domain/summaries.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import { sqlLiteral, StatementBatch } from '../../src/platform/projections/statement-batch.ts';
import { applyCompliance, coachTopics, complianceTables } from './compliance.ts';
import { analyticsTables, applyAnalytics } from './training-analytics.ts';
import { foldWorkoutBatch, workoutIdOf, type LastActual, type WorkoutChange, type WorkoutRow } from '../../src/training/domain/workout-row.ts';
import { topicOf } from '../../src/kernel/topics.ts';

const WORKOUTS_DDL = (t: string) => `
  CREATE TABLE ${t} (
    id                 uuid PRIMARY KEY,
    athlete_id         uuid NOT NULL,
    date               date NOT NULL,
    name               text,
    notes              text,
    -- json, not jsonb: written whole and read whole (the calendar glues its text as
    -- stored); building jsonb and a second copy of the content in calendar_json was
    -- most of what a rebuild's writes cost (issue 28).
    exercises          json NOT NULL,
    deleted            boolean NOT NULL DEFAULT false,
    -- Status inputs: 'missed' is base_status 'scheduled' on a date before today.
    base_status        text NOT NULL,
    set_count          int NOT NULL,
    prescribed_sets    int NOT NULL,
    done_sets          int NOT NULL,
    minutes            numeric NOT NULL,
    template_id        text,
    import_id          text,
    created_by         uuid,
    created_at         timestamptz NOT NULL,
    updated_by         uuid,
    updated_at         timestamptz NOT NULL,
    last_actual        jsonb,
    last_event_version int NOT NULL,
    -- The calendar's JSON for this workout without its exercises, status and closing
    -- brace: the month query glues it to the exercises' text and the status (which
    -- depends on today) instead of rendering anything.
    calendar_json      text NOT NULL
  );
  CREATE INDEX ${t}_athlete_date ON ${t} (athlete_id, date);`;

const READ_COLUMNS = `id, athlete_id, date, name, notes, exercises, deleted, template_id, import_id, created_by, created_at,
  updated_by, updated_at, last_actual, last_event_version`;

interface DbRow {
  id: string;
  athlete_id: string;
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  deleted: boolean;
  template_id: string | null;
  import_id: string | null;
  created_by: string | null;
  created_at: Date;
  updated_by: string | null;
  updated_at: Date;
  last_actual: LastActual | null;
  last_event_version: number;
}

const fromDb = (r: DbRow): WorkoutRow => ({
  id: r.id,
  athleteId: r.athlete_id,
  date: r.date,
  name: r.name,
  notes: r.notes,
  exercises: r.exercises,
  deleted: r.deleted,
  templateId: r.template_id,
  importId: r.import_id,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
  updatedBy: r.updated_by,
  updatedAt: r.updated_at.toISOString(),
  lastActual: r.last_actual,
  version: r.last_event_version,
});

const WRITE_COLUMNS: [string, string][] = [
  ['id', 'uuid'],
  ['athlete_id', 'uuid'],
  ['date', 'date'],
  ['name', 'text'],
  ['notes', 'text'],
  ['exercises', 'json'],
  ['deleted', 'boolean'],
  ['base_status', 'text'],
  ['set_count', 'int'],
  ['prescribed_sets', 'int'],
  ['done_sets', 'int'],
  ['minutes', 'numeric'],
  ['template_id', 'text'],
  ['import_id', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['updated_by', 'uuid'],
  ['updated_at', 'timestamptz'],
  ['last_actual', 'jsonb'],
  ['last_event_version', 'int'],
  ['calendar_json', 'text'],
];
/** What an existing row takes from a later event (athlete, creator and creation time never change). */
const UPDATED = WRITE_COLUMNS.map(([n]) => n).filter((n) => !['id', 'athlete_id', 'template_id', 'import_id', 'created_by', 'created_at'].includes(n));

function toDb(row: WorkoutRow): Record<string, unknown> {
  const f = workoutFigures(row.exercises);
  return {
    id: row.id,
    athlete_id: row.athleteId,
    date: row.date,
    name: row.name,
    notes: row.notes,
    exercises: row.exercises,
    deleted: row.deleted,
    base_status: f.baseStatus,
    set_count: f.setCount,
    prescribed_sets: f.prescribedSets,
    done_sets: f.doneSets,
    minutes: f.minutes,
    template_id: row.templateId,
    import_id: row.importId ?? null,
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt,
    last_actual: row.lastActual,
    last_event_version: row.version,
    calendar_json: calendarJson(row),
  };
}

/** `{"id":…,"updated_at":"…"` — the list item of GET /api/manage-workouts before its exercises and status. */
function calendarJson(row: WorkoutRow): string {
  const { id, athleteId: user_id, date, name, notes, updatedAt: updated_at } = row;
  // `imported` only on imported workouts, so every other calendar answer stays as it was.
  const imported = row.importId ? { imported: true } : {};
  return JSON.stringify({ id, user_id, date, name, notes, updated_at, ...imported }).slice(0, -1);
}

/**
 * What a rebuild works out for a batch ahead (Projection.prepare): the workouts the batch
 * starts, folded onto nothing, and their rows' SQL literal. A workout whose first event
 * here is version 0 (nearly every workout in a rebuild) has no row before the batch,
 * whatever `workouts` holds, so this needs no transaction; apply reads and folds the
 * others. Node folds and serialises the next batch's new workouts while PostgreSQL
 * writes this one (issue 28: training was half of a rebuild's critical path).
 */
interface TrainingPlan {
  /** Workouts the batch starts: apply leaves their events out of its own read and fold. */
  started: ReadonlySet<string>;
  changes: WorkoutChange[];
  /** `changes`' rows as a SQL literal of their JSON, for the upsert. */
  rows: string;
}

function prepareTraining(events: readonly StoredEvent[]): TrainingPlan {
  const started = new Set<string>();
  const seen = new Set<string>();
  for (const e of events) {
    const id = workoutIdOf(e);
    if (seen.has(id)) continue;
    seen.add(id);
    // The workout's own stream from its first event: nothing came before it anywhere.
    if (e.streamVersion === 0 && e.stream === workoutStream(id)) started.add(id);
  }
  const { changes } = foldWorkoutBatch(
    events.filter((e) => started.has(workoutIdOf(e))),
    new Map(),
  );
  return { started, changes, rows: sqlLiteral(JSON.stringify(changes.map((c) => toDb(c.after)))) };
}

/** Upserts rows given as a SQL literal of their JSON (StatementBatch.json, or a prepared one). */
function upsertRows(writes: StatementBatch, t: string, rows: string): void {
  writes.add(
    `INSERT INTO ${t} (${WRITE_COLUMNS.map(([n]) => n).join(', ')})
     SELECT * FROM json_to_recordset(${rows}::json) AS x(${WRITE_COLUMNS.map(([n, type]) => `${n} ${type}`).join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${UPDATED.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`,
  );
}

export const trainingProjection: Projection = {
  name: 'training',
  // 6: athlete_best_records (each exercise and rep range's best, kept by the projection).
  // 7: team analytics tables get an index led by their period (team-analytics.ts).
  // 8: "New PR" news decided per event in global order, so a rebuild finds the live run's news (performance-records.ts).
  // 9: records and team analytics are projections of their own (performance_records, team_analytics).
  // 10: every set carries its stable id (src/training/domain/set-ids.ts); last_actual its set_id, the doneAt time and recorded_at.
  // 11: import_id (a workout from a file import, src/transfer), `imported` in the calendar's JSON.
  // 12: exercises stored once, as json; calendar_json without them (the month query glues both).
  version: 12,
  handles: TRAINING_EVENT_TYPES,
  tables: { workouts: WORKOUTS_DDL, ...complianceTables, ...analyticsTables },

  prepare: (events) => Promise.resolve(prepareTraining(events)),

  async apply(events, ctx, prepared) {
    const { tx, table } = ctx;
    const t = table('workouts');
    const plan = prepared as TrainingPlan | undefined;
    // Without a plan (the live runner, an isolated retry) every workout is read and folded here.
    const rest = plan ? events.filter((e) => !plan.started.has(workoutIdOf(e))) : events;
    const ids = [...new Set(rest.map(workoutIdOf))];
    const { rows } = ids.length ? await tx.query<DbRow>(`SELECT ${READ_COLUMNS} FROM ${t} WHERE id = ANY($1::uuid[])`, [ids]) : { rows: [] };
    const folded = foldWorkoutBatch(rest, new Map(rows.map((r) => [r.id, fromDb(r)]))).changes;
    const changes = plan ? [...plan.changes, ...folded] : folded;
    if (changes.length === 0) return [];

    // The row upserts and every sum table's deltas go in one round trip.
    const writes = new StatementBatch();
    if (plan?.changes.length) upsertRows(writes, t, plan.rows);
    if (folded.length) upsertRows(writes, t, writes.json(folded.map((c) => toDb(c.after))));
    const complianceMoved = applyCompliance(changes, writes, table);
    applyAnalytics(changes, writes, table);
    await writes.send(tx);

    if (ctx.unwatched) return [];
    const topics = changes.flatMap((c) => [topicOf.workout(c.after.id), topicOf.athlete(c.after.athleteId)]);
    return [...topics, ...(await coachTopics(tx, complianceMoved))];
  },
};
