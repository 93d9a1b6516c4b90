/**
 * The editor's working copy of a workout. Inputs hold text (so "2." can be typed);
 * the payload turns it back into the entity. Every exercise and set remembers its
 * index in the server's copy, so live actuals land on the right set even after the
 * coach has reordered or added exercises without saving.
 *
 * Loads are typed and shown in the coach's unit. A load from the server (pounds) is
 * shown rounded, and sent back exactly as the server gave it unless the coach changes
 * it; a changed one is sent as typed, with its unit (`load_unit`), never converted.
 */
import { guessIntent, isTimeBased, nextHeading, type ExerciseIntent } from '@kernel';
import { displayLoad, fromLbs, roundToPlates, toLbs, type WeightUnit } from '@kernel';
import { linkSuperset, SET_TYPE_FIELDS, unlinkSuperset, type SetActual, type SetField, type SetType, type Workout, type WorkoutExercise, type WorkoutSet } from '@kernel';

/** The fields that hold loads (one `load_unit` covers both). */
const LOAD_FIELDS = ['load', 'drop_weight'] as const;
type LoadField = (typeof LOAD_FIELDS)[number];

/** A load the server gave, in pounds, and the text its input started with. */
type GivenLoad = { lbs: number; text: string };

export type FormSet = {
  key: string;
  serverIndex: number | null;
  type: SetType;
  values: Partial<Record<SetField, string>>;
  /** The loads as given, to send back unchanged when their text still reads the same. */
  given?: Partial<Record<LoadField, GivenLoad>>;
  actual: SetActual | null;
  /** The server's stable id of a saved set (its comments hang on it). */
  setId?: string;
};

export type FormExercise = {
  key: string;
  serverIndex: number | null;
  exercise_name: string;
  heading: string;
  exercise_intent: ExerciseIntent;
  category: string | null;
  notes: string | null;
  superset_group: string | null;
  sets: FormSet[];
};

export type WorkoutForm = {
  id: string | null;
  date: string;
  name: string;
  notes: string;
  exercises: FormExercise[];
  /** The unit the coach types and reads loads in. */
  unit: WeightUnit;
};

/** A set as given to the editor: from the server (pounds), or a template's own copy, whose typed loads carry their unit. */
type GivenSet = WorkoutSet & { load_unit?: WeightUnit | null };

let keySeq = 0;
const newKey = () => `k${++keySeq}`;

const ALL_FIELDS: SetField[] = ['reps', 'load', 'time_duration', 'rpe', 'rir', 'tempo', 'rest_pause', 'drop_weight', 'superset_with'];

/** `75%` → 75; anything else → null. */
export function percentOf(text: string | undefined): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** A %1RM load (the 1RM in pounds) in `unit`, rounded to loadable plates (2.5 kg / 5 lb). */
export function resolvePercent(oneRmLbs: number, percent: number, unit: WeightUnit): number {
  return roundToPlates((oneRmLbs * percent) / 100, unit);
}

function toFormSet(set: GivenSet, serverIndex: number | null, unit: WeightUnit): FormSet {
  const values: FormSet['values'] = {};
  const given: FormSet['given'] = {};
  for (const field of ALL_FIELDS) {
    const value = set[field];
    if (value === undefined || value === null) continue;
    if (field === 'load' || field === 'drop_weight') {
      const lbs = toLbs(value as number, set.load_unit);
      given[field] = { lbs, text: String(displayLoad(lbs, unit)) };
      values[field] = given[field].text;
    } else values[field] = String(value);
  }
  // A percentage prescription is edited as typed; its resolved load is recomputed on save.
  if (set.load_percent != null) values.load = `${set.load_percent}%`;
  return { key: newKey(), serverIndex, type: set.type ?? 'standard', values, given, actual: set.actual ?? null, setId: set.id };
}

export function emptySet(like?: FormSet): FormSet {
  return { key: newKey(), serverIndex: null, type: like?.type ?? 'standard', values: { ...like?.values }, given: { ...like?.given }, actual: null };
}

export function toForm(workout: (Workout & { id?: string }) | null, date: string, unit: WeightUnit): WorkoutForm {
  return {
    unit,
    id: workout?.id ?? null,
    date: workout?.date ?? date,
    name: workout?.name ?? '',
    notes: workout?.notes ?? '',
    exercises: (workout?.exercises ?? []).map((exercise, i) => ({
      key: newKey(),
      serverIndex: workout?.id ? i : null,
      exercise_name: exercise.exercise_name,
      heading: exercise.heading,
      exercise_intent: exercise.exercise_intent,
      category: exercise.category ?? null,
      notes: exercise.notes ?? null,
      superset_group: exercise.superset_group ?? null,
      sets: (exercise.sets.length ? exercise.sets : [{}]).map((set, j) => toFormSet(set, workout?.id ? j : null, unit)),
    })),
  };
}

/** An exercise picked from the library: its guessed intent and the first unused heading letter. */
export function newExercise(form: WorkoutForm, name: string, intent?: ExerciseIntent): FormExercise {
  const exerciseIntent = intent ?? guessIntent(name);
  // Planks, carries and mobility work are planned in seconds, not reps × load.
  const firstSet = isTimeBased(name, exerciseIntent) ? { ...emptySet(), type: 'time' as const } : emptySet();
  return {
    key: newKey(),
    serverIndex: null,
    exercise_name: name,
    heading: nextHeading(form.exercises.map((e) => e.heading)),
    exercise_intent: exerciseIntent,
    category: null,
    notes: null,
    superset_group: null,
    sets: [firstSet],
  };
}

/** Exercise name (lower case) → the athlete's estimated 1RM, or null without a record. */
export type OneRmLookup = (exerciseName: string) => number | null | undefined;

/** A set's loads for the payload: each unchanged one in pounds as given, each typed (or resolved) one in `unit`. */
type LoadValue = { value: number; typed: boolean };

function loadsOf(set: FormSet, oneRm: number | null | undefined, unit: WeightUnit): { loads: Partial<Record<LoadField, LoadValue>>; percent: number | null } {
  const loads: Partial<Record<LoadField, LoadValue>> = {};
  let percent: number | null = null;
  for (const field of LOAD_FIELDS) {
    if (!SET_TYPE_FIELDS[set.type].includes(field)) continue;
    const text = set.values[field]?.trim();
    if (!text) continue;
    const p = field === 'load' ? percentOf(text) : null;
    const given = set.given?.[field];
    if (p !== null) {
      // Both the percentage and, when the athlete has a record, the load it means today.
      percent = p;
      if (oneRm != null) loads[field] = { value: resolvePercent(oneRm, p, unit), typed: true };
    } else if (given && given.text === text) loads[field] = { value: given.lbs, typed: false };
    else loads[field] = { value: Number(text), typed: true };
  }
  return { loads, percent };
}

function toSet(set: FormSet, oneRm: number | null | undefined, unit: WeightUnit): WorkoutSet & { load_unit?: 'kg' } {
  const out: WorkoutSet & { load_unit?: 'kg' } = { type: set.type };
  // Only the fields of the chosen type: switching RPE → Standard drops the RPE.
  for (const field of SET_TYPE_FIELDS[set.type]) {
    if (field === 'load' || field === 'drop_weight') continue;
    const text = set.values[field]?.trim();
    if (!text) continue;
    (out as Record<string, unknown>)[field] = field === 'tempo' || field === 'superset_with' ? text : Number(text);
  }
  const { loads, percent } = loadsOf(set, oneRm, unit);
  if (percent !== null) out.load_percent = percent;
  // One unit covers both loads: with a load typed in kilograms the unchanged one goes in kilograms too (unrounded).
  const inKg = unit === 'kg' && Object.values(loads).some((l) => l.typed);
  for (const field of LOAD_FIELDS) {
    const load = loads[field];
    if (load) out[field] = inKg && !load.typed ? fromLbs(load.value, 'kg') : load.value;
  }
  if (inKg) out.load_unit = 'kg';
  if (set.actual) out.actual = { ...set.actual };
  return out;
}

export function toPayload(form: WorkoutForm, userId: string, oneRmOf: OneRmLookup = () => undefined): Workout {
  // The actuals go back as the server gave them (pounds); the sets' typed loads carry their unit.
  return {
    user_id: userId,
    date: form.date,
    name: form.name.trim() || null,
    notes: form.notes.trim() || null,
    exercises: form.exercises.map((exercise, index) => ({
      exercise_name: exercise.exercise_name.trim(),
      heading: exercise.heading.trim(),
      order_index: index,
      exercise_intent: exercise.exercise_intent,
      category: exercise.category,
      notes: exercise.notes,
      superset_group: exercise.superset_group,
      sets: exercise.sets.map((set) => toSet(set, oneRmOf(exercise.exercise_name.trim().toLowerCase()), form.unit)),
    })),
  };
}

/** What the form checks before sending; the server checks everything again. */
/** Exercises with a load typed as a percentage: their 1RM is needed to save. */
export function percentExercises(form: WorkoutForm): string[] {
  return form.exercises.filter((e) => e.sets.some((s) => percentOf(s.values.load) !== null)).map((e) => e.exercise_name);
}

export function formProblem(form: WorkoutForm): string | null {
  if (form.exercises.length === 0) return 'Saving a workout needs at least one exercise.';
  const unnamed = form.exercises.findIndex((e) => !e.exercise_name.trim());
  if (unnamed >= 0) return `Exercise ${unnamed + 1} needs a name.`;
  for (const exercise of form.exercises) {
    for (const set of exercise.sets) {
      for (const field of SET_TYPE_FIELDS[set.type]) {
        const text = set.values[field]?.trim();
        if (field === 'load' && text && percentOf(text) !== null) {
          const p = percentOf(text)!;
          if (p <= 0 || p > 150) return `${exercise.exercise_name}: a load percentage must be above 0% and at most 150%.`;
          continue;
        }
        if (text && field !== 'tempo' && field !== 'superset_with' && !(Number(text) >= 0)) {
          return `${exercise.exercise_name}: ${field.replace('_', ' ')} must be a number of 0 or more.`;
        }
      }
    }
  }
  return null;
}

/** The heading, position and group fields the domain's superset rules work on. */
function asEntities(exercises: FormExercise[]): WorkoutExercise[] {
  return exercises.map((e, i) => ({
    exercise_name: e.exercise_name,
    heading: e.heading,
    order_index: i,
    exercise_intent: e.exercise_intent,
    superset_group: e.superset_group,
    sets: [],
  }));
}

function withGroups(exercises: FormExercise[], grouped: WorkoutExercise[]): FormExercise[] {
  return exercises.map((e, i) => ({ ...e, heading: grouped[i].heading, superset_group: grouped[i].superset_group ?? null }));
}

export const linkWithNext = (exercises: FormExercise[], index: number) => withGroups(exercises, linkSuperset(asEntities(exercises), index));

export const unlink = (exercises: FormExercise[], index: number) => withGroups(exercises, unlinkSuperset(asEntities(exercises), index));

export function moveExercise(exercises: FormExercise[], from: number, to: number): FormExercise[] {
  if (from === to || to < 0 || to >= exercises.length) return exercises;
  const next = [...exercises];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * Live actuals (coach-core §4): only the `actual` of sets that still match the
 * server's exercise by position and name change; everything else the coach has
 * typed stays.
 */
export function mergeActuals(form: WorkoutForm, server: readonly WorkoutExercise[]): WorkoutForm {
  const norm = (s: string) => s.trim().toLowerCase();
  return {
    ...form,
    exercises: form.exercises.map((exercise) => {
      const source = exercise.serverIndex === null ? undefined : server[exercise.serverIndex];
      if (!source || norm(source.exercise_name) !== norm(exercise.exercise_name)) return exercise;
      return {
        ...exercise,
        sets: exercise.sets.map((set) => {
          const from = set.serverIndex === null ? undefined : source.sets[set.serverIndex];
          return from ? { ...set, actual: from.actual ?? null } : set;
        }),
      };
    }),
  };
}

/** After a save the server's order is the form's order. */
export function rebase(form: WorkoutForm, id: string): WorkoutForm {
  return {
    ...form,
    id,
    exercises: form.exercises.map((e, i) => ({ ...e, serverIndex: i, sets: e.sets.map((s, j) => ({ ...s, serverIndex: j })) })),
  };
}
