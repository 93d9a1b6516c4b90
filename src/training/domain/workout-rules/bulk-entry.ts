/** Bulk Generate: the sets that replace an exercise's sets. */
import { SET_LIMITS } from '../limits.ts';
import { SET_TYPES, type SetType, type WorkoutSet } from './types.ts';
import { num } from './numbers.ts';

export interface BulkEntry {
  sets: string | number | null | undefined;
  reps: string | number | null | undefined;
  load?: string | number | null;
  type?: SetType;
}

/** Guards the editor against a typo like 5000 sets freezing the page. */
export const MAX_BULK_SETS = 100;

// eslint-disable-next-line @typescript-eslint/no-base-to-string -- cells are strings or numbers from the editor; an object stringifies non-blank, which is the wanted answer
const isBlank = (value: unknown): boolean => value == null || String(value).trim() === '';

/**
 * The sets Bulk Generate puts in place of an exercise's sets. Sets and reps are
 * required; the set count is parsed as a whole number and falls back to 1.
 */
export function bulkGenerate(entry: BulkEntry): WorkoutSet[] {
  if (isBlank(entry.sets) || isBlank(entry.reps)) {
    throw new Error('Bulk entry needs both sets and reps.');
  }
  const parsedCount = Number.parseInt(String(entry.sets), 10);
  const count = Number.isFinite(parsedCount) && parsedCount >= 1 ? parsedCount : 1;
  if (count > MAX_BULK_SETS) {
    throw new RangeError(`Bulk entry can generate at most ${MAX_BULK_SETS} sets.`);
  }
  const reps = num(entry.reps);
  if (reps === null || reps < 0 || !Number.isInteger(reps)) {
    throw new Error('Reps must be a whole number.');
  }
  if (reps > SET_LIMITS.reps) throw new RangeError(`Reps must be at most ${SET_LIMITS.reps}.`);
  let load: number | undefined;
  if (!isBlank(entry.load)) {
    const parsedLoad = num(entry.load);
    if (parsedLoad === null || parsedLoad < 0) throw new Error('Load must be a number of lbs.');
    if (parsedLoad > SET_LIMITS.load) throw new RangeError(`Load must be at most ${SET_LIMITS.load} lbs.`);
    load = parsedLoad;
  }
  const type = entry.type ?? 'standard';
  if (!SET_TYPES.includes(type)) throw new Error(`Unknown set type: ${String(type)}`);
  return Array.from({ length: count }, () => (load === undefined ? { type, reps } : { type, reps, load }));
}
