/** Lenient number reading for payload values (internal to the workout rules). */

/** A finite number from a number or numeric string; null for blanks and junk. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export const positive = (value: unknown): number => Math.max(num(value) ?? 0, 0);
