/**
 * The editor's working copy of a workout. Inputs hold text (so "2." can be typed);
 * the payload turns it back into the entity. Every exercise and set remembers its
 * index in the server's copy, so live actuals land on the right set even after the
 * coach has reordered or added exercises without saving.
 */
import { guessIntent, isTimeBased, nextHeading, type ExerciseIntent } from '@kernel';
import { linkSuperset, SET_TYPE_FIELDS, unlinkSuperset, type SetActual, type SetField, type SetType, type Workout, type WorkoutExercise, type WorkoutSet } from '@kernel';

export type FormSet = {
  key: string;
  serverIndex: number | null;
  type: SetType;
  values: Partial<Record<SetField, string>>;
  actual: SetActual | null;
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

export type WorkoutForm = { id: string | null; date: string; name: string; notes: string; exercises: FormExercise[] };

let keySeq = 0;
const newKey = () => `k${++keySeq}`;

const ALL_FIELDS: SetField[] = ['reps', 'load', 'time_duration', 'rpe', 'tempo', 'rest_pause', 'drop_weight', 'superset_with'];

/** `75%` → 75; anything else → null. */
export function percentOf(text: string | undefined): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(text ?? '');
  return m ? Number(m[1]) : null;
}

/** Spec-free house rule: a %1RM load resolves to the nearest half pound. */
export function resolvePercent(oneRm: number, percent: number): number {
  return Math.round(((oneRm * percent) / 100) * 2) / 2;
}

function toFormSet(set: WorkoutSet, serverIndex: number | null): FormSet {
  const values: FormSet['values'] = {};
  for (const field of ALL_FIELDS) {
    const value = set[field];
    if (value !== undefined && value !== null) values[field] = String(value);
  }
  // A percentage prescription is edited as typed; its resolved load is recomputed on save.
  if (set.load_percent != null) values.load = `${set.load_percent}%`;
  return { key: newKey(), serverIndex, type: set.type ?? 'standard', values, actual: set.actual ?? null };
}

export function emptySet(like?: FormSet): FormSet {
  return { key: newKey(), serverIndex: null, type: like?.type ?? 'standard', values: { ...like?.values }, actual: null };
}

export function toForm(workout: (Workout & { id?: string }) | null, date: string): WorkoutForm {
  return {
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
      sets: (exercise.sets.length ? exercise.sets : [{}]).map((set, j) => toFormSet(set, workout?.id ? j : null)),
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

function toSet(set: FormSet, oneRm: number | null | undefined): WorkoutSet {
  const out: WorkoutSet = { type: set.type };
  // Only the fields of the chosen type: switching RPE → Standard drops the RPE.
  for (const field of SET_TYPE_FIELDS[set.type]) {
    const text = set.values[field]?.trim();
    if (!text) continue;
    const percent = field === 'load' ? percentOf(text) : null;
    if (percent !== null) {
      // Both the percentage and, when the athlete has a record, the load it means today.
      out.load_percent = percent;
      if (oneRm != null) out.load = resolvePercent(oneRm, percent);
      continue;
    }
    (out as Record<string, unknown>)[field] = field === 'tempo' || field === 'superset_with' ? text : Number(text);
  }
  if (set.actual) out.actual = set.actual;
  return out;
}

export function toPayload(form: WorkoutForm, userId: string, oneRmOf: OneRmLookup = () => undefined): Workout {
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
      sets: exercise.sets.map((set) => toSet(set, oneRmOf(exercise.exercise_name.trim().toLowerCase()))),
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
