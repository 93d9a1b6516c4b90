/**
 * Readiness figures (issue 27), one definition for the athlete's card, the coach's
 * trend, the team view and the weekly recap: a day's readiness score, the athlete's
 * own baseline, the recent average and when the coach is told about a drop.
 */
import type { ReadinessAnswers } from './events.ts';

/** The days the recent average covers: today and the two before it. Three days smooths one bad night but still shows a trend within the week. */
export const RECENT_DAYS = 3;
/** The baseline's window: the 28 days before the recent ones. Four weeks takes in a full training cycle's ups and downs. */
export const BASELINE_DAYS = 28;
/** Fewer check-ins than this in the window and there is no baseline: a week of answers before a "normal" means anything. */
export const MIN_BASELINE_CHECK_INS = 7;
/**
 * How far (in points of the 1–5 score) the recent average must fall below the baseline
 * to flag the athlete. A day-to-day wobble of one answer by one point moves the score
 * by 0.25; 0.75 is three such steps held over three days: clearly below, not noise.
 */
export const FLAG_DROP = 0.75;

/** The day's readiness: the mean of the four answers, 1–5, higher is better. */
export function readinessScore(a: ReadinessAnswers): number {
  return (a.sleep + a.soreness + a.stress + a.energy) / 4;
}

export interface DayScore {
  date: string;
  score: number;
}

export interface ReadinessStatus {
  /** Mean score of the check-ins in the last RECENT_DAYS days (null: none). */
  recentAverage: number | null;
  recentCheckIns: number;
  /** Mean score over the BASELINE_DAYS before those (null: fewer than MIN_BASELINE_CHECK_INS check-ins). */
  baseline: number | null;
  baselineCheckIns: number;
  /** The recent average is at least FLAG_DROP below the baseline. */
  belowBaseline: boolean;
}

/** `date` moved by `days` (YYYY-MM-DD, calendar arithmetic in UTC). */
export function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The first day of the window readinessStatus reads (baseline and recent days). */
export const statusWindowStart = (today: string) => shiftDay(today, -(RECENT_DAYS + BASELINE_DAYS - 1));

/** The athlete's status on `today` (their local day) from their day scores. */
export function readinessStatus(days: readonly DayScore[], today: string): ReadinessStatus {
  const recentFrom = shiftDay(today, -(RECENT_DAYS - 1));
  const baselineFrom = statusWindowStart(today);
  const recent = days.filter((d) => d.date >= recentFrom && d.date <= today).map((d) => d.score);
  const base = days.filter((d) => d.date >= baselineFrom && d.date < recentFrom).map((d) => d.score);
  const recentAverage = mean(recent);
  const baseline = base.length >= MIN_BASELINE_CHECK_INS ? mean(base) : null;
  return {
    recentAverage: recentAverage === null ? null : round2(recentAverage),
    recentCheckIns: recent.length,
    baseline: baseline === null ? null : round2(baseline),
    baselineCheckIns: base.length,
    // Compared unrounded, so 3.25 against 4.0 (exactly 0.75) flags and 3.26 does not.
    belowBaseline: recentAverage !== null && baseline !== null && baseline - recentAverage >= FLAG_DROP - 1e-9,
  };
}
