/**
 * Reads of the training read models shared by the routes, the demo seed and the
 * benchmarks. Calendar status needs "today": the routes pass the signed-in user's
 * (accounts/time-zone.ts), the seed and benchmarks their own.
 */
import type pg from 'pg';
import type { EventStore, StoredEvent } from '../platform/eventstore/port.ts';
import { displayName, type NameSource } from '../accounts/index.ts';
import { workoutStream } from './domain/events.ts';
import { actualInPounds } from './domain/load-units.ts';
import type { SetActual, WorkoutExercise } from './domain/workout-rules.ts';

/** The calendar status from the stored inputs (see projections/workouts.ts). */
const STATUS_SQL = `CASE WHEN w.base_status = 'scheduled' AND w.date < $2::date THEN 'missed' ELSE w.base_status END`;

export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

const CALENDAR_SQL = `
  SELECT '{"workouts":[' || coalesce(string_agg(w.calendar_json || ',"exercises":' || w.exercises::text || ',"status":"' || ${STATUS_SQL} || '"}', ','
           ORDER BY w.date, w.created_at, w.id), '') || ']}' AS body
    FROM workouts w
   WHERE w.athlete_id = $1 AND w.date BETWEEN $3::date AND $4::date AND NOT w.deleted`;

/**
 * `{"workouts":[…]}` as JSON text glued from each row's stored calendar_json and
 * exercises (json: the text as written): the calendar month is the hottest read, and
 * this renders no jsonb and parses nothing.
 * With `viewerId`, the access rule (the athlete or a linked coach) is checked in
 * the same round trip and null is returned when the viewer may not see them.
 */
export async function listWorkoutsJson(db: pg.Pool, athleteId: string, today: string, range: { from?: string; to?: string }, viewerId: string = athleteId): Promise<string | null> {
  // Open ends as ±infinity keep one plan: an index range scan on (athlete_id, date).
  const values = [athleteId, today, range.from ?? '-infinity', range.to ?? 'infinity'];
  if (viewerId === athleteId) {
    const { rows } = await db.query<{ body: string }>({ name: 'training_calendar', text: CALENDAR_SQL, values });
    return rows[0].body;
  }
  const { rows } = await db.query<{ body: string | null }>({
    name: 'training_calendar_for_coach',
    text: `SELECT CASE WHEN EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = $5 AND l.athlete_id = $1)
                  THEN (${CALENDAR_SQL}) END AS body`,
    values: [...values, viewerId],
  });
  return rows[0].body;
}

async function namesOf(db: pg.Pool, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<NameSource & { user_id: string }>(
    'SELECT user_id, display_name, first_name, last_name, full_name AS name, email FROM user_profiles WHERE user_id = ANY($1::uuid[])',
    [wanted],
  );
  const names = new Map(rows.map((r) => [r.user_id, displayName(r)]));
  for (const id of wanted) if (!names.has(id)) names.set(id, displayName({ user_id: id }));
  return names;
}

/** Which of these workouts the read model holds (deleted ones too): an import's repeat finds its workouts here. */
export async function existingWorkoutIds(db: pg.Pool, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM workouts WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** The athlete a projected workout belongs to (for topic rules); null when unknown. */
export async function workoutAthlete(db: pg.Pool, workoutId: string): Promise<string | null> {
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM workouts WHERE id = $1', [workoutId]);
  return rows[0]?.athlete_id ?? null;
}

/** One workout for the editor, deleted ones included (flagged), with the last actual and who made it. */
export async function getWorkout(db: pg.Pool, workoutId: string, today: string) {
  const { rows } = await db.query<{
    user_id: string;
    updated_by: string | null;
    last_actual: { by?: string | null; [key: string]: unknown } | null;
    [column: string]: unknown;
  }>(
    `SELECT w.id, w.athlete_id AS user_id, w.date, w.name, w.notes, w.exercises, ${STATUS_SQL} AS status, w.deleted,
            w.template_id, w.created_by, w.created_at, w.updated_by, w.updated_at, w.last_actual, w.last_event_version AS version
       FROM workouts w WHERE w.id = $1`,
    [workoutId, today],
  );
  const row = rows[0];
  if (!row) return null;
  const names = await namesOf(db, [row.last_actual?.by, row.updated_by]);
  return {
    ...row,
    updated_by_name: row.updated_by ? names.get(row.updated_by) : null,
    last_actual: row.last_actual ? { ...row.last_actual, by_name: row.last_actual.by ? names.get(row.last_actual.by) : null } : null,
  };
}

function summarise(e: StoredEvent): Record<string, unknown> {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'WorkoutScheduled':
    case 'WorkoutRevised':
      return { date: d.date, name: d.name, exercise_count: (d.exercises as unknown[]).length };
    case 'WorkoutMoved':
      return { from_date: d.fromDate, to_date: d.toDate };
    case 'WorkoutDeleted':
    case 'WorkoutRestored':
      return { date: d.date };
    case 'SetActualRecorded':
      return {
        exercise_index: d.exerciseIndex,
        exercise_name: d.exerciseName,
        set_index: d.setIndex,
        ...(d.setId ? { set_id: d.setId } : {}),
        actual: actualInPounds(d.actual as SetActual),
      };
    default:
      return {};
  }
}

/**
 * Who changed what, when: the workout's own stream, newest first. A listing, not a
 * fold, so reading the stream here keeps to "queries never fold events".
 */
export async function workoutHistory(store: EventStore, db: pg.Pool, workoutId: string) {
  const events = await store.readStream(workoutStream(workoutId));
  const names = await namesOf(
    db,
    events.map((e) => e.metadata.userId),
  );
  const athleteId = (events[0]?.data as { athleteId?: string } | undefined)?.athleteId ?? null;
  const history = events
    .map((e) => ({
      version: e.streamVersion,
      type: e.type,
      // An actual's time is when it was done (the phone's doneAt), else when it was recorded.
      at: (e.type === 'SetActualRecorded' ? (e.data as { doneAt?: string }).doneAt : undefined) ?? e.time.toISOString(),
      recorded_at: e.time.toISOString(),
      user_id: e.metadata.userId ?? null,
      user_name: e.metadata.userId ? names.get(e.metadata.userId)! : 'Unknown User',
      details: summarise(e),
    }))
    .reverse();
  return { athleteId, history };
}

export interface DoneWorkoutRow {
  id: string;
  date: string;
  name: string | null;
  notes: string | null;
  exercises: WorkoutExercise[];
  minutes: number;
  created_at: string;
}

/**
 * One page of an athlete's done workouts (at least one set logged), oldest first,
 * after the keyset `after` (date, created_at, id): an export walks the history page by
 * page, so its memory does not grow with the years.
 */
export async function doneWorkoutsPage(db: pg.Pool, athleteId: string, after: { date: string; created_at: string; id: string } | null, limit: number): Promise<DoneWorkoutRow[]> {
  const { rows } = await db.query<DoneWorkoutRow>({
    name: 'training_done_workouts_page',
    text: `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, name, notes, exercises, minutes::float8 AS minutes,
                  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
             FROM workouts
            WHERE athlete_id = $1 AND NOT deleted AND done_sets > 0
              AND ($2::date IS NULL OR (date, created_at, id) > ($2::date, $3::timestamptz, $4::uuid))
            ORDER BY date, created_at, id LIMIT $5`,
    values: [athleteId, after?.date ?? null, after?.created_at ?? null, after?.id ?? null, limit],
  });
  return rows;
}
