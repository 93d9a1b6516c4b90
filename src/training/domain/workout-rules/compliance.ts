/** Set compliance and its colour band. */
import type { WorkoutSet } from './types.ts';
import { positive } from './numbers.ts';

/**
 * Share (0-100, rounded) of sets with actual reps above 0 among the sets that
 * prescribe reps; null when no set prescribes reps.
 */
export function compliance(sets: readonly WorkoutSet[]): number | null {
  const prescribed = sets.filter((set) => positive(set.reps) > 0);
  if (prescribed.length === 0) return null;
  const done = prescribed.filter((set) => positive(set.actual?.reps) > 0).length;
  return Math.round((done / prescribed.length) * 100);
}

export type ComplianceBand = 'green' | 'amber' | 'red';

export function complianceBand(pct: number): ComplianceBand {
  if (pct >= 90) return 'green';
  if (pct >= 70) return 'amber';
  return 'red';
}
