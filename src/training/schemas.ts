/**
 * What the training routes answer (their response schemas, also the OpenAPI
 * document's): the workout shape as the read model stores it, the calendar, editor,
 * dashboard and analytics answers. Reference: API.md. Fastify serialises with these,
 * so every property a route sends is declared here with its real type.
 */
import { Type } from '@sinclair/typebox';
import { Checkpoint, Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { EXERCISE_INTENTS } from './domain/intents.ts';
import { METRIC_GROUPS, METRIC_LABELS, SET_TYPES } from './domain/workout-rules.ts';

const NullableNumber = Nullable(Type.Number());
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Timestamp = Type.String({ format: 'date-time' });
export const WORKOUT_STATUSES = ['scheduled', 'partial', 'completed', 'missed'] as const;
const Status = StringEnum(WORKOUT_STATUSES, { description: 'Computed on each request against the viewer’s today.' });

// ------------------------------------------------------------------ workout shape

/** What the athlete did on a set (SetActual). */
export const SetActualOut = Type.Object({
  reps: Type.Optional(NullableNumber),
  load: Type.Optional(NullableNumber),
  time_duration: Type.Optional(NullableNumber),
  rpe: Type.Optional(Nullable(Type.Number({ description: 'How hard the set felt, 6–10' }))),
});

/** One prescribed set (WorkoutSet): the fields its type uses, and its actual once logged. */
export const WorkoutSetOut = Type.Object({
  id: Type.Optional(Type.String({ description: 'The set’s stable id (a UUID): actuals name it as setId.' })),
  type: Type.Optional(StringEnum(SET_TYPES)),
  reps: Type.Optional(NullableNumber),
  load: Type.Optional(Nullable(Type.Number({ description: 'lbs' }))),
  load_percent: Type.Optional(Nullable(Type.Number({ description: '% of the estimated 1RM' }))),
  time_duration: Type.Optional(Nullable(Type.Number({ description: 'seconds' }))),
  rpe: Type.Optional(Nullable(Type.Number({ description: 'Target RPE' }))),
  rir: Type.Optional(Nullable(Type.Number({ description: 'Target reps in reserve, 0–5' }))),
  tempo: Type.Optional(Nullable(Type.String())),
  rest_pause: Type.Optional(NullableNumber),
  drop_weight: Type.Optional(NullableNumber),
  superset_with: Type.Optional(Nullable(Type.String())),
  actual: Type.Optional(Nullable(SetActualOut)),
});

/** One exercise of a workout (WorkoutExercise), as stored and as templates hold it too. */
export const WorkoutExerciseOut = Type.Object({
  exercise_name: Type.String(),
  heading: Type.String(),
  order_index: Type.Integer(),
  exercise_intent: StringEnum(EXERCISE_INTENTS),
  category: Type.Optional(Nullable(Type.String())),
  notes: Type.Optional(Nullable(Type.String())),
  superset_group: Type.Optional(Nullable(Type.String())),
  sets: Type.Array(WorkoutSetOut),
});

const WorkoutContent = {
  id: Type.String(),
  user_id: Type.String({ description: 'The athlete.' }),
  date: Day,
  name: Nullable(Type.String()),
  notes: Nullable(Type.String()),
  exercises: Type.Array(WorkoutExerciseOut),
};

/** GET /api/manage-workouts and /api/athlete/workouts: the calendar's workouts, deleted ones left out. */
export const WorkoutListOut = Type.Object({
  workouts: Type.Array(
    Type.Object({
      ...WorkoutContent,
      updated_at: Timestamp,
      status: Status,
      imported: Type.Optional(Type.Boolean({ description: 'From a file import (Strong, Hevy, Spotter CSV).' })),
    }),
  ),
});

/** The set logged last on a workout, and by whom (the editor's "Athlete updated" toast). */
const LastActualOut = Type.Object({
  exercise_index: Type.Integer(),
  exercise_name: Type.String(),
  set_index: Type.Integer(),
  set_id: Type.Optional(Type.String()),
  actual: SetActualOut,
  by: Nullable(Type.String()),
  by_name: Nullable(Type.String()),
  at: Type.String({ format: 'date-time', description: 'When the set was done (the phone’s doneAt), else when recorded.' }),
  recorded_at: Type.Optional(Type.String({ format: 'date-time', description: 'When the server recorded the set.' })),
});

/** GET /api/manage-workouts/:id: one workout for the editor, deleted ones included (flagged). */
export const WorkoutDetailOut = Type.Object({
  workout: Type.Object({
    ...WorkoutContent,
    status: Status,
    deleted: Type.Boolean(),
    template_id: Nullable(Type.String()),
    created_by: Nullable(Type.String()),
    created_at: Timestamp,
    updated_by: Nullable(Type.String()),
    updated_by_name: Nullable(Type.String()),
    updated_at: Timestamp,
    version: Type.Integer(),
    last_actual: Nullable(LastActualOut),
  }),
});

/** GET /api/manage-workouts/:id/history, newest first. `details` depends on `type` (see API.md). */
export const WorkoutHistoryOut = Type.Object({
  history: Type.Array(
    Type.Object({
      version: Type.Integer(),
      type: Type.String({ description: 'WorkoutScheduled, WorkoutRevised, WorkoutMoved, WorkoutDeleted, WorkoutRestored or SetActualRecorded' }),
      at: Timestamp,
      recorded_at: Type.Optional(Timestamp),
      user_id: Nullable(Type.String()),
      user_name: Type.String(),
      details: Type.Object({
        date: Type.Optional(Day),
        name: Type.Optional(Nullable(Type.String())),
        exercise_count: Type.Optional(Type.Integer()),
        from_date: Type.Optional(Day),
        to_date: Type.Optional(Day),
        exercise_index: Type.Optional(Type.Integer()),
        exercise_name: Type.Optional(Type.String()),
        set_index: Type.Optional(Type.Integer()),
        set_id: Type.Optional(Type.String()),
        actual: Type.Optional(SetActualOut),
      }),
    }),
  ),
});

// ------------------------------------------------------------------- commands

/** A personal record a save set (see API.md "Personal records after a save"). */
const NewRecordOut = Type.Object({
  exercise_name: Type.String(),
  rep_range: Type.Integer(),
  best_weight: Type.Number(),
  athlete_id: Type.Optional(Type.String({ description: 'On bulk creates only.' })),
});

export const WorkoutsCreatedOut = Type.Object({
  success: Type.Boolean(),
  created_count: Type.Integer(),
  ids: Type.Array(Type.String()),
  id: Type.Optional(Type.String({ description: 'When one {workout} was sent.' })),
  checkpoint: Checkpoint,
  newRecords: Type.Array(NewRecordOut),
});
export const WorkoutRevisedOut = Type.Object({ success: Type.Boolean(), id: Type.String(), checkpoint: Checkpoint, newRecords: Type.Array(NewRecordOut) });
export const WorkoutsDeletedOut = Type.Object({ success: Type.Boolean(), deleted_count: Type.Integer(), checkpoint: Checkpoint });
export const WorkoutsRestoredOut = Type.Object({ success: Type.Boolean(), restored_count: Type.Integer(), checkpoint: Checkpoint });
export const WorkoutMovedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });
export const ActualRecordedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint, newRecords: Type.Array(NewRecordOut) });

// ------------------------------------------------------------------- dashboard

const WorkoutCard = Type.Object({
  id: Type.String(),
  date: Day,
  name: Nullable(Type.String()),
  status: Status,
  exercise_count: Type.Integer(),
  set_count: Type.Integer(),
  done_sets: Type.Integer(),
  prescribed_sets: Type.Integer(),
});

export const DashboardOut = Type.Object({
  today: Day,
  upcoming: Type.Array(WorkoutCard),
  recent: Type.Array(WorkoutCard),
  totals: Type.Object({ workouts: Type.Integer(), completed: Type.Integer(), minutes: Type.Integer() }),
  streak: Type.Object({ current: Type.Integer(), best: Type.Integer(), definition: Type.String() }),
  progress: Type.Array(
    Type.Object({
      week_start: Day,
      workouts: Type.Integer(),
      completed: Type.Integer(),
      completion: Nullable(Type.Integer({ description: '%; null for a week with nothing planned' })),
    }),
  ),
});

// ------------------------------------------------------------------- analytics

const strings = (keys: readonly string[]) => Type.Object(Object.fromEntries(keys.map((k) => [k, Type.String()])));
const MetricGroup = Type.Object({ label: Type.String(), metrics: Type.Array(Type.String()), default: Type.String() });

export const WorkoutAnalyticsOut = Type.Object({
  success: Type.Boolean(),
  metrics: Type.Object(Object.fromEntries(Object.keys(METRIC_LABELS).map((k) => [k, Type.Number()]))),
  exercises: Type.Array(Type.Object({ exercise_name: Type.String(), sets: Type.Integer(), workouts: Type.Integer() })),
  labels: strings(Object.keys(METRIC_LABELS)),
  groups: Type.Object(Object.fromEntries(Object.keys(METRIC_GROUPS).map((k) => [k, MetricGroup]))),
});

export const WeeklyVolumeOut = Type.Object({
  success: Type.Boolean(),
  weeks: Type.Array(Type.Object({ week_start: Day, total_volume: Type.Number(), total_reps: Type.Number(), total_sets: Type.Integer(), workouts: Type.Integer() })),
});

export const CapacityOut = Type.Object({
  success: Type.Boolean(),
  total_sets: Type.Integer(),
  intents: Type.Array(Type.Object({ intent: StringEnum(EXERCISE_INTENTS), sets: Type.Integer(), percentage: Type.Integer(), color: Type.String() })),
});

/** The best record of one exercise and rep range, from a workout or a manual entry (athlete_best_records). */
export const BestRecordOut = Type.Object({
  exercise_name: Type.String(),
  rep_range: Type.Integer({ description: '0 for time and measurement records' }),
  best_weight: Type.Number(),
  date_achieved: Day,
  workout_id: Nullable(Type.String()),
  entry_id: Nullable(Type.String()),
  unit: Type.String(),
});

export const BestRecordsOut = Type.Object({ success: Type.Boolean(), records: Type.Array(BestRecordOut) });
