/**
 * The exercise library calls: GET /api/get-exercises and POST/PUT/DELETE
 * /api/manage-exercise. Bodies come in both spec shapes: the flat one of
 * performance-messaging-templates §7 (name, pattern, …, PUT adds id) and the
 * wrapped one of coach-core §7 ({exercise}, {exerciseId, exercise}).
 * The creator is always the session's user, never the body's say-so.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { bearerToken, userIdOf } from '../platform/http/auth-hook.ts';
import { EXERCISE_NOT_FOUND, NOT_YOUR_EXERCISE, exerciseDecider, exerciseStream, type ExerciseCommand, type ExerciseInput } from './domain/exercise.ts';
import { exercisesProjection } from '../../projections/library/exercises.ts';
import { exerciseCountQuery, exerciseFacetsQuery, exercisePageQuery } from './queries.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';
import { TEXT_LIMITS } from '../kernel/limits.ts';

const Text = (maxLength: number) => Type.String({ maxLength });
const List = Type.Array(Text(60), { maxItems: 30 });
const Id = Text(80);
const Nullable = <T extends ReturnType<typeof Text>>(t: T) => Type.Union([t, Type.Null()]);

// No field is required by the schema: a missing name gets the spec's own text.
const detailFields = {
  name: Type.Optional(Nullable(Text(TEXT_LIMITS.exerciseName))),
  pattern: Type.Optional(Nullable(Text(100))),
  muscles: Type.Optional(List),
  joints: Type.Optional(List),
  use_case: Type.Optional(Nullable(Text(2000))),
  youtube_url: Type.Optional(Nullable(Text(2048))),
  created_by: Type.Optional(Nullable(Id)),
};
const Exercise = Type.Object({ ...detailFields, id: Type.Optional(Id) }, { additionalProperties: false });
const WriteBody = Type.Object({ ...detailFields, id: Type.Optional(Id), exerciseId: Type.Optional(Id), exercise: Type.Optional(Exercise) }, { additionalProperties: false });
const DeleteBody = Type.Object({ id: Type.Optional(Id), exerciseId: Type.Optional(Id), created_by: Type.Optional(Nullable(Id)) }, { additionalProperties: false });
const ListQuery = Type.Object(
  { search: Type.Optional(Text(200)), muscle: Type.Optional(Text(60)), pattern: Type.Optional(Text(100)), limit: Type.Optional(Text(10)), offset: Type.Optional(Text(10)) },
  { additionalProperties: false },
);
type WriteBody = Static<typeof WriteBody>;

const ExerciseOut = Type.Object({
  id: Type.String(),
  name: Type.String(),
  pattern: Type.String(),
  muscles: Type.Array(Type.String()),
  joints: Type.Array(Type.String()),
  use_case: Type.String(),
  youtube_url: Type.Union([Type.String(), Type.Null()]),
  exercise_type: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const ListOut = Type.Object({
  success: Type.Boolean(),
  exercises: Type.Array(ExerciseOut),
  total: Type.Integer(),
  library_size: Type.Integer(),
  filters: Type.Object({ muscles: Type.Array(Type.String()), patterns: Type.Array(Type.String()) }),
});
const WriteOut = Type.Object({ success: Type.Boolean(), id: Type.String(), checkpoint: Type.Union([Type.String(), Type.Null()]) });
const errors = { '4xx': ErrorOut };

export const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 1000;
/** A user exercise id (UUID) or a catalogue one (`catalogue-<slug>`); anything else never names a stream. */
const EXERCISE_ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|catalogue-[a-z0-9]+(?:-[a-z0-9]+)*)$/;

function wholeNumber(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = /^\d{1,7}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new DomainError(400, `${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** The exercise fields of either body shape, in the decider's words. */
function detailsOf(body: WriteBody, userId: string): ExerciseInput {
  const flatKeys = Object.keys(detailFields).filter((k) => k in body);
  if (body.exercise && flatKeys.length) {
    throw new DomainError(400, 'Send the exercise either as {exercise} or as top-level fields, not both.');
  }
  const src = body.exercise ?? body;
  if (src.created_by !== undefined && src.created_by !== userId) {
    throw new DomainError(403, 'created_by must be your own user id: exercises are always created by the signed-in user.');
  }
  const input: ExerciseInput = {};
  if (src.name !== undefined) input.name = src.name;
  if (src.pattern !== undefined) input.pattern = src.pattern;
  if (src.muscles !== undefined) input.muscles = src.muscles;
  if (src.joints !== undefined) input.joints = src.joints;
  if (src.use_case !== undefined) input.useCase = src.use_case;
  if (src.youtube_url !== undefined) input.youtubeUrl = src.youtube_url;
  return input;
}

/** The one id a PUT or DELETE names, whichever spelling the client used. */
function targetId(body: { id?: string; exerciseId?: string; exercise?: { id?: string } }): string {
  const ids = [...new Set([body.id, body.exerciseId, body.exercise?.id].filter((v): v is string => v !== undefined))];
  if (ids.length === 0) throw new DomainError(400, 'id is required.');
  if (ids.length > 1) throw new DomainError(400, 'id and exerciseId name different exercises.');
  if (!EXERCISE_ID.test(ids[0])) throw new DomainError(404, EXERCISE_NOT_FOUND);
  return ids[0];
}

/**
 * Body validation runs before preHandler; without this a signed-out client sending a
 * bad body would hear about the body instead of the spec's missing-session text.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- Fastify waits for done() on a hook that returns no promise
async function tokenPresent(req: Parameters<typeof bearerToken>[0]): Promise<void> {
  if (!bearerToken(req)) throw new DomainError(401, 'No authentication token available');
}

export function libraryRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const guard = { preValidation: tokenPresent, preHandler: app.requireUser };
  const run = async (req: Parameters<typeof userIdOf>[0], exerciseId: string, command: ExerciseCommand) => {
    const userId = userIdOf(req);
    const result = await handleCommand(deps.store, exerciseStream(exerciseId), exerciseDecider, command, { userId, now: deps.now });
    const checkpoint = result.append?.checkpoint ?? null;
    // Answer once the library read model shows the change, so the page's refetch (and
    // any client that never heard of checkpoints) sees it. Waiting on this projection
    // alone keeps a slow mail reactor or another feature's backlog out of the way.
    if (checkpoint) await deps.runner.waitFor(checkpoint, [exercisesProjection.name], 10_000).catch(() => {});
    return { success: true, id: exerciseId, checkpoint };
  };

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/get-exercises',
    { ...guard, schema: { tags: ['library'], querystring: ListQuery, response: { 200: ListOut, ...errors } } },
    async (req) => {
      const q = req.query;
      const limit = wholeNumber(q.limit, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT);
      const offset = wholeNumber(q.offset, 'offset', 0, 0, 1_000_000);
      const filter = { userId: userIdOf(req), search: q.search?.trim(), muscle: q.muscle?.trim(), pattern: q.pattern?.trim() };
      const [page, counts, facets] = await Promise.all([
        deps.pool.query<{ created_at: Date; updated_at: Date; [column: string]: unknown }>(exercisePageQuery(filter, limit, offset)),
        deps.pool.query<{ total: number; library_size: number }>(exerciseCountQuery(filter)),
        deps.pool.query<{ muscles: string[]; patterns: string[] }>(exerciseFacetsQuery(filter.userId)),
      ]);
      return {
        success: true,
        exercises: page.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() })),
        total: counts.rows[0].total,
        library_size: counts.rows[0].library_size,
        filters: facets.rows[0],
      };
    },
  );

  const writeSchema = { tags: ['library'], body: WriteBody, response: { 200: WriteOut, 201: WriteOut, ...errors } };

  app.post<{ Body: WriteBody }>('/api/manage-exercise', { ...guard, schema: writeSchema }, async (req, reply) => {
    if (req.body.id !== undefined || req.body.exerciseId !== undefined || req.body.exercise?.id !== undefined) {
      throw new DomainError(400, 'A new exercise gets its id from the server; use PUT to change an existing one.');
    }
    const details = detailsOf(req.body, userIdOf(req));
    const exerciseId = randomUUID();
    return reply.status(201).send(await run(req, exerciseId, { type: 'AddExercise', exerciseId, details }));
  });

  app.put<{ Body: WriteBody }>('/api/manage-exercise', { ...guard, schema: writeSchema }, async (req) => {
    const exerciseId = targetId(req.body);
    return run(req, exerciseId, { type: 'EditExercise', changes: detailsOf(req.body, userIdOf(req)) });
  });

  app.delete<{ Body: Static<typeof DeleteBody> }>(
    '/api/manage-exercise',
    { ...guard, schema: { tags: ['library'], body: DeleteBody, response: { 200: WriteOut, ...errors } } },
    async (req) => {
      const userId = userIdOf(req);
      // The spec's client sends the creator's id along; it may only be the caller's.
      if (req.body.created_by !== undefined && req.body.created_by !== userId) throw new DomainError(403, NOT_YOUR_EXERCISE);
      return run(req, targetId(req.body), { type: 'RemoveExercise' });
    },
  );
}
