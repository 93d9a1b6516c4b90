/**
 * The readiness events (issue 27): an athlete's daily check-in.
 * Stream: `readiness-<athleteId>-<date>`, one per athlete and local day, so "one
 * check-in a day" is the stream's own rule and two phones cannot race past it.
 * Every score is 1–5 with 5 the best (rested, fresh, calm, energetic).
 */
export interface ReadinessAnswers {
  /** 5 = slept very well. */
  sleep: number;
  /** 5 = fresh, no soreness. */
  soreness: number;
  /** 5 = calm, no stress. */
  stress: number;
  /** 5 = full of energy. */
  energy: number;
}

export type CheckInData = ReadinessAnswers & {
  athleteId: string;
  /** The athlete's local day (their time zone), YYYY-MM-DD. */
  date: string;
  note: string | null;
};

export type ReadinessEvent =
  | { type: 'ReadinessCheckedIn'; data: CheckInData }
  /** A second answer the same day: it replaces the first (the athlete corrected a tap). */
  | { type: 'ReadinessCheckInCorrected'; data: CheckInData };

export const READINESS_EVENT_TYPES = ['ReadinessCheckedIn', 'ReadinessCheckInCorrected'] as const satisfies readonly ReadinessEvent['type'][];

export const checkInStream = (athleteId: string, date: string) => `readiness-${athleteId}-${date}`;
