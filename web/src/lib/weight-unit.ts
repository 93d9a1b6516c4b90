/**
 * The reader's unit for loads: the one chosen in Settings, or, never chosen, the one
 * their browser's locale suggests. The server answers every load in pounds; each
 * screen converts for reading (displayLoad, at most two decimals) and sends a typed
 * load as typed, with its unit, so nothing is lost to rounding on the way.
 */
import { defaultWeightUnit, displayLoad, fromLbs, toLbs, type MetricKey, type WeightUnit, type WorkoutExercise, type WorkoutSet } from '@kernel';
import { useProfile } from './profile';

/** The unit a user reads loads in: their choice, else their locale's. */
export function readerUnit(chosen: WeightUnit | null | undefined, locale: string | undefined): WeightUnit {
  return chosen ?? defaultWeightUnit(locale);
}

const browserLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/** The signed-in user's unit for loads (the locale's until the profile has loaded). */
export function useWeightUnit(): WeightUnit {
  return readerUnit(useProfile().data?.weight_unit, browserLocale());
}

export const UNIT_NAMES: Record<WeightUnit, string> = { kg: 'Kilograms', lb: 'Pounds' };

/** A load from the server (pounds) as a reader sees it, a number (for inputs and charts). */
export const shownLoad = (lbs: number, unit: WeightUnit): number => displayLoad(lbs, unit);

/** "100 kg", "1,000 lb": a load from the server (pounds) with its unit, thousands grouped. */
export function loadText(lbs: number, unit: WeightUnit, options: { decimals?: number } = {}): string {
  const value = fromLbs(lbs, unit);
  const decimals = options.decimals ?? 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: decimals })} ${unit}`;
}

/**
 * What a typed load adds to a write: the unit it was typed in. Pounds go without one
 * (a load with no unit is pounds, as every load before units was), so a set typed in
 * pounds reads as it always did.
 */
export function unitField(unit: WeightUnit): { load_unit?: 'kg' } {
  return unit === 'kg' ? { load_unit: 'kg' } : {};
}

/** A write's set or actual: its `load` (and a set's `drop_weight`) in `load_unit`, pounds without one. */
export type WithLoadUnit<T> = T & { load_unit?: WeightUnit };

/** A load as a set or actual holds it (pounds unless `load_unit` says otherwise), in pounds. */
export function storedLbs(value: number, loadUnit: WeightUnit | null | undefined): number {
  return toLbs(value, loadUnit);
}

/** The unit the server gives strength metrics in (performance records, PRs, rep-max profiles). */
const STRENGTH_UNIT = 'lbs';

/** A performance value in the reader's unit when it is a load, else as it is (seconds, inches). */
export function metricValue(value: number, metricUnit: string, unit: WeightUnit): number {
  return metricUnit === STRENGTH_UNIT ? fromLbs(value, unit) : value;
}

/** The unit a performance value is read in: the reader's for loads, else its own. */
export function metricUnitOf(metricUnit: string, unit: WeightUnit): string {
  return metricUnit === STRENGTH_UNIT ? unit : metricUnit;
}

/** "100 kg", "4.52 seconds": a performance value as the reader reads it. */
export function metricText(value: number, metricUnit: string, unit: WeightUnit): string {
  return metricUnit === STRENGTH_UNIT ? `${displayLoad(value, unit)} ${unit}` : `${value} ${metricUnit}`;
}

/** The workout metrics that are loads, or reps × load: pounds from the rules, shown in the reader's unit. */
export const LOAD_METRICS: ReadonlySet<MetricKey> = new Set(['totalVolume', 'avgLoadPerSet', 'totalLoad', 'avgVolumePerSet']);

/** Sets whose loads were typed in kilograms (a template's own copy) with their loads in pounds, for the shared metric rules. */
export function setsInLbs<E extends WorkoutExercise>(exercises: readonly E[]): E[] {
  return exercises.map((e) => ({
    ...e,
    sets: e.sets.map((s: WithLoadUnit<WorkoutSet>) => {
      if (!s.load_unit) return s;
      const { load_unit: from, ...set } = s;
      return { ...set, load: set.load != null ? toLbs(set.load, from) : set.load, drop_weight: set.drop_weight != null ? toLbs(set.drop_weight, from) : set.drop_weight };
    }),
  }));
}
