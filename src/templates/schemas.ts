/**
 * What the program template routes answer (their response schemas, also the OpenAPI
 * document's). Reference: API.md. Fastify serialises with these, so every property a
 * route sends is declared here with its real type.
 */
import { Type } from '@sinclair/typebox';
import { Checkpoint, Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { WorkoutExerciseOut } from '../training/index.ts';
import { TEMPLATE_CATEGORIES } from './domain/events.ts';

const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Timestamp = Type.String({ format: 'date-time' });

/** One workout of a template day (TemplateWorkout): its exercises are a calendar workout's. */
const TemplateWorkoutOut = Type.Object({
  id: Type.String({ description: 'Its key across revisions (re-sync matches by it).' }),
  name: Type.String(),
  notes: Nullable(Type.String()),
  exercises: Type.Array(WorkoutExerciseOut),
});

const templateFields = {
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  category: StringEnum(TEMPLATE_CATEGORIES),
  is_public: Type.Boolean(),
  user_id: Type.String({ description: 'The owner.' }),
  owner_name: Type.String(),
  is_own: Type.Boolean(),
  revision: Type.Integer(),
  day_count: Type.Integer(),
  workout_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const TemplateListOut = Type.Object({ data: Type.Array(Type.Object(templateFields)) });

export const TemplateOut = Type.Object({
  data: Type.Object({
    ...templateFields,
    workouts: Type.Record(Type.String(), Type.Array(TemplateWorkoutOut), { description: '"day-{n}" (n from 1) → that day’s workouts' }),
  }),
});

export const TemplateSavedOut = Type.Object({ success: Type.Boolean(), id: Type.String(), checkpoint: Checkpoint });
export const TemplateDeletedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });

export const TemplateAthletesOut = Type.Object({
  data: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), first_name: Nullable(Type.String()), last_name: Nullable(Type.String()) })),
});

export const AssignedOut = Type.Object({
  success: Type.Boolean(),
  assignment_id: Type.String(),
  created_count: Type.Integer(),
  start_date: Day,
  end_date: Day,
  checkpoint: Checkpoint,
});

export const AssignmentsOut = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      template_id: Type.String(),
      template_name: Type.String(),
      coach_id: Type.String(),
      athlete_id: Type.String(),
      start_date: Day,
      end_date: Day,
      revision: Type.Integer({ description: 'The template revision the assignment holds.' }),
      template_revision: Nullable(Type.Integer()),
      template_deleted: Type.Boolean(),
      unassigned: Type.Boolean(),
      deleted_count: Type.Integer(),
      kept_count: Type.Integer(),
      created_at: Timestamp,
      workout_count: Type.Integer(),
      scheduled_count: Type.Integer(),
      workouts: Type.Array(
        Type.Object({
          workout_id: Type.String(),
          date: Day,
          name: Type.String(),
          scheduled: Type.Boolean(),
          logged: Type.Boolean(),
          hand_edited: Type.Boolean(),
          deleted: Type.Boolean(),
        }),
      ),
      status: StringEnum(['scheduling', 'active', 'unassigned'] as const),
      progress: Type.String({ description: '"scheduled n of m"' }),
      resync_available: Type.Boolean(),
    }),
  ),
});

export const UnassignedOut = Type.Object({ success: Type.Boolean(), deleted_count: Type.Integer(), kept_count: Type.Integer(), checkpoint: Checkpoint });

export const ResyncedOut = Type.Object({
  success: Type.Boolean(),
  revision: Type.Integer(),
  revised_count: Type.Integer(),
  added_count: Type.Integer(),
  removed_count: Type.Integer(),
  kept: Type.Array(Type.Object({ workout_id: Type.String(), date: Day, reason: StringEnum(['logged', 'edited'] as const) })),
  checkpoint: Checkpoint,
});
