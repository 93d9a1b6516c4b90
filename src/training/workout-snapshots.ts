/**
 * A projection's own copy of each workout's row ("before" for the next batch), for
 * the projections outside training that derive figures from workouts (performance
 * records, team analytics). Keeping their own copy, rather than reading training's
 * `workouts` table, is what lets each rebuild alone and run at its own pace: the
 * `workouts` table may be ahead of or behind them.
 */
import type pg from 'pg';
import type { StoredEvent } from '../platform/eventstore/port.ts';
import { TRAINING_EVENT_TYPES } from './domain/events.ts';
import { foldWorkoutBatch, workoutIdOf, type WorkoutChange, type WorkoutRow, type WorkoutStep } from './domain/workout-row.ts';

/**
 * `json`, not `jsonb`: the row is only ever written whole and read whole, never queried
 * inside, and storing the text as sent costs a third of building jsonb from it (issue 28:
 * these inserts were the largest statement of both projections' rebuilds).
 */
export const workoutSnapshotsDdl = (t: string) => `CREATE TABLE ${t} (id uuid PRIMARY KEY, row json NOT NULL)`;

const isTrainingEvent = (e: StoredEvent) => (TRAINING_EVENT_TYPES as readonly string[]).includes(e.type);

/**
 * Folds a batch onto the projection's snapshot table `t` (one read, one write):
 * the changed workouts and every event in order (events of other kinds pass
 * through as `other` steps).
 */
export async function foldOntoSnapshots(tx: pg.PoolClient, t: string, events: readonly StoredEvent[]): Promise<{ changes: WorkoutChange[]; steps: WorkoutStep[] }> {
  const ids = [...new Set(events.filter(isTrainingEvent).map(workoutIdOf))];
  const before = new Map<string, WorkoutRow>();
  if (ids.length > 0) {
    const { rows } = await tx.query<{ row: WorkoutRow }>(`SELECT row FROM ${t} WHERE id = ANY($1::uuid[])`, [ids]);
    for (const { row } of rows) before.set(row.id, row);
  }
  const folded = foldWorkoutBatch(events, before, isTrainingEvent);
  if (folded.changes.length > 0) {
    // The ids beside the rows: taking each row's id with `->> 'id'` parsed every row a
    // second time (issue 28).
    await tx.query(
      `INSERT INTO ${t} (id, row) SELECT ($1::uuid[])[n], r FROM json_array_elements($2::json) WITH ORDINALITY AS x(r, n)
       ON CONFLICT (id) DO UPDATE SET row = EXCLUDED.row`,
      [folded.changes.map((c) => c.after.id), JSON.stringify(folded.changes.map((c) => c.after))],
    );
  }
  return folded;
}
