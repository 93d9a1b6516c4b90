/**
 * The personal-record rule, in one place. A value beats an earlier one when it is
 * higher, or lower for the measures where lower is better (a timed effort: see
 * lowerIsBetter). Two questions are asked of it, and they differ only on a first value:
 *
 * - `setsPersonalBest`: the saver's own answer (a save's `newRecords`, the athlete's
 *   toast): the first value for an exercise and rep count is their best so far.
 * - `isRecordNews`: what others are told ("New PR" for the coach, performance_prs):
 *   only a value that beats an earlier one; a first record beats nothing. The
 *   performance_records projection applies it in SQL, set-based, per event.
 */
export function beats(value: number, previous: number, lowerIsBetter: boolean): boolean {
  return lowerIsBetter ? value < previous : value > previous;
}

export function setsPersonalBest(value: number, previous: number | null, lowerIsBetter = false): boolean {
  return previous === null || beats(value, previous, lowerIsBetter);
}

export function isRecordNews(value: number, previous: number | null, lowerIsBetter = false): boolean {
  return previous !== null && beats(value, previous, lowerIsBetter);
}
