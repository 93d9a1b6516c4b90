/**
 * POST /api/athlete/workouts/:id/actuals: what the athlete did in one set, through the
 * outbox (lib/offline/outbox): kept on the phone at once, shown at once on the pages
 * (api/queued-actuals), sent when there is a connection, once.
 */
import { useCallback } from 'react';
import type { SetActual, WorkoutSet } from '@kernel';
import type { WithLoadUnit } from '../../../lib/weight-unit';
import { useOutbox } from '../../../lib/offline/outbox-provider';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { myTrainingKey } from './my-workouts';

export const SET_ACTUAL = 'set-actual';

/** What an outbox entry of kind `set-actual` remembers, to show it before the server has it (a typed load with its unit). */
export type QueuedActual = { workoutId: string; exerciseIndex: number; setIndex: number; setId?: string; actual: WithLoadUnit<SetActual> };

export type LogActualInput = { workoutId: string; exerciseIndex: number; exerciseName: string; setIndex: number; set: WorkoutSet; actual: WithLoadUnit<SetActual> };

/** The server's answer. */
export type Logged = { success: true; checkpoint: string | null; newRecords: { exercise_name: string; rep_range: number; best_weight: number }[] };

/** A set's id, once the server gives sets one (the plan then names sets, not positions). */
export function setIdOf(set: WorkoutSet): string | undefined {
  const id = (set as WorkoutSet & { id?: unknown }).id;
  return typeof id === 'string' && id ? id : undefined;
}

/** Logs a set: resolves with the outbox entry once it is kept on the phone. */
export function useLogActual(): (input: LogActualInput) => Promise<OutboxEntry> {
  const outbox = useOutbox();
  return useCallback(
    async ({ workoutId, exerciseIndex, exerciseName, setIndex, set, actual }) => {
      if (!outbox) throw new Error('Not signed in.');
      const setId = setIdOf(set);
      // The route refuses unknown fields: the set's id and the time it was done go only
      // with sets that have an id (a server that names sets also takes them).
      const body = { exerciseIndex, setIndex, actual, ...(setId ? { setId, doneAt: new Date().toISOString() } : {}) };
      const meta: QueuedActual = { workoutId, exerciseIndex, setIndex, ...(setId ? { setId } : {}), actual };
      return outbox.enqueue({
        kind: SET_ACTUAL,
        method: 'POST',
        path: `/api/athlete/workouts/${encodeURIComponent(workoutId)}/actuals`,
        body,
        invalidates: [myTrainingKey],
        label: `${exerciseName}, set ${setIndex + 1}`,
        meta,
      });
    },
    [outbox],
  );
}
