/**
 * A batch of training events folded onto each workout as it was before the batch, for
 * the projections outside training that derive figures from workouts (performance
 * records, team analytics).
 *
 * "Before" is folded from the workout's own earlier events in the store, not read from a
 * copy of every workout: each of these projections used to keep one (as training keeps
 * `workouts`), so every workout was written three times over, and those copies were a
 * fifth of the database and of a rebuild's writes (issue 28). Training's `workouts` table
 * cannot stand in: it may be ahead of or behind these projections, which rebuild alone
 * and run at their own pace.
 *
 * Folded from the store, a workout's change in a batch is exactly what its events in the
 * batch did, whatever was applied before: a parked event's retry adds its own change and
 * nothing else.
 */
import type { ProjectionContext } from '../platform/projections/projection.ts';
import type { StoredEvent } from '../platform/eventstore/port.ts';
import { TRAINING_EVENT_TYPES } from './domain/events.ts';
import { applyWorkoutEvent, foldWorkoutBatch, workoutIdOf, type WorkoutChange, type WorkoutRow, type WorkoutStep } from './domain/workout-row.ts';

const isTrainingEvent = (e: StoredEvent) => (TRAINING_EVENT_TYPES as readonly string[]).includes(e.type);

/**
 * The rows its last batches left, per store (keyed by the store's history function): the
 * next batch of a workout being logged starts where the last one ended, without reading
 * the workout's events again. Without it, every batch read and folded each continued
 * workout's whole history, and a set's message to the coach's editor waited twice as
 * long (`npm run bench -- set_to_ws`, 200 sets/s on 10 workouts). A row is the pure fold
 * of its workout's events up to its version, so it is used only for a batch that
 * continues from exactly that version, whether or not the batch that left it committed.
 * One cache per projection: two projections move at their own pace, and a shared row
 * would always be the wrong version for one of them.
 *
 * Bounded by count: a scheduled workout's row is ~11 KB of heap; 500 hold every workout
 * of a busy gym hour being logged at once and cost ~6 MB.
 */
const ROW_CACHE_SIZE = 500;

export type WorkoutRowCache = WeakMap<ProjectionContext['history'], Map<string, WorkoutRow>>;

/** A projection's own cache of the rows its last batches left (see above). */
export const workoutRowCache = (): WorkoutRowCache => new WeakMap();

function rowsOf(caches: WorkoutRowCache, history: ProjectionContext['history']): Map<string, WorkoutRow> {
  let rows = caches.get(history);
  if (!rows) caches.set(history, (rows = new Map<string, WorkoutRow>()));
  return rows;
}

function remember(rows: Map<string, WorkoutRow>, row: WorkoutRow): void {
  rows.delete(row.id);
  rows.set(row.id, row);
  if (rows.size > ROW_CACHE_SIZE) rows.delete(rows.keys().next().value!);
}

/**
 * Folds a batch onto its workouts as they were before it: the changed workouts and
 * every event in order (events of other kinds pass through as `other` steps). A workout
 * the batch starts (its first event here is version 0, as nearly every workout in a
 * rebuild) needs no read, nor one that continues from the row the last batch left;
 * the others' earlier events come in one read.
 */
export async function foldOntoHistory(
  history: ProjectionContext['history'],
  events: readonly StoredEvent[],
  caches: WorkoutRowCache,
): Promise<{ changes: WorkoutChange[]; steps: WorkoutStep[] }> {
  const cache = rowsOf(caches, history);
  const before = new Map<string, WorkoutRow>();
  const below = new Map<string, number>();
  const seen = new Set<string>();
  for (const e of events) {
    if (!isTrainingEvent(e) || seen.has(e.stream)) continue;
    seen.add(e.stream);
    if (e.streamVersion === 0) continue;
    const cached = cache.get(workoutIdOf(e));
    if (cached?.version === e.streamVersion - 1) before.set(cached.id, cached);
    else below.set(e.stream, e.streamVersion);
  }
  for (const e of await history(below)) {
    if (!isTrainingEvent(e)) continue;
    const id = workoutIdOf(e);
    const row = applyWorkoutEvent(before.get(id) ?? null, e);
    if (row) before.set(id, row);
  }
  const folded = foldWorkoutBatch(events, before, isTrainingEvent);
  for (const { after } of folded.changes) remember(cache, after);
  return folded;
}
