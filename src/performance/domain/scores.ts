/**
 * The dashboard's pure rules (performance §9): the best record, categories and
 * their scores, and the estimated one-rep max behind the rep-max profile.
 */
import { exerciseType, lowerIsBetter } from './exercise-type.ts';
import { roundToPlates, type WeightUnit } from '../../kernel/units.ts';

export interface RecordLike {
  exercise_name: string;
  rep_range: number;
  best_weight: number;
  date_achieved: string;
}

/** Best record: highest weight (lowest for time-type, rep_range 0), ties to the latest date. */
export function betterRecord<R extends RecordLike>(a: R, b: R): R {
  if (a.best_weight !== b.best_weight) {
    const lower = lowerIsBetter(a.exercise_name, a.rep_range);
    return a.best_weight < b.best_weight === lower ? a : b;
  }
  return a.date_achieved >= b.date_achieved ? a : b;
}

export function bestOf<R extends RecordLike>(records: readonly R[]): R | null {
  return records.reduce<R | null>((best, r) => (best ? betterRecord(best, r) : r), null);
}

export const CATEGORIES = ['Strength', 'Speed', 'Power', 'Endurance', 'Mobility', 'Other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_STYLE: Record<Category, { icon: string; color: string }> = {
  Strength: { icon: 'dumbbell', color: '#3b82f6' },
  Speed: { icon: 'zap', color: '#f59e0b' },
  Power: { icon: 'flame', color: '#ef4444' },
  Endurance: { icon: 'heart', color: '#10b981' },
  Mobility: { icon: 'move', color: '#8b5cf6' },
  Other: { icon: 'activity', color: '#6b7280' },
};

/**
 * Words matched whole (with their plural or -ing form), so that a Barbell Row is not
 * rowing and a Crunch is not a run: "row" alone is a pull, the ergometer is "rowing".
 */
const words = (list: string[]) => new RegExp(`\\b(${list.join('|')})(s|es|ing)?\\b`, 'i');
const MOBILITY_WORDS = words(['stretch', 'mobility', 'yoga', 'flexibility', 'sit and reach', 'range of motion']);
const ENDURANCE_WORDS = words(['run', 'running', 'mile', '5k', '10k', 'rowing', 'row erg', 'rower', 'erg', 'bike', 'cycling', 'swim', 'swimming']);
const POWER_WORDS = words(['jump', 'throw', 'clean', 'snatch', 'jerk', 'med ball', 'plyo', 'plyometric']);
const OTHER_WORDS = words(['plank', 'hold', 'carry']);

/**
 * The category an exercise counts under. The catalogue's exercise_type decides when
 * the exercise is in it; otherwise the name does (sprints and dashes are Speed).
 */
export function categoryOf(name: string, catalogueType?: string | null): Category {
  const fromCatalogue = CATEGORIES.find((c) => c.toLowerCase() === catalogueType?.toLowerCase());
  if (fromCatalogue) return fromCatalogue;
  const n = name.toLowerCase();
  if (n.includes('sprint') || n.includes('dash')) return 'Speed';
  if (MOBILITY_WORDS.test(n)) return 'Mobility';
  if (ENDURANCE_WORDS.test(n)) return 'Endurance';
  if (POWER_WORDS.test(n)) return 'Power';
  if (OTHER_WORDS.test(n)) return 'Other';
  return exerciseType(n) === 'strength' ? 'Strength' : 'Other';
}

/** min(100, 20 × entries in the last 30 days + 5 × metrics count). */
export function categoryScore(entriesLast30Days: number, metricsCount: number): number {
  return Math.min(100, 20 * entriesLast30Days + 5 * metricsCount);
}

/** Rounded mean of the active categories (those with at least one metric); 0 with none. */
export function overallScore(categories: readonly { score: number; metricsCount: number }[]): number {
  const active = categories.filter((c) => c.metricsCount > 0);
  if (active.length === 0) return 0;
  return Math.round(active.reduce((s, c) => s + c.score, 0) / active.length);
}

// ------------------------------------------------------------------ one-rep max

/**
 * Epley: 1RM = load × (1 + reps / 30), used for 1–10 reps only (past ten reps the
 * estimate drifts too far to prescribe from). A single is its own 1RM.
 */
export const MAX_ESTIMATE_REPS = 10;
export const ONE_RM_FORMULA = 'Epley: 1RM = load × (1 + reps / 30), from records of 1–10 reps';

export function epley1RM(load: number, reps: number): number | null {
  if (!(load > 0) || !Number.isInteger(reps) || reps < 1 || reps > MAX_ESTIMATE_REPS) return null;
  return reps === 1 ? load : load * (1 + reps / 30);
}

/** The load Epley predicts for `reps` from a 1RM (inverse of the above). */
export function loadForReps(oneRm: number, reps: number): number {
  return reps === 1 ? oneRm : oneRm / (1 + reps / 30);
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A load prescribed as a percentage of the 1RM (in pounds), as a load the athlete can
 * put on the bar: in `unit`, rounded to its plates (2.5 kg / 5 lb). The editor's rule
 * too (web/…/workout-form.ts).
 */
export function resolvePercentLoad(oneRm: number, percent: number, unit: WeightUnit = 'lb'): number {
  return roundToPlates((oneRm * percent) / 100, unit);
}

export interface OneRmEstimate<R> {
  oneRm: number;
  source: R;
}

/** The highest estimate over the best record of each rep range 1–10, with the record it came from. */
export function estimateOneRm<R extends RecordLike>(records: readonly R[]): OneRmEstimate<R> | null {
  let best: OneRmEstimate<R> | null = null;
  for (const r of records) {
    const e = epley1RM(r.best_weight, r.rep_range);
    if (e !== null && (!best || e > best.oneRm)) best = { oneRm: round1(e), source: r };
  }
  return best;
}

export interface RepMaxRow<R> {
  reps: number;
  best: R | null;
  estimated: number | null;
}

/** Best and estimated load for 1–12 reps. */
export function repMaxProfile<R extends RecordLike>(records: readonly R[]): { estimate: OneRmEstimate<R> | null; rows: RepMaxRow<R>[] } {
  const estimate = estimateOneRm(records);
  const rows = Array.from({ length: 12 }, (_, i) => {
    const reps = i + 1;
    return {
      reps,
      best: bestOf(records.filter((r) => r.rep_range === reps)),
      estimated: estimate ? round1(loadForReps(estimate.oneRm, reps)) : null,
    };
  });
  return { estimate, rows };
}

/** A `75%` prescription against a 1RM, rounded to the nearest 0.5 lb (plates). */
export function percentLoad(oneRm: number, percent: number): number {
  return Math.round(((oneRm * percent) / 100) * 2) / 2;
}
