/**
 * When a push the push service did not take is tried again. A push is news of the
 * moment: a few tries over about three hours, then it is given up (marked failed).
 * 404 and 410 are not retried at all: the subscription is gone and is removed.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const PUSH_RETRY_DELAYS_MS: readonly number[] = [10 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 120 * MINUTE];

/** The wait after the given number of failed attempts, or null when the schedule is spent. */
export function pushRetryDelayMs(failedAttempts: number): number | null {
  return PUSH_RETRY_DELAYS_MS[failedAttempts - 1] ?? null;
}
