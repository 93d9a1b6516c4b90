/**
 * When a failed delivery is tried again: quickly at first (a receiver restarting),
 * then further apart, for about three days in all (67 h 35 min). After the last
 * delay's attempt fails the endpoint is disabled and the coach told.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS: readonly number[] = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR];

/** Every attempt a delivery gets: the first, and one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** The wait after the given number of failed attempts, or null when the schedule is spent. */
export function retryDelayMs(failedAttempts: number): number | null {
  return RETRY_DELAYS_MS[failedAttempts - 1] ?? null;
}
