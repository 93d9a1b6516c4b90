/**
 * What athletes record (a set's `actual`) and how it survives edits. Actuals are
 * the athlete's truth: a coach's editor may hold a copy fetched before the athlete
 * logged a set, and saving that stale copy must not erase what was logged.
 */
import type { SetActual, WorkoutExercise, WorkoutSet } from './workout-rules.ts';

export const ACTUAL_FIELDS = ['reps', 'load', 'time_duration'] as const;
/**
 * What an actual keeps: the fields that make a set logged, and the RPE the athlete felt
 * (issue 27). An RPE alone logs nothing: it describes a set done, it is not one.
 */
const KEPT_FIELDS = [...ACTUAL_FIELDS, 'rpe'] as const;

/** A finite number from a number or numeric string; null for blanks and junk (as workout-rules reads values). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The value when it is a number above 0, else 0: "sets with reps" means reps > 0. */
export function positive(value: unknown): number {
  return Math.max(toNumber(value) ?? 0, 0);
}

export function isEmptyActual(actual: SetActual | null | undefined): boolean {
  return actual == null || ACTUAL_FIELDS.every((f) => actual[f] == null);
}

/** Only the known fields that hold a value, so `{reps: null}` and `{}` both read as "nothing recorded". */
export function cleanActual(actual: SetActual | null | undefined): SetActual {
  const out: SetActual = {};
  for (const f of KEPT_FIELDS) if (actual?.[f] != null) out[f] = actual[f];
  return out;
}

/**
 * A recording updates the fields it names: a number sets it, null clears it, an
 * absent field keeps what was there (the athlete may log reps now and load later).
 */
export function mergeActual(previous: SetActual | null | undefined, change: SetActual): SetActual {
  const merged: SetActual = { ...cleanActual(previous) };
  for (const f of KEPT_FIELDS) {
    if (!(f in change)) continue;
    if (change[f] == null) delete merged[f];
    else merged[f] = change[f];
  }
  return merged;
}

const nameKey = (e: WorkoutExercise) =>
  String(e.exercise_name ?? '')
    .trim()
    .toLowerCase();

/**
 * For each exercise of `next`, the index of the exercise of `previous` it continues
 * (-1 for none): the one at the same position if it has the same name, else the first
 * unclaimed one with that name (the coach may have reordered or inserted exercises).
 */
export function matchExercises(previous: readonly WorkoutExercise[], next: readonly WorkoutExercise[]): number[] {
  const claimed = new Set<number>();
  const byPosition = next.map((e, i) => (previous[i] && nameKey(previous[i]) === nameKey(e) ? i : -1));
  for (const i of byPosition) if (i >= 0) claimed.add(i);
  return next.map((e, i) => {
    if (byPosition[i] >= 0) return byPosition[i];
    const j = previous.findIndex((p, k) => !claimed.has(k) && nameKey(p) === nameKey(e));
    if (j >= 0) claimed.add(j);
    return j;
  });
}

/**
 * The revised exercises with every actual the athlete recorded kept where the
 * revision carries none for that set (same exercise, same set position). A
 * revision that carries an actual wins: the coach logged it on purpose.
 */
export function keepRecordedActuals(previous: readonly WorkoutExercise[], next: readonly WorkoutExercise[]): WorkoutExercise[] {
  const matches = matchExercises(previous, next);
  const previousIds = previous.map((e, i) => e.sets.map((_, j) => `${i}:${j}`));
  const nextIds = next.map((e, i) => e.sets.map((_, j) => (matches[i] >= 0 ? `${matches[i]}:${j}` : '')));
  return keepActualsById(previous, previousIds, next, nextIds);
}

/**
 * The revised exercises with every actual the athlete recorded kept on the set with
 * the same id where the revision carries none for it (`ids[i][j]` names
 * `exercises[i].sets[j]`). A revision that carries an actual wins.
 */
export function keepActualsById(
  previous: readonly WorkoutExercise[],
  previousIds: readonly (readonly string[])[],
  next: readonly WorkoutExercise[],
  nextIds: readonly (readonly string[])[],
): WorkoutExercise[] {
  const recorded = new Map<string, SetActual>();
  previous.forEach((e, i) =>
    e.sets?.forEach((s, j) => {
      if (!isEmptyActual(s.actual) && previousIds[i]?.[j]) recorded.set(previousIds[i][j], s.actual!);
    }),
  );
  return next.map((exercise, i) => {
    let changed = false;
    const sets = exercise.sets.map((set, j): WorkoutSet => {
      const kept = recorded.get(nextIds[i]?.[j] ?? '');
      if (!isEmptyActual(set.actual) || isEmptyActual(kept)) return set;
      changed = true;
      return { ...set, actual: cleanActual(kept) };
    });
    return changed ? { ...exercise, sets } : exercise;
  });
}

/** Deep equality that ignores key order (jsonb reorders keys) and absent-vs-undefined. */
export function sameJson(a: unknown, b: unknown): boolean {
  // Lists of different lengths differ: a new workout's record entries against none.
  if (Array.isArray(a) && Array.isArray(b) && a.length !== b.length) return false;
  return stableStringify(a) === stableStringify(b);
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
