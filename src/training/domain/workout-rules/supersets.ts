/** Superset linking and unlinking by heading letter. */
import { nextHeading } from '../intents.ts';
import type { WorkoutExercise } from './types.ts';

const LETTER = /^[A-Za-z]/;

function letterOf(heading: string | undefined): string | null {
  const match = LETTER.exec(String(heading ?? '').trim());
  return match ? match[0].toUpperCase() : null;
}

/** The contiguous run of exercises around `index` sharing its superset group. */
function groupRange(exercises: readonly WorkoutExercise[], index: number): [number, number] {
  const group = exercises[index].superset_group;
  if (!group) return [index, index];
  let start = index;
  let end = index;
  while (start > 0 && exercises[start - 1].superset_group === group) start--;
  while (end < exercises.length - 1 && exercises[end + 1].superset_group === group) end++;
  return [start, end];
}

function assertIndex(exercises: readonly unknown[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= exercises.length) {
    throw new RangeError(`No exercise at index ${index}.`);
  }
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Headings the letters are ours to give: empty, or a letter and a number ("B2"). A custom one ("Warm-up") is kept. */
const LETTERED = /^([A-Za-z]\d+)?$/;

/**
 * Letters in order, with no gaps: each exercise on its own, or each superset (a run
 * sharing a group), takes the next letter, its members numbered from 1 (A1, B1, B2,
 * C1, never A1, B1, B2, D1). Exercises with a custom heading keep it and take no letter.
 */
export function reletter(exercises: readonly WorkoutExercise[]): WorkoutExercise[] {
  let letter = -1;
  let member = 0;
  return exercises.map((exercise, i) => {
    if (!LETTERED.test(String(exercise.heading ?? '').trim())) return exercise;
    const group = exercise.superset_group;
    const continues = i > 0 && !!group && exercises[i - 1].superset_group === group;
    if (continues) member += 1;
    else {
      letter += 1;
      member = 1;
    }
    const heading = `${LETTERS[Math.min(letter, LETTERS.length - 1)]}${letter < LETTERS.length ? member : letter - LETTERS.length + 2}`;
    return heading === exercise.heading ? exercise : { ...exercise, heading };
  });
}

/**
 * Links exercise `index` with the next one: both get the first one's letter
 * numbered 1 and 2 and a shared superset_group. If either already belongs to a
 * superset the groups merge (A1, A2, A3). Returns a new array.
 */
export function linkSuperset(exercises: readonly WorkoutExercise[], index: number, groupId?: string): WorkoutExercise[] {
  assertIndex(exercises, index);
  assertIndex(exercises, index + 1);
  const start = groupRange(exercises, index)[0];
  const end = groupRange(exercises, index + 1)[1];
  const others = exercises.filter((_, i) => i < start || i > end).map((e) => e.heading);
  const letter = letterOf(exercises[start].heading) ?? nextHeading(others).charAt(0);
  const taken = new Set(exercises.filter((_, i) => i < start || i > end).map((e) => e.superset_group));
  let group = groupId ?? exercises[start].superset_group ?? exercises[end].superset_group ?? `superset-${letter}`;
  for (let n = 2; groupId === undefined && taken.has(group); n++) group = `superset-${letter}-${n}`;
  return reletter(exercises.map((exercise, i) => (i < start || i > end ? exercise : { ...exercise, heading: `${letter}${i - start + 1}`, superset_group: group })));
}

/**
 * Dissolves the superset containing exercise `index`: the first member keeps its
 * letter with 1, the others take the next unused letters. Returns a new array.
 */
export function unlinkSuperset(exercises: readonly WorkoutExercise[], index: number): WorkoutExercise[] {
  assertIndex(exercises, index);
  if (!exercises[index].superset_group) return [...exercises];
  const [start, end] = groupRange(exercises, index);
  const result = [...exercises];
  const headings = exercises.filter((_, i) => i < start || i > end).map((e) => e.heading);
  for (let i = start; i <= end; i++) {
    const heading = i === start && letterOf(exercises[i].heading) ? `${letterOf(exercises[i].heading)}1` : nextHeading(headings);
    headings.push(heading);
    result[i] = { ...exercises[i], heading, superset_group: null };
  }
  return reletter(result);
}
