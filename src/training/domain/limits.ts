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
} as const;

/** Exercise positions in a workout (order_index, actual's exerciseIndex/setIndex). */
export const MAX_INDEX = 1000;
