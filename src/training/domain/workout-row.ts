/**
 * A workout as the read models see it (one row per workout) and the pure fold of a
 * batch of events onto such rows. Every projection that derives figures from
 * workouts (training, performance records, team analytics) folds the same way and
 * hands its parts each changed workout's row before and after the batch; each keeps
 * its own "before" rows, so that each rebuilds alone.
 */
import type { StoredEvent } from '../../kernel/events.ts';
import type { TrainingEvent } from './events.ts';
import type { SetActual, WorkoutExercise } from './workout-rules.ts';
import { workoutDecider, type WorkoutState } from './workout.ts';
import { actualInPounds } from './load-units.ts';
import { scheduledSetId, setIdsIn, withoutSetIds, withSetIds } from './set-ids.ts';

/** The last actual recorded on a workout: what the coach's editor toasts about. */
export interface LastActual {
  exercise_index: number;
  exercise_name: string;
  set_index: number;
  /** The set's stable id (absent on rows built before set ids). */
  set_id?: string;
  actual: SetActual;
  by: string | null;
  /** When the set was done: the athlete's `doneAt`, else when it was recorded. */
  at: string;
  /** When the server recorded it (a set queued offline arrives late: compare this to spot news). */
  recorded_at?: string;
}

export interface WorkoutRow {
  id: string;
  athleteId: string;
  date: string;
  name: string | null;
  notes: string | null;
  /** With each set's stable id in the set (`id`), as the API shows them. */
  exercises: WorkoutExercise[];
  deleted: boolean;
  templateId: string | null;
  /** The file import that wrote it (absent on rows kept from before imports). */
  importId?: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedBy: string | null;
  updatedAt: string;
  lastActual: LastActual | null;
  /** Stream version of the last event applied: a replayed event is a no-op. */
  version: number;
}

export interface WorkoutChange {
  before: WorkoutRow | null;
  after: WorkoutRow;
}

/** The row a WorkoutScheduled event starts. */
function scheduledRow(e: Extract<TrainingEvent, { type: 'WorkoutScheduled' }> & StoredEvent): WorkoutRow {
  const d = e.data;
  const at = e.time.toISOString();
  const by = e.metadata.userId ?? null;
  const scheduled = workoutDecider.evolve(workoutDecider.initialState(), e);
  return {
    id: d.workoutId,
    athleteId: d.athleteId,
    date: d.date,
    name: d.name,
    notes: d.notes,
    exercises: withSetIds(scheduled.exercises, scheduled.setIds),
    deleted: false,
    templateId: d.templateId ?? null,
    importId: d.importId ?? null,
    createdBy: d.scheduledBy,
    createdAt: at,
    updatedBy: by ?? d.scheduledBy,
    updatedAt: at,
    lastActual: null,
    version: e.streamVersion,
  };
}

/**
 * The row each WorkoutScheduled event starts, made once per event read: three
 * projections fold the same workouts, and a rebuild hands them the same events
 * (deriving the set ids was the largest part of folding a scheduled workout). Rows are
 * never changed in place, so sharing one is safe.
 */
const scheduledRows = new WeakMap<StoredEvent, WorkoutRow>();

/** One event onto a row, through the decider's own evolve so both sides read events alike. */
export function applyWorkoutEvent(row: WorkoutRow | null, stored: StoredEvent): WorkoutRow | null {
  const e = stored as unknown as TrainingEvent & StoredEvent;
  if (e.type === 'WorkoutScheduled') {
    if (row) return row;
    let scheduled = scheduledRows.get(stored);
    if (!scheduled) scheduledRows.set(stored, (scheduled = scheduledRow(e)));
    return scheduled;
  }
  if (!row) return null;
  const at = stored.time.toISOString();
  const by = stored.metadata.userId ?? null;
  const state: WorkoutState = {
    workoutId: row.id,
    athleteId: row.athleteId,
    date: row.date,
    name: row.name,
    notes: row.notes,
    exercises: withoutSetIds(row.exercises),
    // A row kept from before set ids (another projection's copy) has none: the scheduled ones stand in.
    setIds: setIdsIn(row.exercises, scheduledSetId(row.id)),
    deleted: row.deleted,
  };
  const next = workoutDecider.evolve(state, e);
  const lastActual =
    e.type === 'SetActualRecorded'
      ? {
          exercise_index: e.data.exerciseIndex,
          exercise_name: e.data.exerciseName,
          set_index: e.data.setIndex,
          set_id: e.data.setId ?? state.setIds[e.data.exerciseIndex]?.[e.data.setIndex],
          actual: actualInPounds(e.data.actual),
          by,
          at: e.data.doneAt ?? at,
          recorded_at: at,
        }
      : row.lastActual;
  return {
    ...row,
    date: next.date!,
    name: next.name,
    notes: next.notes,
    exercises: next.exercises === state.exercises && next.setIds === state.setIds ? row.exercises : withSetIds(next.exercises, next.setIds),
    deleted: next.deleted,
    lastActual,
    updatedBy: by,
    updatedAt: at,
    version: stored.streamVersion,
  };
}

/** A batch's event in global order: a workout event with its row just before and after it, or another event it passes through. */
export type WorkoutStep = { kind: 'workout'; before: WorkoutRow | null; after: WorkoutRow } | { kind: 'other'; event: StoredEvent };

/**
 * Folds a batch onto the rows it starts from (`before`, keyed by workout id): the
 * changed workouts (first row before the batch, last after it) and every event as a
 * step in order. Events `isWorkoutEvent` refuses pass through as `other` steps; an
 * event at or below a row's version was applied already and is skipped.
 */
export function foldWorkoutBatch(
  events: readonly StoredEvent[],
  before: ReadonlyMap<string, WorkoutRow>,
  isWorkoutEvent: (e: StoredEvent) => boolean = () => true,
): { changes: WorkoutChange[]; steps: WorkoutStep[] } {
  const current = new Map<string, WorkoutRow | null>(before);
  const steps: WorkoutStep[] = [];
  for (const e of events) {
    if (!isWorkoutEvent(e)) {
      steps.push({ kind: 'other', event: e });
      continue;
    }
    const id = workoutIdOf(e);
    const row = current.get(id) ?? null;
    if (row && e.streamVersion <= row.version) continue; // already applied
    const next = applyWorkoutEvent(row, e);
    current.set(id, next);
    if (next && next !== row) steps.push({ kind: 'workout', before: row, after: next });
  }
  const changes: WorkoutChange[] = [];
  for (const [id, after] of current) {
    const old = before.get(id) ?? null;
    if (after && after !== old) changes.push({ before: old, after });
  }
  return { changes, steps };
}

/** The workout a training event is about. */
export const workoutIdOf = (e: StoredEvent): string => (e.data as { workoutId: string }).workoutId;
