/** Paste offsets: where copied workouts land relative to a target date. */
import { addDays, dateToUtc, daysBetween } from './dates.ts';

export interface PasteEntry {
  id: string;
  originalDate: string;
  /** Days after the earliest workout of the selection. */
  relativeOffset: number;
}

/** Records each workout's offset in days from the earliest one, in input order. */
export function pasteOffsets(workouts: readonly { id: string; date: string }[]): PasteEntry[] {
  if (workouts.length === 0) return [];
  const base = workouts.map((w) => w.date).reduce((a, b) => (dateToUtc(b) < dateToUtc(a) ? b : a));
  return workouts.map((w) => ({ id: w.id, originalDate: w.date, relativeOffset: daysBetween(base, w.date) }));
}

/** Where each copied workout lands when pasted on `targetDate`, keeping the offsets. */
export function placeAt(selection: readonly PasteEntry[], targetDate: string): (PasteEntry & { targetDate: string })[] {
  dateToUtc(targetDate); // reject a bad target even when the selection is empty
  return selection.map((entry) => {
    if (!Number.isInteger(entry.relativeOffset)) {
      throw new RangeError(`Offset must be a whole number of days: ${entry.relativeOffset}`);
    }
    return { ...entry, targetDate: addDays(targetDate, entry.relativeOffset) };
  });
}
