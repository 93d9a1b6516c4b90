/**
 * Loads from the athlete's own numbers (issue 27): an estimated 1RM from their best
 * recent set, and the load that 1RM means for a prescribed number of reps at a target
 * RPE, rounded to loadable plates in the reader's unit. One definition for the
 * server's answer (GET /api/athletes/:id/load-suggestions) and the editor's display.
 *
 * The percentages are Mike Tuchscherer's RPE chart (Reactive Training Systems, "The
 * Reactive Training Manual", 2008), the table most RPE-based programs print: % of 1RM
 * a lifter can move for 1–12 reps at RPE 10 down to 6. Each row is the one above it
 * moved by half a rep: RPE 10 − r leaves r reps in reserve, so 5 reps @ RPE 8 weighs
 * what 7 reps @ RPE 10 does.
 *
 * A logged set without an RPE is read as RPE 10 (taken to failure). That is the
 * conservative reading: it gives the lowest e1RM the set allows, so a missing RPE can
 * never talk the suggestion up, and it keeps one chart for every set (no second
 * formula such as Epley whose estimates disagree with the chart's).
 */
import { fromLbs, roundToPlates, type WeightUnit } from './units.ts';

export const RPE_MIN = 6;
export const RPE_MAX = 10;
export const RIR_MAX = 5;
export const CHART_MAX_REPS = 12;

/** % of 1RM by RPE (rows 10, 9.5, … 6) and reps (columns 1–12). */
const RPE_CHART: Record<string, readonly number[]> = {
  '10': [100, 95.5, 92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0],
  '9.5': [97.8, 93.9, 90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7],
  '9': [95.5, 92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3],
  '8.5': [93.9, 90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0],
  '8': [92.2, 89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3, 62.6],
  '7.5': [90.7, 87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0, 61.3],
  '7': [89.2, 86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3, 62.6, 59.9],
  '6.5': [87.8, 85.0, 82.4, 79.9, 77.4, 75.1, 72.3, 69.4, 66.7, 64.0, 61.3, 58.6],
  '6': [86.3, 83.7, 81.1, 78.6, 76.2, 73.9, 70.7, 68.0, 65.3, 62.6, 59.9, 57.4],
};

/** An RPE the chart has: 6–10 in half steps. */
export const isChartRpe = (rpe: unknown): rpe is number => typeof rpe === 'number' && rpe >= RPE_MIN && rpe <= RPE_MAX && Number.isInteger(rpe * 2);

/** Reps in reserve as an RPE: r RIR ≡ RPE 10 − r. */
export const rpeOfRir = (rir: number): number => RPE_MAX - rir;

/** % of 1RM for `reps` (1–12) at `rpe` (6–10, half steps); null off the chart. */
export function percentOfOneRm(reps: number, rpe: number): number | null {
  if (!Number.isInteger(reps) || reps < 1 || reps > CHART_MAX_REPS || !isChartRpe(rpe)) return null;
  return RPE_CHART[String(rpe)][reps - 1];
}

/** The 1RM a set implies: load ÷ its chart percentage (RPE absent: 10). Null off the chart. */
export function estimatedOneRm(load: number, reps: number, rpe: number | null | undefined): number | null {
  const pct = percentOfOneRm(reps, rpe ?? RPE_MAX);
  return load > 0 && pct !== null ? (load * 100) / pct : null;
}

/** A set the athlete did: load in pounds (as every read model holds it). */
export interface RecentSet {
  load: number;
  reps: number;
  /** The RPE they logged; null: not logged (read as 10). */
  rpe: number | null;
  date: string;
}

export interface LoadSuggestion {
  /** The load to put on the bar, in `unit`, rounded to its plates. */
  load: number;
  unit: WeightUnit;
  /** The estimated 1RM, in pounds. */
  oneRm: number;
  percent: number;
  targetRpe: number;
  source: RecentSet;
  reason: string;
}

/** The set with the highest estimated 1RM (ties: the later one); null when none is on the chart. */
export function bestRecentSet(sets: readonly RecentSet[]): { set: RecentSet; oneRm: number } | null {
  let best: { set: RecentSet; oneRm: number } | null = null;
  for (const set of sets) {
    const oneRm = estimatedOneRm(set.load, set.reps, set.rpe);
    if (oneRm !== null && (!best || oneRm > best.oneRm || (oneRm === best.oneRm && set.date > best.set.date))) best = { set, oneRm };
  }
  return best;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "12 Nov" from 2025-11-12. */
export const shortDate = (date: string) => `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? ''}`;

const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);
const rpeText = (set: RecentSet) => (set.rpe === null ? 'no RPE logged, read as RPE 10' : `RPE ${set.rpe}`);

/**
 * The load for `reps` at `targetRpe` from the best of `sets`, in `unit`; null when no
 * set or target is on the chart. The reason says where each number came from, e.g.
 * "e1RM 148 kg from 120 kg × 5 @ RPE 8 on 12 Nov → 5 reps @ RPE 8 = 81.1% → 120 kg".
 */
export function suggestLoad(sets: readonly RecentSet[], target: { reps: number; rpe: number }, unit: WeightUnit): LoadSuggestion | null {
  const percent = percentOfOneRm(target.reps, target.rpe);
  const best = bestRecentSet(sets);
  if (percent === null || best === null) return null;
  const load = roundToPlates((best.oneRm * percent) / 100, unit);
  const s = best.set;
  const reason =
    `e1RM ${oneDecimal(fromLbs(best.oneRm, unit))} ${unit} from ${oneDecimal(fromLbs(s.load, unit))} ${unit} × ${s.reps} @ ${rpeText(s)} on ${shortDate(s.date)}` +
    ` → ${target.reps} reps @ RPE ${target.rpe} = ${percent}% → ${load} ${unit}`;
  return { load, unit, oneRm: best.oneRm, percent, targetRpe: target.rpe, source: s, reason };
}
