/**
 * "Workouts done", the one definition every surface counts (the athlete's dashboard,
 * the weekly recap e-mail, `spotter recap`, team analytics): a planned workout in
 * which the athlete logged something, completed or partly done. The same workouts
 * make the streak (streaks.ts) and the time trained (summaries.ts minutes), so a week
 * never reads "0 workouts, 58 m trained".
 */
import type { BaseStatus } from './summaries.ts';

export const isWorkoutDone = (baseStatus: BaseStatus): boolean => baseStatus !== 'scheduled';

/** The same rule over the `workouts` read model's base_status column. */
export const WORKOUT_DONE_SQL = `base_status <> 'scheduled'`;
