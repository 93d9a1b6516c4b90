/**
 * Turns a workout as the editor or a paste sends it into the content the decider
 * accepts, with the spec's paste validation: user_id, date and an exercises array
 * are required; each exercise needs exercise_name and its sets must be an array;
 * empty and null values are stripped first. Anything else unknown is refused, so a
 * typo in a field name is an error rather than silently lost data.
 */
import { DomainError } from '../../kernel/decider.ts';
import type { WorkoutContent } from './events.ts';
import { EXERCISE_INTENTS, guessIntent, nextHeading, type ExerciseIntent } from './intents.ts';
import { isCalendarDate, MAX_BULK_SETS, SET_TYPES, stripEmpty, type SetActual, type SetType, type WorkoutExercise, type WorkoutSet } from './workout-rules.ts';
import { MESSAGES } from './workout.ts';
import { ACTUAL_RPE_MESSAGE, MAX_INDEX, SET_LIMITS } from './limits.ts';
import { badUnitMessage, LOAD_FIELDS, loadLimitIn } from './load-units.ts';
import { isWeightUnit, type WeightUnit } from '../../kernel/units.ts';
import { isChartRpe } from '../../kernel/load-suggestion.ts';
import { TEXT_LIMITS } from '../../kernel/limits.ts';

/** %1RM prescriptions: above 0, at most 150 (supramaximal eccentric work tops out well below). */
export const LOAD_PERCENT_MAX = 150;

export const LIMITS = {
  workoutsPerRequest: 500,
  exercisesPerWorkout: 50,
  setsPerExercise: MAX_BULK_SETS,
  name: TEXT_LIMITS.workoutName,
  notes: TEXT_LIMITS.workoutNotes,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** Fields a GET returns that a client may send back unchanged (a pasted copy): ignored. */
const READ_ONLY = new Set(['id', 'status', 'updated_at', 'created_at', 'last_actual', 'version', 'athlete_id']);
const WORKOUT_FIELDS = new Set(['user_id', 'date', 'name', 'notes', 'exercises']);
const EXERCISE_FIELDS = new Set(['exercise_name', 'heading', 'order_index', 'exercise_intent', 'category', 'notes', 'superset_group', 'sets']);
const NUMBER_FIELDS = ['reps', 'load', 'time_duration', 'rpe', 'rir', 'rest_pause', 'drop_weight'] as const;
const TEXT_FIELDS = ['tempo', 'superset_with'] as const;
/** The editor's names for some set fields (spec §3 field lists) → the entity's names. */
const SET_ALIASES: Record<string, string> = { restPause: 'rest_pause', dropWeight: 'drop_weight', supersetWith: 'superset_with', time: 'time_duration' };

type Json = Record<string, unknown>;

const bad = (message: string): never => {
  throw new DomainError(400, message);
};

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function refuseUnknown(obj: Json, allowed: Set<string>, where: string, ignored = new Set<string>()): void {
  for (const key of Object.keys(obj)) {
    if (!allowed.has(key) && !ignored.has(key)) bad(`Unknown field: ${where}${key}.`);
  }
}

function text(v: unknown, where: string, max: number): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number') v = String(v);
  if (typeof v !== 'string') return bad(`${where} must be a string.`);
  const t = v.trim();
  if (t.length > max) bad(`${where} must be at most ${max} characters.`);
  return t || undefined;
}

/** A number of 0 or more; numeric strings from form inputs are accepted. */
function amount(v: unknown, where: string, opts: { whole?: boolean; max?: number } = {}): number | undefined {
  if (v === undefined) return undefined;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0) return bad(`${where} must be a number of 0 or more.`);
  if (opts.whole && !Number.isInteger(n)) bad(`${where} must be a whole number.`);
  if (opts.max !== undefined && n > opts.max) bad(`${where} must be at most ${opts.max}.`);
  return n;
}

/** The unit a set's or actual's loads were typed in: kept as entered (load-units.ts). */
function loadUnit(v: unknown, where: string): WeightUnit | undefined {
  if (v === undefined) return undefined;
  return isWeightUnit(v) ? v : bad(badUnitMessage(`${where}.load_unit`));
}

function parseActual(raw: unknown, where: string): SetActual | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) return bad(`${where} must be an object.`);
  refuseUnknown(raw, new Set(['reps', 'load', 'time_duration', 'rpe', 'load_unit']), `${where}.`);
  const actual: SetActual = {};
  const unit = loadUnit(raw.load_unit, where);
  const reps = amount(raw.reps, `${where}.reps`, { whole: true, max: SET_LIMITS.reps });
  const load = amount(raw.load, `${where}.load`, { max: loadLimitIn(SET_LIMITS.load, unit) });
  const time = amount(raw.time_duration, `${where}.time_duration`, { max: SET_LIMITS.time_duration });
  if (reps !== undefined) actual.reps = reps;
  if (load !== undefined) actual.load = load;
  if (load !== undefined && unit !== undefined) actual.load_unit = unit;
  if (time !== undefined) actual.time_duration = time;
  const rpe = amount(raw.rpe, `${where}.rpe`, { max: SET_LIMITS.rpe });
  if (rpe !== undefined && !isChartRpe(rpe)) bad(ACTUAL_RPE_MESSAGE(`${where}.rpe`));
  if (rpe !== undefined) actual.rpe = rpe;
  return Object.keys(actual).length ? actual : undefined;
}

function parseSet(raw: unknown, where: string): WorkoutSet {
  if (!isObject(raw)) return bad(`${where} must be an object.`);
  const input: Json = {};
  for (const [k, v] of Object.entries(raw)) input[SET_ALIASES[k] ?? k] = v;
  refuseUnknown(input, new Set(['id', 'type', ...NUMBER_FIELDS, ...TEXT_FIELDS, 'load_percent', 'actual', 'load_unit']), `${where}.`);
  const unit = loadUnit(input.load_unit, where);
  const type = (input.type ?? 'standard') as SetType;
  if (!SET_TYPES.includes(type)) bad(`${where}.type must be one of ${SET_TYPES.join(', ')}.`);
  // The set's stable id as a GET returned it: kept (set-ids.ts); a set without one gets one.
  if (input.id !== undefined && !isUuid(input.id)) bad(`${where}.id must be a set id (a UUID).`);
  const set: WorkoutSet = input.id !== undefined ? { id: (input.id as string).toLowerCase(), type } : { type };
  for (const f of NUMBER_FIELDS) {
    const isLoad = (LOAD_FIELDS as readonly string[]).includes(f);
    const n = amount(input[f], `${where}.${f}`, { whole: f === 'reps' || f === 'rir', max: isLoad ? loadLimitIn(SET_LIMITS[f], unit) : SET_LIMITS[f] });
    if (n !== undefined) set[f] = n;
  }
  if (unit !== undefined && LOAD_FIELDS.some((f) => set[f] !== undefined)) set.load_unit = unit;
  if (set.rpe !== undefined && set.rir !== undefined) bad(`${where}: give a target RPE or a target RIR, not both.`);
  const percent = amount(input.load_percent, `${where}.load_percent`, { max: LOAD_PERCENT_MAX });
  if (percent !== undefined) {
    if (percent <= 0) bad(`${where}.load_percent must be greater than 0.`);
    set.load_percent = percent;
  }
  for (const f of TEXT_FIELDS) {
    const t = text(input[f], `${where}.${f}`, 100);
    if (t !== undefined) set[f] = t;
  }
  const actual = parseActual(input.actual, `${where}.actual`);
  if (actual) set.actual = actual;
  return set;
}

function parseExercise(raw: unknown, i: number): WorkoutExercise & { position: number } {
  const where = `exercises[${i}]`;
  if (!isObject(raw)) return bad(`${where} must be an object.`);
  refuseUnknown(raw, EXERCISE_FIELDS, `${where}.`, new Set(['id']));
  const name = text(raw.exercise_name, `${where}.exercise_name`, TEXT_LIMITS.exerciseName);
  if (!name) bad(`${where}.exercise_name is required.`);
  if (!Array.isArray(raw.sets)) bad(`${where}.sets must be an array.`);
  const rawSets = raw.sets as unknown[];
  if (rawSets.length > LIMITS.setsPerExercise) bad(`${where} has more than ${LIMITS.setsPerExercise} sets.`);
  const intent = raw.exercise_intent ?? guessIntent(name!);
  if (!EXERCISE_INTENTS.includes(intent as ExerciseIntent)) bad(`${where}.exercise_intent must be one of ${EXERCISE_INTENTS.join(', ')}.`);
  const exercise: WorkoutExercise & { position: number } = {
    exercise_name: name!,
    heading: text(raw.heading, `${where}.heading`, TEXT_LIMITS.exerciseHeading) ?? '',
    order_index: amount(raw.order_index, `${where}.order_index`, { whole: true, max: MAX_INDEX }) ?? i,
    exercise_intent: intent as ExerciseIntent,
    sets: rawSets.map((s, j) => parseSet(s, `${where}.sets[${j}]`)),
    position: i,
  };
  const category = text(raw.category, `${where}.category`, 100);
  const notes = text(raw.notes, `${where}.notes`, TEXT_LIMITS.exerciseNotes);
  const group = text(raw.superset_group, `${where}.superset_group`, 100);
  if (category) exercise.category = category;
  if (notes) exercise.notes = notes;
  if (group) exercise.superset_group = group;
  return exercise;
}

/**
 * Exercises in order_index order (ties keep the sent order), renumbered 0..n-1,
 * so an exercise's index in the stored array is its order_index: actuals name
 * sets by that index. Missing headings get the first unused letter.
 */
function arrange(exercises: (WorkoutExercise & { position: number })[]): WorkoutExercise[] {
  const sorted = [...exercises].sort((a, b) => a.order_index - b.order_index || a.position - b.position);
  const used = sorted.map((e) => e.heading).filter(Boolean);
  return sorted.map(({ position: _p, ...e }, i) => {
    let heading = e.heading;
    if (!heading) used.push((heading = nextHeading(used)));
    return { ...e, heading, order_index: i };
  });
}

export interface ParsedWorkout {
  /** The athlete (user_id); null when the payload did not say (allowed on update). */
  athleteId: string | null;
  content: WorkoutContent;
}

export function parseWorkout(raw: unknown, opts: { requireUserId: boolean }): ParsedWorkout {
  const w = stripEmpty(raw);
  if (!isObject(w)) return bad('workout must be an object.');
  refuseUnknown(w, WORKOUT_FIELDS, '', READ_ONLY);
  if (w.user_id === undefined && opts.requireUserId) bad('user_id is required.');
  if (w.user_id !== undefined && !isUuid(w.user_id)) bad('user_id must be a user id.');
  if (w.date === undefined) bad('date is required.');
  if (typeof w.date !== 'string' || !isCalendarDate(w.date)) bad(MESSAGES.badDate);
  if (!Array.isArray(w.exercises)) bad('exercises must be an array.');
  const list = w.exercises as unknown[];
  if (list.length === 0) bad(MESSAGES.needsExercise);
  if (list.length > LIMITS.exercisesPerWorkout) bad(`A workout can have at most ${LIMITS.exercisesPerWorkout} exercises.`);
  return {
    athleteId: (w.user_id as string | undefined) ?? null,
    content: {
      date: w.date as string,
      name: text(w.name, 'name', LIMITS.name) ?? null,
      notes: text(w.notes, 'notes', LIMITS.notes) ?? null,
      exercises: arrange(list.map(parseExercise)),
    },
  };
}

/**
 * A bulk paste: entries without exercises (missing or empty) are dropped, every
 * other entry must pass, or nothing is created. Error messages name the entry.
 */
export function parseWorkoutList(raw: unknown[]): ParsedWorkout[] {
  if (raw.length > LIMITS.workoutsPerRequest) bad(`At most ${LIMITS.workoutsPerRequest} workouts per request.`);
  const out: ParsedWorkout[] = [];
  raw.forEach((entry, i) => {
    const w = stripEmpty(entry);
    if (isObject(w) && (w.exercises === undefined || (Array.isArray(w.exercises) && w.exercises.length === 0))) return;
    try {
      out.push(parseWorkout(w, { requireUserId: true }));
    } catch (e) {
      if (e instanceof DomainError) throw new DomainError(400, `workouts[${i}]: ${e.message}`);
      throw e;
    }
  });
  if (out.length === 0) bad('No workouts with exercises to create.');
  return out;
}
