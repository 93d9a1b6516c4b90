/**
 * The workout rules of the spec as pure functions: set types, calendar status,
 * bulk entry, superset linking, paste offsets, compliance, analytics metrics and
 * payload cleaning. No clock, no ids: "today" and group ids come in as arguments.
 * Dates are calendar dates ('YYYY-MM-DD') and all arithmetic is done in UTC, so a
 * daylight-saving change never moves a workout by a day.
 */
import { nextHeading, type ExerciseIntent } from './intents.ts';
import { SET_LIMITS } from './limits.ts';

export const SET_TYPES = ['standard', 'rpe', 'tempo', 'rest', 'drop', 'super', 'time'] as const;
export type SetType = (typeof SET_TYPES)[number];

export type SetField =
  | 'reps' | 'load' | 'rpe' | 'tempo' | 'rest_pause' | 'drop_weight' | 'superset_with' | 'time_duration';

/** The inputs the editor shows for each set type. */
export const SET_TYPE_FIELDS: Record<SetType, readonly SetField[]> = {
  standard: ['reps', 'load'],
  rpe: ['reps', 'load', 'rpe'],
  tempo: ['reps', 'load', 'tempo'],
  rest: ['reps', 'load', 'rest_pause'],
  drop: ['reps', 'load', 'drop_weight'],
  super: ['reps', 'load', 'superset_with'],
  time: ['time_duration', 'load'],
};

export const SET_TYPE_LABELS: Record<SetType, string> = {
  standard: 'Standard',
  rpe: 'RPE',
  tempo: 'Tempo',
  rest: 'Rest Pause',
  drop: 'Drop',
  super: 'Superset',
  time: 'Time Based',
};

export interface SetActual {
  reps?: number | null;
  load?: number | null;
  time_duration?: number | null;
}

export interface WorkoutSet {
  type?: SetType;
  reps?: number | null;
  /** lbs */
  load?: number | null;
  /**
   * A load prescribed as a percentage of the athlete's estimated 1RM (e.g. 75). `load`
   * then holds the load it resolved to when saved, or is absent when no record existed.
   */
  load_percent?: number | null;
  /** seconds */
  time_duration?: number | null;
  rpe?: number | null;
  tempo?: string | null;
  rest_pause?: number | null;
  drop_weight?: number | null;
  superset_with?: string | null;
  actual?: SetActual | null;
}

export interface WorkoutExercise {
  exercise_name: string;
  heading: string;
  order_index: number;
  exercise_intent: ExerciseIntent;
  category?: string | null;
  notes?: string | null;
  superset_group?: string | null;
  sets: WorkoutSet[];
}

export interface Workout {
  id?: string;
  user_id?: string;
  date: string;
  name?: string | null;
  notes?: string | null;
  exercises: WorkoutExercise[];
}

// ---------------------------------------------------------------- dates (UTC)

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of a real calendar date; throws on anything else. */
function dateToUtc(date: string): number {
  const match = ISO_DATE.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const ms = Date.UTC(year, month - 1, day);
    const back = new Date(ms);
    if (back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day) {
      return ms;
    }
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
}

/** True for a real calendar date in YYYY-MM-DD form (2025-02-30 is not one). */
export function isCalendarDate(date: string): boolean {
  try {
    dateToUtc(date);
    return true;
  } catch {
    return false;
  }
}

function utcToDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return utcToDate(dateToUtc(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtc(to) - dateToUtc(from)) / DAY_MS);
}

// -------------------------------------------------------------------- numbers

/** A finite number from a number or numeric string; null for blanks and junk. */
function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const positive = (value: unknown): number => Math.max(num(value) ?? 0, 0);

// --------------------------------------------------------------------- status

export type WorkoutStatus = 'scheduled' | 'completed' | 'partial' | 'missed';

function hasAnyActual(set: WorkoutSet): boolean {
  const a = set.actual;
  return a != null && (num(a.reps) !== null || num(a.load) !== null || num(a.time_duration) !== null);
}

/** Reps and load recorded; a time-based set has no reps, so its duration stands in for them. */
function isSetDone(set: WorkoutSet): boolean {
  const a = set.actual;
  if (a == null || num(a.load) === null) return false;
  return set.type === 'time' ? num(a.time_duration) !== null : num(a.reps) !== null;
}

/**
 * Calendar status: completed when every set has its actuals, partial when some
 * actual values exist, missed when the date is before today with no actuals,
 * otherwise scheduled. A workout without sets is never completed.
 */
export function workoutStatus(workout: Pick<Workout, 'date' | 'exercises'>, today: string): WorkoutStatus {
  const sets = (workout.exercises ?? []).flatMap((exercise) => exercise.sets ?? []);
  if (sets.length > 0 && sets.every(isSetDone)) return 'completed';
  if (sets.some(hasAnyActual)) return 'partial';
  return dateToUtc(workout.date) < dateToUtc(today) ? 'missed' : 'scheduled';
}

// ----------------------------------------------------------------- bulk entry

export interface BulkEntry {
  sets: string | number | null | undefined;
  reps: string | number | null | undefined;
  load?: string | number | null;
  type?: SetType;
}

/** Guards the editor against a typo like 5000 sets freezing the page. */
export const MAX_BULK_SETS = 100;

const isBlank = (value: unknown): boolean => value == null || String(value).trim() === '';

/**
 * The sets Bulk Generate puts in place of an exercise's sets. Sets and reps are
 * required; the set count is parsed as a whole number and falls back to 1.
 */
export function bulkGenerate(entry: BulkEntry): WorkoutSet[] {
  if (isBlank(entry.sets) || isBlank(entry.reps)) {
    throw new Error('Bulk entry needs both sets and reps.');
  }
  const parsedCount = Number.parseInt(String(entry.sets), 10);
  const count = Number.isFinite(parsedCount) && parsedCount >= 1 ? parsedCount : 1;
  if (count > MAX_BULK_SETS) {
    throw new RangeError(`Bulk entry can generate at most ${MAX_BULK_SETS} sets.`);
  }
  const reps = num(entry.reps);
  if (reps === null || reps < 0 || !Number.isInteger(reps)) {
    throw new Error('Reps must be a whole number.');
  }
  if (reps > SET_LIMITS.reps) throw new RangeError(`Reps must be at most ${SET_LIMITS.reps}.`);
  let load: number | undefined;
  if (!isBlank(entry.load)) {
    const parsedLoad = num(entry.load);
    if (parsedLoad === null || parsedLoad < 0) throw new Error('Load must be a number of lbs.');
    if (parsedLoad > SET_LIMITS.load) throw new RangeError(`Load must be at most ${SET_LIMITS.load} lbs.`);
    load = parsedLoad;
  }
  const type = entry.type ?? 'standard';
  if (!SET_TYPES.includes(type)) throw new Error(`Unknown set type: ${String(type)}`);
  return Array.from({ length: count }, () => (load === undefined ? { type, reps } : { type, reps, load }));
}

// ------------------------------------------------------------------ supersets

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

/**
 * Links exercise `index` with the next one: both get the first one's letter
 * numbered 1 and 2 and a shared superset_group. If either already belongs to a
 * superset the groups merge (A1, A2, A3). Returns a new array.
 */
export function linkSuperset(
  exercises: readonly WorkoutExercise[],
  index: number,
  groupId?: string,
): WorkoutExercise[] {
  assertIndex(exercises, index);
  assertIndex(exercises, index + 1);
  const start = groupRange(exercises, index)[0];
  const end = groupRange(exercises, index + 1)[1];
  const others = exercises.filter((_, i) => i < start || i > end).map((e) => e.heading);
  const letter = letterOf(exercises[start].heading) ?? nextHeading(others).charAt(0);
  const taken = new Set(exercises.filter((_, i) => i < start || i > end).map((e) => e.superset_group));
  let group = groupId ?? exercises[start].superset_group ?? exercises[end].superset_group ?? `superset-${letter}`;
  for (let n = 2; groupId === undefined && taken.has(group); n++) group = `superset-${letter}-${n}`;
  return exercises.map((exercise, i) =>
    i < start || i > end
      ? exercise
      : { ...exercise, heading: `${letter}${i - start + 1}`, superset_group: group },
  );
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
    const heading =
      i === start && letterOf(exercises[i].heading) ? `${letterOf(exercises[i].heading)}1` : nextHeading(headings);
    headings.push(heading);
    result[i] = { ...exercises[i], heading, superset_group: null };
  }
  return result;
}

// --------------------------------------------------------------------- paste

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
export function placeAt(
  selection: readonly PasteEntry[],
  targetDate: string,
): (PasteEntry & { targetDate: string })[] {
  dateToUtc(targetDate); // reject a bad target even when the selection is empty
  return selection.map((entry) => {
    if (!Number.isInteger(entry.relativeOffset)) {
      throw new RangeError(`Offset must be a whole number of days: ${entry.relativeOffset}`);
    }
    return { ...entry, targetDate: addDays(targetDate, entry.relativeOffset) };
  });
}

// ----------------------------------------------------------------- compliance

/**
 * Share (0-100, rounded) of sets with actual reps above 0 among the sets that
 * prescribe reps; null when no set prescribes reps.
 */
export function compliance(sets: readonly WorkoutSet[]): number | null {
  const prescribed = sets.filter((set) => positive(set.reps) > 0);
  if (prescribed.length === 0) return null;
  const done = prescribed.filter((set) => positive(set.actual?.reps) > 0).length;
  return Math.round((done / prescribed.length) * 100);
}

export type ComplianceBand = 'green' | 'amber' | 'red';

export function complianceBand(pct: number): ComplianceBand {
  if (pct >= 90) return 'green';
  if (pct >= 70) return 'amber';
  return 'red';
}

// -------------------------------------------------------------------- metrics

export interface WorkoutMetrics {
  totalReps: number;
  repsPerWorkout: number;
  avgRepsPerSet: number;
  /** Σ reps × load, lbs */
  totalVolume: number;
  avgLoadPerSet: number;
  totalLoad: number;
  avgVolumePerSet: number;
  totalSets: number;
  totalExercises: number;
  totalWorkouts: number;
}

export type MetricKey = keyof WorkoutMetrics;

/** The three analytics selectors, their options in order and their defaults. */
export const METRIC_GROUPS = {
  volume: {
    label: 'Volume',
    metrics: ['totalReps', 'repsPerWorkout', 'avgRepsPerSet', 'totalVolume'],
    default: 'totalReps',
  },
  intensity: {
    label: 'Intensity',
    metrics: ['avgLoadPerSet', 'totalLoad', 'avgVolumePerSet'],
    default: 'avgLoadPerSet',
  },
  additional: {
    label: 'Additional',
    metrics: ['totalSets', 'totalExercises', 'totalWorkouts'],
    default: 'totalSets',
  },
} as const satisfies Record<string, { label: string; metrics: readonly MetricKey[]; default: MetricKey }>;

export const METRIC_LABELS: Record<MetricKey, string> = {
  totalReps: 'Total Reps',
  repsPerWorkout: 'Reps per Workout',
  avgRepsPerSet: 'Average Reps/Set',
  totalVolume: 'Total Volume (Reps×Load)',
  avgLoadPerSet: 'Average Load/Set',
  totalLoad: 'Total Load',
  avgVolumePerSet: 'Avg Volume/Set',
  totalSets: 'Total Sets',
  totalExercises: 'Total Exercises',
  totalWorkouts: 'Total Workouts',
};

type MetricsInput = readonly { exercises?: readonly { sets?: readonly WorkoutSet[] | null }[] | null }[];

const ratio = (a: number, b: number): number => (b === 0 ? 0 : a / b);

/**
 * Prescribed-training metrics. Sets whose reps are 0 or absent are ignored, so
 * load only counts on sets with reps; exercises and workouts are all counted.
 * Averages are 0 when there is nothing to divide by; values are not rounded.
 */
export function workoutMetrics(workouts: MetricsInput): WorkoutMetrics {
  let totalReps = 0;
  let totalVolume = 0;
  let totalLoad = 0;
  let totalSets = 0;
  let totalExercises = 0;
  for (const workout of workouts) {
    for (const exercise of workout.exercises ?? []) {
      totalExercises++;
      for (const set of exercise.sets ?? []) {
        const reps = positive(set.reps);
        if (reps === 0) continue;
        const load = positive(set.load);
        totalSets++;
        totalReps += reps;
        totalLoad += load;
        totalVolume += reps * load;
      }
    }
  }
  return {
    totalReps,
    repsPerWorkout: ratio(totalReps, workouts.length),
    avgRepsPerSet: ratio(totalReps, totalSets),
    totalVolume,
    avgLoadPerSet: ratio(totalLoad, totalSets),
    totalLoad,
    avgVolumePerSet: ratio(totalVolume, totalSets),
    totalSets,
    totalExercises,
    totalWorkouts: workouts.length,
  };
}

// ------------------------------------------------------------------- payloads

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

const isEmpty = (value: unknown): boolean => value === '' || value === null || value === undefined;

/**
 * Deep copy of a payload without empty strings, nulls and undefineds, in plain
 * objects and arrays alike. Zero, false and empty containers are kept. Other
 * objects (dates, class instances) are passed through untouched.
 */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.filter((item) => !isEmpty(item)).map((item) => stripEmpty(item)) as T;
  }
  if (isPlainObject(value)) {
    // fromEntries defines own properties, so a "__proto__" key stays a plain key.
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => !isEmpty(item))
        .map(([key, item]) => [key, stripEmpty(item)]),
    ) as T;
  }
  return value;
}
