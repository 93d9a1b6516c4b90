/**
 * The templates read model: `program_templates` (the builder's list and loads),
 * `template_assignments` (one row per assignment) and `assignment_workouts` (one row
 * per workout an assignment planned: whether the reactor has scheduled it yet, and
 * whether it was logged, edited by hand, or deleted since, which is what unassign
 * and re-sync need to know). The training events feed the last table, so the fold
 * reads the rows it may change first, applies the batch in memory, and writes each
 * table in one statement.
 *
 * Topics: `coach:<owner>` when a template changes, `athlete:<id>` and `coach:<id>`
 * when an assignment or one of its workouts changes.
 */
import type pg from 'pg';
import type { StoredEvent } from '../../src/platform/eventstore/port.ts';
import type { AssignmentEvent, TemplateContent, TemplateEvent } from '../../src/templates/domain/events.ts';
import { ASSIGNMENT_EVENT_TYPES, TEMPLATE_EVENT_TYPES } from '../../src/templates/domain/events.ts';
import type { TrainingEvent } from '../../src/training/domain/events.ts';
import { TRAINING_EVENT_TYPES } from '../../src/training/domain/events.ts';
import { highestDay, workoutCount } from '../../src/templates/domain/schedule.ts';
import { BACKGROUND_COALESCE_MS, type Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

interface TemplateRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  category: string;
  is_public: boolean;
  workouts: TemplateContent['workouts'];
  revision: number;
  day_count: number;
  workout_count: number;
  deleted: boolean;
  created_at: string;
  updated_at: string;
  last_version: number;
}

interface AssignmentRow {
  id: string;
  template_id: string;
  template_name: string;
  coach_id: string;
  athlete_id: string;
  start_date: string;
  end_date: string;
  revision: number;
  unassigned: boolean;
  deleted_count: number;
  kept_count: number;
  created_at: string;
  updated_at: string;
  last_version: number;
}

interface AssignmentWorkoutRow {
  workout_id: string;
  assignment_id: string;
  athlete_id: string;
  template_id: string;
  workout_key: string;
  target_date: string;
  name: string;
  scheduled: boolean;
  logged: boolean;
  hand_edited: boolean;
  deleted: boolean;
  removed: boolean;
  workout_version: number;
}

/** A workout slot of an assignment, added before the reactor has scheduled it. */
function slotRow(
  owner: Pick<AssignmentWorkoutRow, 'assignment_id' | 'athlete_id' | 'template_id'>,
  w: { workoutId: string; key: string; targetDate: string; name: string },
): AssignmentWorkoutRow {
  return {
    ...owner,
    workout_id: w.workoutId,
    workout_key: w.key,
    target_date: w.targetDate,
    name: w.name,
    scheduled: false,
    logged: false,
    hand_edited: false,
    deleted: false,
    removed: false,
    workout_version: -1,
  };
}

const TABLES: Record<string, (t: string) => string> = {
  program_templates: (t) => `
    CREATE TABLE ${t} (
      id            uuid PRIMARY KEY,
      owner_id      uuid NOT NULL,
      name          text NOT NULL,
      description   text NOT NULL,
      category      text NOT NULL,
      is_public     boolean NOT NULL,
      workouts      jsonb NOT NULL,
      revision      int NOT NULL,
      day_count     int NOT NULL,
      workout_count int NOT NULL,
      deleted       boolean NOT NULL,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      last_version  int NOT NULL
    );
    CREATE INDEX ${t}_owner ON ${t} (owner_id) WHERE NOT deleted;
    CREATE INDEX ${t}_public ON ${t} (is_public) WHERE is_public AND NOT deleted;`,
  template_assignments: (t) => `
    CREATE TABLE ${t} (
      id            uuid PRIMARY KEY,
      template_id   uuid NOT NULL,
      template_name text NOT NULL,
      coach_id      uuid NOT NULL,
      athlete_id    uuid NOT NULL,
      start_date    date NOT NULL,
      end_date      date NOT NULL,
      revision      int NOT NULL,
      unassigned    boolean NOT NULL,
      deleted_count int NOT NULL,
      kept_count    int NOT NULL,
      created_at    timestamptz NOT NULL,
      updated_at    timestamptz NOT NULL,
      last_version  int NOT NULL
    );
    CREATE INDEX ${t}_athlete ON ${t} (athlete_id);`,
  assignment_workouts: (t) => `
    CREATE TABLE ${t} (
      workout_id      uuid PRIMARY KEY,
      assignment_id   uuid NOT NULL,
      athlete_id      uuid NOT NULL,
      template_id     uuid NOT NULL,
      workout_key     text NOT NULL,
      target_date     date NOT NULL,
      name            text NOT NULL,
      scheduled       boolean NOT NULL,
      logged          boolean NOT NULL,
      hand_edited     boolean NOT NULL,
      deleted         boolean NOT NULL,
      removed         boolean NOT NULL,
      workout_version int NOT NULL
    );
    CREATE INDEX ${t}_assignment ON ${t} (assignment_id);
    CREATE INDEX ${t}_athlete ON ${t} (athlete_id, target_date);`,
};

const TEMPLATE_COLUMNS: [keyof TemplateRow, string][] = [
  ['id', 'uuid'],
  ['owner_id', 'uuid'],
  ['name', 'text'],
  ['description', 'text'],
  ['category', 'text'],
  ['is_public', 'boolean'],
  ['workouts', 'jsonb'],
  ['revision', 'int'],
  ['day_count', 'int'],
  ['workout_count', 'int'],
  ['deleted', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['last_version', 'int'],
];
const ASSIGNMENT_COLUMNS: [keyof AssignmentRow, string][] = [
  ['id', 'uuid'],
  ['template_id', 'uuid'],
  ['template_name', 'text'],
  ['coach_id', 'uuid'],
  ['athlete_id', 'uuid'],
  ['start_date', 'date'],
  ['end_date', 'date'],
  ['revision', 'int'],
  ['unassigned', 'boolean'],
  ['deleted_count', 'int'],
  ['kept_count', 'int'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['last_version', 'int'],
];
const WORKOUT_COLUMNS: [keyof AssignmentWorkoutRow, string][] = [
  ['workout_id', 'uuid'],
  ['assignment_id', 'uuid'],
  ['athlete_id', 'uuid'],
  ['template_id', 'uuid'],
  ['workout_key', 'text'],
  ['target_date', 'date'],
  ['name', 'text'],
  ['scheduled', 'boolean'],
  ['logged', 'boolean'],
  ['hand_edited', 'boolean'],
  ['deleted', 'boolean'],
  ['removed', 'boolean'],
  ['workout_version', 'int'],
];

/** One upsert of every changed row, whatever the batch size. */
async function upsert(tx: pg.PoolClient, table: string, key: string, columns: [string, string][], rows: object[]): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([n]) => n);
  await tx.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT * FROM json_to_recordset($1::json) AS x(${columns.map(([n, type]) => `${n} ${type}`).join(', ')})
     ON CONFLICT (${key}) DO UPDATE SET ${names
       .filter((n) => n !== key)
       .map((n) => `${n} = EXCLUDED.${n}`)
       .join(', ')}`,
    [JSON.stringify(rows)],
  );
}

const dateText = (v: string | Date) => (typeof v === 'string' ? v : v.toISOString());

export const templatesProjection: Projection = {
  name: 'templates',
  version: 1,
  handles: [...TEMPLATE_EVENT_TYPES, ...ASSIGNMENT_EVENT_TYPES, ...TRAINING_EVENT_TYPES],
  coalesceMs: BACKGROUND_COALESCE_MS,
  tables: TABLES,

  async apply(events, { tx, table }) {
    const tT = table('program_templates');
    const tA = table('template_assignments');
    const tW = table('assignment_workouts');
    const templateIds = new Set<string>();
    const assignmentIds = new Set<string>();
    const workoutIds = new Set<string>();
    for (const e of events) {
      const d = e.data as { templateId?: string; assignmentId?: string; workoutId?: string; workouts?: unknown };
      if (e.type.startsWith('Template') && !('assignmentId' in d) && d.templateId) templateIds.add(d.templateId);
      else if (ASSIGNMENT_EVENT_TYPES.includes(e.type as AssignmentEvent['type'])) assignmentIds.add(d.assignmentId!);
      else if (d.workoutId) workoutIds.add(d.workoutId);
    }

    // One after the other: a transaction's client runs one query at a time (pg queues
    // overlapping ones today, and pg 9 refuses them).
    const templates = templateIds.size ? (await tx.query<TemplateRow>(`SELECT * FROM ${tT} WHERE id = ANY($1::uuid[])`, [[...templateIds]])).rows : [];
    const assignments = assignmentIds.size ? (await tx.query<AssignmentRow>(`SELECT * FROM ${tA} WHERE id = ANY($1::uuid[])`, [[...assignmentIds]])).rows : [];
    const workouts =
      workoutIds.size || assignmentIds.size
        ? (await tx.query<AssignmentWorkoutRow>(`SELECT * FROM ${tW} WHERE workout_id = ANY($1::uuid[]) OR assignment_id = ANY($2::uuid[])`, [[...workoutIds], [...assignmentIds]]))
            .rows
        : [];
    const T = new Map(templates.map((r) => [r.id, r]));
    const A = new Map(assignments.map((r) => [r.id, r]));
    const W = new Map(workouts.map((r) => [r.workout_id, r]));
    const changedT = new Set<string>();
    const changedA = new Set<string>();
    const changedW = new Set<string>();
    const topics = new Set<string>();

    for (const stored of events) {
      const at = stored.time.toISOString();
      const e = stored as unknown as (TemplateEvent | AssignmentEvent | TrainingEvent) & StoredEvent;
      switch (e.type) {
        case 'TemplateCreated':
        case 'TemplateRevised': {
          const d = e.data;
          const old = T.get(d.templateId);
          if (old && stored.streamVersion <= old.last_version) break;
          T.set(d.templateId, {
            id: d.templateId,
            owner_id: d.ownerId,
            name: d.name,
            description: d.description,
            category: d.category,
            is_public: d.isPublic,
            workouts: d.workouts,
            revision: d.revision,
            day_count: highestDay(d.workouts),
            workout_count: workoutCount(d.workouts),
            deleted: false,
            created_at: old ? dateText(old.created_at) : at,
            updated_at: at,
            last_version: stored.streamVersion,
          });
          changedT.add(d.templateId);
          topics.add(topicOf.coach(d.ownerId));
          break;
        }
        case 'TemplateDeleted': {
          const old = T.get(e.data.templateId);
          if (!old || stored.streamVersion <= old.last_version) break;
          T.set(old.id, { ...old, deleted: true, updated_at: at, last_version: stored.streamVersion });
          changedT.add(old.id);
          topics.add(topicOf.coach(old.owner_id));
          break;
        }
        case 'TemplateAssigned': {
          const d = e.data;
          if (A.has(d.assignmentId)) break;
          A.set(d.assignmentId, {
            id: d.assignmentId,
            template_id: d.templateId,
            template_name: d.templateName,
            coach_id: d.coachId,
            athlete_id: d.athleteId,
            start_date: d.startDate,
            end_date: d.endDate,
            revision: d.revision,
            unassigned: false,
            deleted_count: 0,
            kept_count: 0,
            created_at: at,
            updated_at: at,
            last_version: stored.streamVersion,
          });
          changedA.add(d.assignmentId);
          for (const w of d.workouts) {
            // The reactor's WorkoutScheduled may already sit in this batch's map (a rebuild reads it later, never earlier).
            if (W.has(w.workoutId)) continue;
            W.set(w.workoutId, slotRow({ assignment_id: d.assignmentId, athlete_id: d.athleteId, template_id: d.templateId }, w));
            changedW.add(w.workoutId);
          }
          topics.add(topicOf.athlete(d.athleteId)).add(topicOf.coach(d.coachId));
          break;
        }
        case 'AssignmentResynced': {
          const d = e.data;
          const old = A.get(d.assignmentId);
          if (!old || stored.streamVersion <= old.last_version) break;
          A.set(old.id, { ...old, revision: d.revision, end_date: d.endDate, updated_at: at, last_version: stored.streamVersion });
          changedA.add(old.id);
          for (const id of d.removedWorkoutIds) {
            const w = W.get(id);
            if (w) {
              W.set(id, { ...w, removed: true });
              changedW.add(id);
            }
          }
          for (const w of d.revised) {
            const row = W.get(w.workoutId);
            if (row) {
              W.set(w.workoutId, { ...row, target_date: w.targetDate, name: w.name });
              changedW.add(w.workoutId);
            }
          }
          for (const w of d.added) {
            if (W.has(w.workoutId)) continue;
            W.set(w.workoutId, slotRow({ assignment_id: old.id, athlete_id: old.athlete_id, template_id: old.template_id }, w));
            changedW.add(w.workoutId);
          }
          topics.add(topicOf.athlete(old.athlete_id)).add(topicOf.coach(old.coach_id));
          break;
        }
        case 'TemplateUnassigned': {
          const d = e.data;
          const old = A.get(d.assignmentId);
          if (!old || stored.streamVersion <= old.last_version) break;
          A.set(old.id, { ...old, unassigned: true, deleted_count: d.deletedWorkoutIds.length, kept_count: d.keptCount, updated_at: at, last_version: stored.streamVersion });
          changedA.add(old.id);
          topics.add(topicOf.athlete(old.athlete_id)).add(topicOf.coach(old.coach_id));
          break;
        }
        default: {
          // A training event: only workouts an assignment planned have a row here.
          const t = e;
          const row = W.get(t.data.workoutId);
          if (!row || stored.streamVersion <= row.workout_version) break;
          let next = { ...row, workout_version: stored.streamVersion };
          switch (t.type) {
            case 'WorkoutScheduled':
              next = { ...next, scheduled: true, target_date: t.data.date };
              break;
            case 'WorkoutRevised':
              next = { ...next, target_date: t.data.date, hand_edited: next.hand_edited || !t.data.assignmentId };
              break;
            case 'WorkoutMoved':
              next = { ...next, target_date: t.data.toDate, hand_edited: true };
              break;
            case 'WorkoutDeleted':
              next = { ...next, deleted: true };
              break;
            case 'WorkoutRestored':
              next = { ...next, deleted: false };
              break;
            case 'SetActualRecorded':
              next = { ...next, logged: next.logged || Object.values(t.data.actual).some((v) => v !== null && v !== undefined) };
              break;
          }
          W.set(row.workout_id, next);
          changedW.add(row.workout_id);
          topics.add(topicOf.athlete(row.athlete_id));
        }
      }
    }

    await upsert(
      tx,
      tT,
      'id',
      TEMPLATE_COLUMNS,
      [...changedT].map((id) => T.get(id)!),
    );
    await upsert(
      tx,
      tA,
      'id',
      ASSIGNMENT_COLUMNS,
      [...changedA].map((id) => A.get(id)!),
    );
    await upsert(
      tx,
      tW,
      'workout_id',
      WORKOUT_COLUMNS,
      [...changedW].map((id) => W.get(id)!),
    );
    return topics;
  },
};
