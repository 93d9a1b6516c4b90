/**
 * Kilograms and pounds. Every load the read models hold is in pounds (the spec's
 * unit, so records, volumes and analytics compare like with like); events keep the
 * value and unit as entered (`load_unit: 'kg'` beside a load typed in kilograms), and
 * each reader sees loads in the unit of their settings. Conversions keep full
 * precision: only what is shown is rounded.
 */

export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** The international avoirdupois pound: exactly 0.45359237 kg. */
export const KG_PER_LB = 0.45359237;

export const isWeightUnit = (v: unknown): v is WeightUnit => v === 'lb' || v === 'kg';

/** A load in `unit` as pounds (an absent unit is pounds, as every load before units was). */
export function toLbs(value: number, unit: WeightUnit | null | undefined): number {
  return unit === 'kg' ? value / KG_PER_LB : value;
}

/** A load in pounds as `unit`. */
export function fromLbs(lbs: number, unit: WeightUnit): number {
  return unit === 'kg' ? lbs * KG_PER_LB : lbs;
}

/** A load from one unit to another, unrounded. */
export function convertLoad(value: number, from: WeightUnit | null | undefined, to: WeightUnit): number {
  return fromLbs(toLbs(value, from), to);
}

/** The smallest step a loaded bar moves by: a pair of 1.25 kg or 2.5 lb plates. */
export const PLATE_STEP: Record<WeightUnit, number> = { kg: 2.5, lb: 5 };

/** A computed load (e.g. 75 % of an estimated 1RM, given in pounds) rounded to loadable plates in `unit`, in that unit. */
export function roundToPlates(lbs: number, unit: WeightUnit): number {
  const step = PLATE_STEP[unit];
  return Math.round(fromLbs(lbs, unit) / step) * step;
}

/** A load for reading: at most two decimals, no trailing zeros (100 kg, 102.06 kg, 225 lb). */
export function displayLoad(lbs: number, unit: WeightUnit): number {
  return Math.round(fromLbs(lbs, unit) * 100) / 100;
}

/** "100 kg", "225 lb". */
export function formatLoad(lbs: number, unit: WeightUnit): string {
  return `${displayLoad(lbs, unit)} ${unit}`;
}

/** The heaviest load the spec allows (2000 lbs) in `unit`, rounded down for messages. */
export function maxLoadIn(maxLbs: number, unit: WeightUnit): number {
  return Math.floor(fromLbs(maxLbs, unit));
}

/**
 * The unit a person most likely uses, from their locale: pounds in the United States,
 * Liberia and Myanmar, kilograms everywhere else.
 */
export function defaultWeightUnit(locale: string | undefined): WeightUnit {
  const region = (locale ?? '').split(/[-_]/)[1]?.toUpperCase();
  return region === 'US' || region === 'LR' || region === 'MM' ? 'lb' : 'kg';
}
