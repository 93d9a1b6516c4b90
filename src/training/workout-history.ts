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
 * Folds a batch onto its workouts as they were before it: the changed workouts and
 * every event in order (events of other kinds pass through as `other` steps). A workout
 * the batch starts (its first event here is version 0, as nearly every workout in a
 * rebuild) needs no read; the others' earlier events come in one read.
 */
export async function foldOntoHistory(history: ProjectionContext['history'], events: readonly StoredEvent[]): Promise<{ changes: WorkoutChange[]; steps: WorkoutStep[] }> {
  const firstVersion = new Map<string, number>();
  for (const e of events) if (isTrainingEvent(e) && !firstVersion.has(e.stream)) firstVersion.set(e.stream, e.streamVersion);
  const below = new Map([...firstVersion].filter(([, version]) => version > 0));
  const before = new Map<string, WorkoutRow>();
  for (const e of await history(below)) {
    if (!isTrainingEvent(e)) continue;
    const id = workoutIdOf(e);
    const row = applyWorkoutEvent(before.get(id) ?? null, e);
    if (row) before.set(id, row);
  }
  return foldWorkoutBatch(events, before, isTrainingEvent);
}
