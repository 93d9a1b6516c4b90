/** Set types and the shapes of a workout, its exercises and sets. */
import type { WeightUnit } from '../../../kernel/units.ts';
import type { ExerciseIntent } from '../intents.ts';

export const SET_TYPES = ['standard', 'rpe', 'tempo', 'rest', 'drop', 'super', 'time', 'warmup'] as const;
export type SetType = (typeof SET_TYPES)[number];

export type SetField = 'reps' | 'load' | 'rpe' | 'rir' | 'tempo' | 'rest_pause' | 'drop_weight' | 'superset_with' | 'time_duration';

/** The inputs the editor shows for each set type. */
export const SET_TYPE_FIELDS: Record<SetType, readonly SetField[]> = {
  standard: ['reps', 'load'],
  // A target as RPE or as reps in reserve (RIR r ≡ RPE 10 − r); the payload takes one of them.
  rpe: ['reps', 'load', 'rpe', 'rir'],
  tempo: ['reps', 'load', 'tempo'],
  rest: ['reps', 'load', 'rest_pause'],
  drop: ['reps', 'load', 'drop_weight'],
  super: ['reps', 'load', 'superset_with'],
  time: ['time_duration', 'load'],
  // Strong's and Hevy's warm-up sets (src/transfer): kept as such through an import.
  warmup: ['reps', 'load'],
};

export const SET_TYPE_LABELS: Record<SetType, string> = {
  standard: 'Standard',
  rpe: 'RPE',
  tempo: 'Tempo',
  rest: 'Rest Pause',
  drop: 'Drop',
  super: 'Superset',
  time: 'Time Based',
  warmup: 'Warm-up',
};

export interface SetActual {
  reps?: number | null;
  load?: number | null;
  time_duration?: number | null;
  /** How hard the set felt (6–10 in half steps), as the athlete logged it. */
  rpe?: number | null;
  /** The unit `load` was typed in, as the event keeps it (absent: lb). Read models hold pounds only. */
  load_unit?: WeightUnit;
}

export interface WorkoutSet {
  /**
   * The set's stable id (a UUID): the server gives one to every set and it follows the
   * set through revisions, reorders and moves (src/training/domain/set-ids.ts). Sent
   * back by the editor, or left out (a set without one continues the set at its place).
   */
  id?: string;
  type?: SetType;
  reps?: number | null;
  /** lbs, or the unit in `load_unit` (events only: read models hold pounds). */
  load?: number | null;
  /** The unit `load` and `drop_weight` were typed in, as the event keeps it (absent: lb). */
  load_unit?: WeightUnit;
  /**
   * A load prescribed as a percentage of the athlete's estimated 1RM (e.g. 75). `load`
   * then holds the load it resolved to when saved, or is absent when no record existed.
   */
  load_percent?: number | null;
  /** seconds */
  time_duration?: number | null;
  /** The target RPE (the suggestion reads 6–10 in half steps). */
  rpe?: number | null;
  /** The target as reps in reserve, 0–5 (instead of an RPE). */
  rir?: number | null;
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
