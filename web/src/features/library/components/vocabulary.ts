/**
 * The words the catalogue uses (tests/library-catalogue.unit.test.ts holds it to
 * them). The form offers these so a coach's own exercises filter alongside the
 * catalogue's; values already in the library are offered too.
 */
export const MOVEMENT_PATTERNS = [
  'Squat',
  'Hinge',
  'Lunge',
  'Horizontal Push',
  'Vertical Push',
  'Horizontal Pull',
  'Vertical Pull',
  'Carry',
  'Rotation',
  'Anti-Rotation',
  'Jump',
  'Throw',
  'Sprint',
  'Locomotion',
  'Conditioning',
  'Core',
  'Isolation',
  'Mobility',
];

export const MUSCLE_GROUPS = [
  'Quadriceps',
  'Hamstrings',
  'Glutes',
  'Calves',
  'Tibialis',
  'Chest',
  'Back',
  'Lats',
  'Traps',
  'Shoulders',
  'Rotator Cuff',
  'Biceps',
  'Triceps',
  'Forearms',
  'Core',
  'Hip Flexors',
  'Adductors',
  'Abductors',
  'Full Body',
];

export const JOINTS = ['Ankle', 'Knee', 'Hip', 'Spine', 'Shoulder', 'Elbow', 'Wrist'];

/** The fixed list first, in its order, then anything else in use. */
export function mergeOptions(base: readonly string[], ...more: ReadonlyArray<readonly string[]>): string[] {
  const seen = new Set(base);
  const extra = more.flat().filter((v) => v && !seen.has(v) && (seen.add(v), true));
  return [...base, ...extra.sort()];
}
