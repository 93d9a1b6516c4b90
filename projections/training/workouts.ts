/**
 * The training projection. Its main table, `workouts`, holds one row per workout
 * (what the calendar and the editor read) with the figures the status, dashboard
 * and totals need. The same fold also keeps compliance, analytics and performance
 * records (compliance.ts, training-analytics.ts, performance-records.ts): each is
 * a delta between a workout's row before and after the batch, and the `workouts`
 * table already holds every "before", so no second copy of workout content exists.
 * The records' "New PR" news also gets every event's own before and after, in global
 * order, so that it is decided per event whatever the batch boundaries.
 * One projection means one rebuild (`spotter replay training`) for all of them.
 *
 * Topics: `workout:<id>` and `athlete:<athleteId>` for every changed workout,
 * `coach:<coachId>` for the linked coaches of athletes whose compliance moved.
 */
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { TrainingEvent } from '../../src/training/domain/events.ts';
import { TRAINING_EVENT_TYPES } from '../../src/training/domain/events.ts';
import type { WorkoutExercise } from '../../src/training/domain/workout-rules.ts';
import { workoutDecider, type WorkoutState } from '../../src/training/domain/workout.ts';
import { workoutFigures } from '../../src/training/domain/summaries.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { applyCompliance, coachTopics, complianceTables } from './compliance.ts';
import { analyticsTables, applyAnalytics } from './training-analytics.ts';
import { applyRecords, recordTables } from '../performance/performance-records.ts';
import { PERFORMANCE_EVENT_TYPES } from '../../src/performance/domain/events.ts';
import { applyTeamAnalytics, teamTables } from '../team-analytics/team-analytics.ts';
import type { LastActual, RecordStep, WorkoutChange, WorkoutRow } from './workout-change.ts';
import { topicOf } from '../../src/shared/topics.ts';

const WORKOUTS_DDL = (t: string) => `
  CREATE TABLE ${t} (
    id                 uuid PRIMARY KEY,
    athlete_id         uuid NOT NULL,
    date               date NOT NULL,
    name               text,
    notes              text,
    exercises          jsonb NOT NULL,
    deleted            boolean NOT NULL DEFAULT false,
    -- Status inputs: 'missed' is base_status 'scheduled' on a date before today.
    base_status        text NOT NULL,
    set_count          int NOT NULL,
    prescribed_sets    int NOT NULL,
    done_sets          int NOT NULL,
    minutes            numeric NOT NULL,
    template_id        text,
    created_by         uuid,
    created_at         timestamptz NOT NULL,
    updated_by         uuid,
    updated_at         timestamptz NOT NULL,
    last_actual        jsonb,
    last_event_version int NOT NULL,
    -- The calendar's JSON for this workout without status and closing brace: the
    -- month query glues these texts (status depends on today) instead of rendering jsonb.
    calendar_json      text NOT NULL
  );
  CREATE INDEX ${t}_athlete_date ON ${t} (athlete_id, date);`;

const READ_COLUMNS = `id, athlete_id, date, name, notes, exercises, deleted, template_id, created_by, created_at,
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
  ['exercises', 'jsonb'],
  ['deleted', 'boolean'],
  ['base_status', 'text'],
  ['set_count', 'int'],
  ['prescribed_sets', 'int'],
  ['done_sets', 'int'],
  ['minutes', 'numeric'],
  ['template_id', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['updated_by', 'uuid'],
  ['updated_at', 'timestamptz'],
  ['last_actual', 'jsonb'],
  ['last_event_version', 'int'],
  ['calendar_json', 'text'],
];
/** What an existing row takes from a later event (athlete, creator and creation time never change). */
const UPDATED = WRITE_COLUMNS.map(([n]) => n).filter((n) => !['id', 'athlete_id', 'template_id', 'created_by', 'created_at'].includes(n));

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
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt,
    last_actual: row.lastActual,
    last_event_version: row.version,
    calendar_json: calendarJson(row),
  };
}

/** `{"id":…,"updated_at":"…"` — the list item of GET /api/manage-workouts before its status. */
function calendarJson(row: WorkoutRow): string {
  const { id, athleteId: user_id, date, name, notes, exercises, updatedAt: updated_at } = row;
  return JSON.stringify({ id, user_id, date, name, notes, exercises, updated_at }).slice(0, -1);
}

/** One event onto a row, through the decider's own evolve so both sides read events alike. */
function applyEvent(row: WorkoutRow | null, stored: StoredEvent): WorkoutRow | null {
  const e = stored as unknown as TrainingEvent & StoredEvent;
  const at = stored.time.toISOString();
  const by = stored.metadata.userId ?? null;
  if (e.type === 'WorkoutScheduled') {
    if (row) return row;
    const d = e.data;
    return {
      id: d.workoutId,
      athleteId: d.athleteId,
      date: d.date,
      name: d.name,
      notes: d.notes,
      exercises: d.exercises,
      deleted: false,
      templateId: d.templateId ?? null,
      createdBy: d.scheduledBy,
      createdAt: at,
      updatedBy: by ?? d.scheduledBy,
      updatedAt: at,
      lastActual: null,
      version: stored.streamVersion,
    };
  }
  if (!row) return null;
  const state: WorkoutState = { workoutId: row.id, athleteId: row.athleteId, date: row.date, name: row.name, notes: row.notes, exercises: row.exercises, deleted: row.deleted };
  const next = workoutDecider.evolve(state, e);
  const lastActual =
    e.type === 'SetActualRecorded'
      ? { exercise_index: e.data.exerciseIndex, exercise_name: e.data.exerciseName, set_index: e.data.setIndex, actual: e.data.actual, by, at }
      : row.lastActual;
  return {
    ...row,
    date: next.date!,
    name: next.name,
    notes: next.notes,
    exercises: next.exercises,
    deleted: next.deleted,
    lastActual,
    updatedBy: by,
    updatedAt: at,
    version: stored.streamVersion,
  };
}

export const trainingProjection: Projection = {
  name: 'training',
  // 6: athlete_best_records (each exercise and rep range's best, kept by the projection).
  // 7: team analytics tables get an index led by their period (team-analytics.ts).
  // 8: "New PR" news decided per event in global order, so a rebuild finds the live run's news (performance-records.ts).
  version: 8,
  // Manual performance entries join the workouts' records in one read model.
  handles: [...TRAINING_EVENT_TYPES, ...PERFORMANCE_EVENT_TYPES],
  tables: { workouts: WORKOUTS_DDL, ...complianceTables, ...analyticsTables, ...recordTables, ...teamTables },

  async apply(allEvents, ctx) {
    const { tx, table } = ctx;
    const isPerformance = (e: StoredEvent) => (PERFORMANCE_EVENT_TYPES as readonly string[]).includes(e.type);
    const performance = allEvents.filter(isPerformance);
    const events = performance.length ? allEvents.filter((e) => !isPerformance(e)) : allEvents;
    const t = table('workouts');
    const ids = [...new Set(events.map((e) => (e.data as { workoutId: string }).workoutId))];
    const { rows } = await tx.query<DbRow>(`SELECT ${READ_COLUMNS} FROM ${t} WHERE id = ANY($1::uuid[])`, [ids]);
    const before = new Map(rows.map((r) => [r.id, fromDb(r)]));
    const current = new Map<string, WorkoutRow | null>(before);
    // Every event in global order, for the records' news (decided per event, not per batch).
    const steps: RecordStep[] = [];
    for (const e of allEvents) {
      if (isPerformance(e)) {
        steps.push({ kind: 'performance', event: e });
        continue;
      }
      const id = (e.data as { workoutId: string }).workoutId;
      const row = current.get(id) ?? null;
      if (row && e.streamVersion <= row.version) continue; // already applied
      const next = applyEvent(row, e);
      current.set(id, next);
      if (next && next !== row) steps.push({ kind: 'workout', before: row, after: next });
    }
    const changes: WorkoutChange[] = [];
    for (const [id, after] of current) {
      const old = before.get(id) ?? null;
      if (after && after !== old) changes.push({ before: old, after });
    }
    if (changes.length === 0 && performance.length === 0) return [];

    if (changes.length > 0)
      await tx.query(
        `INSERT INTO ${t} (${WRITE_COLUMNS.map(([n]) => n).join(', ')})
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(${WRITE_COLUMNS.map(([n, type]) => `${n} ${type}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${UPDATED.map((n) => `${n} = EXCLUDED.${n}`).join(', ')}`,
        [JSON.stringify(changes.map((c) => toDb(c.after)))],
      );
    const complianceMoved = await applyCompliance(changes, ctx);
    await applyAnalytics(changes, ctx);
    const records = await applyRecords(changes, ctx, steps);
    await applyTeamAnalytics(changes, ctx);

    const topics = changes.flatMap((c) => [topicOf.workout(c.after.id), topicOf.athlete(c.after.athleteId)]);
    for (const athleteId of records.athletes) topics.push(topicOf.athlete(athleteId));
    // "New PR" news: the athlete's and each linked coach's own topic.
    const prTopics = [...records.prAthletes].map((id) => topicOf.prs(id));
    prTopics.push(...(await coachTopics(tx, records.prAthletes)).map((t) => topicOf.prs(t.slice('coach:'.length))));
    return [...topics, ...prTopics, ...(await coachTopics(tx, complianceMoved))];
  },
};
