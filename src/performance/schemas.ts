/**
 * What the performance routes answer (their response schemas, also the OpenAPI
 * document's). Reference: API.md. Fastify serialises with these, so every property a
 * route sends is declared here with its real type.
 */
import { Type } from '@sinclair/typebox';
import { Checkpoint, Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { CATEGORIES } from './domain/scores.ts';
import { RANGES } from './queries.ts';

const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const EXERCISE_TYPES = ['strength', 'time', 'measurement'] as const;
const UNITS = ['lbs', 'kg', 'seconds', 'inches'] as const;

/** The PerformanceLogged event's data: the entry as it was recorded. */
const EntryOut = Type.Object({
  entryId: Type.String(),
  athleteId: Type.String(),
  exerciseName: Type.String(),
  exerciseType: StringEnum(EXERCISE_TYPES),
  value: Type.Number(),
  reps: Nullable(Type.Integer({ description: 'Strength only; null for time and measurement (rep_range 0).' })),
  unit: StringEnum(UNITS),
  date: Day,
  loggedBy: Type.String(),
});

export const EntryLoggedOut = Type.Object({
  success: Type.Boolean(),
  id: Type.String(),
  entry: Nullable(EntryOut, { description: 'null when the entry already existed (a repeated request).' }),
  checkpoint: Checkpoint,
});

export const EntryRemovedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });

/** One record as a metric of the summary (queries.ts Metric). */
const MetricOut = Type.Object({
  name: Type.String(),
  value: Type.Number(),
  unit: Type.String(),
  reps: Type.Integer(),
  date: Day,
  isPR: Type.Boolean(),
  source: StringEnum(['workout', 'manual'] as const),
  workout_id: Nullable(Type.String()),
  entry_id: Nullable(Type.String()),
});

export const SummaryOut = Type.Object({
  success: Type.Boolean(),
  overallScore: Type.Integer(),
  categories: Type.Array(
    Type.Object({
      name: StringEnum(CATEGORIES),
      icon: Type.String(),
      color: Type.String(),
      score: Type.Integer(),
      metricsCount: Type.Integer(),
      metrics: Type.Array(MetricOut),
    }),
  ),
  recentMetrics: Type.Array(MetricOut),
  allRecords: Type.Array(MetricOut),
  completion: Type.Object({
    workouts: Type.Integer(),
    completedWorkouts: Type.Integer(),
    sets: Type.Integer(),
    completedSets: Type.Integer(),
    rate: Type.Integer({ description: '%' }),
  }),
  range: StringEnum(Object.keys(RANGES) as (keyof typeof RANGES)[]),
  from: Nullable(Day, { description: 'null for the range "all"' }),
  today: Day,
});

export const RecentPrsOut = Type.Object({
  success: Type.Boolean(),
  prs: Type.Array(
    Type.Object({
      id: Type.String(),
      athlete_id: Type.String(),
      athlete_name: Type.String(),
      exercise_name: Type.String(),
      rep_range: Type.Integer(),
      weight: Type.Number(),
      previous: Type.Number(),
      unit: Type.String(),
      date_achieved: Day,
      recorded_at: Type.String({ format: 'date-time' }),
    }),
  ),
});

/** A best record of one rep range (athlete_best_records), as GET /api/performance-records lists them. */
const RecordOut = Type.Object({
  exercise_name: Type.String(),
  rep_range: Type.Integer(),
  best_weight: Type.Number(),
  date_achieved: Day,
  workout_id: Nullable(Type.String()),
  entry_id: Nullable(Type.String()),
  unit: Type.String(),
});

export const RepMaxOut = Type.Object({
  success: Type.Boolean(),
  exercise_name: Type.String(),
  formula: Type.String(),
  one_rm: Nullable(Type.Number()),
  source: Nullable(RecordOut, { description: 'The record the 1RM is estimated from.' }),
  profile: Type.Array(Type.Object({ reps: Type.Integer(), best: Nullable(RecordOut), estimated: Nullable(Type.Number()) }), { description: '1 to 12 reps' }),
});
