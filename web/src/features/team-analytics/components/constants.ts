import { fromLbs, type WeightUnit } from '@kernel';
/** Team analytics constants (spec performance-messaging-templates §9 and §4). */
export const SELECTABLE_EXERCISES = 8;
export const LISTED_EXERCISES = 5;
/** The whole team is preselected up to this many (then the most recently active). */
export const PRESELECTED_ATHLETES = 20;
/** Past this many athletes the dropdown gets a search box. */
export const SEARCH_THRESHOLD = 20;
/** Live changes of many athletes in a burst cause one refetch. */
export const LIVE_DEBOUNCE_MS = 600;

/** Spec §9 completion colours: 90 %+ good, 70 %+ warning, below bad. */
export function completionBand(rate: number): 'good' | 'warning' | 'bad' {
  if (rate >= 90) return 'good';
  if (rate >= 70) return 'warning';
  return 'bad';
}

export const oneDecimal = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const whole = (n: number) => Math.round(n).toLocaleString('en-US');
/** A load (or reps × load) the server gives in pounds, in the reader's unit: "1,000 lb", "453.6 kg". */
export const loadIn = (lbs: number, unit: WeightUnit, digits: { min: number; max: number } = { min: 0, max: 0 }) =>
  `${fromLbs(lbs, unit).toLocaleString('en-US', { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max })} ${unit}`;
