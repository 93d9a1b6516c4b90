/**
 * The largest value a person can plausibly lift, do or type for each number in a
 * set (the spec's performance limits: weight 2000 lbs, time 3600 s, reps 100). Every
 * edge that accepts a set checks these, so no out-of-range number (1e308, say) ever
 * reaches an event and the read models that fold it.
 */
export const SET_LIMITS = {
  reps: 100,
  load: 2000,
  drop_weight: 2000,
  time_duration: 3600,
  rest_pause: 3600,
  rpe: 10,
  rir: 5,
} as const;

/** Exercise positions in a workout (order_index, actual's exerciseIndex/setIndex). */
export const MAX_INDEX = 1000;

/** A logged RPE is one of the RPE chart's (kernel/load-suggestion.ts): 6–10 in half steps. */
export const ACTUAL_RPE_MESSAGE = (where: string) => `${where} must be from 6 to 10 in steps of 0.5.`;
