/**
 * The athlete's side: their own workouts, logging actual results set by set, and
 * the dashboard. A linked coach may log on the athlete's behalf (spec: coaches log
 * performance on behalf of an athlete); anyone else is told the workout does not
 * exist. Reference: src/training/API.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import { isUuid } from './domain/payload.ts';
import { MESSAGES } from './domain/workout.ts';
import { recordActual, type TrainingDeps } from './commands.ts';
import { listWorkoutsJson } from './queries.ts';
import { athleteDashboard } from './dashboard.ts';
import { dateParam, viewerToday, IgnoredToday } from './workout-routes.ts';
import { MAX_INDEX, SET_LIMITS } from './domain/limits.ts';
import { ActualRecordedOut, DashboardOut, WorkoutListOut } from './schemas.ts';
import { ErrorOut, StringEnum } from '../platform/http/response-schemas.ts';
import { WEIGHT_UNITS } from '../kernel/units.ts';

const Day = Type.String({ maxLength: 10 });
const Amount = (maximum: number) => Type.Union([Type.Number({ minimum: 0, maximum }), Type.Null()]);
const ActualBody = Type.Object(
  {
    /** The set by its stable id (as GET returns it), wherever the coach has moved it since. */
    setId: Type.Optional(Type.String({ format: 'uuid', maxLength: 36 })),
    /** The set by position: required without setId, ignored with it. */
    exerciseIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INDEX })),
    setIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INDEX })),
    /** When the athlete did the set (their phone's time, ISO 8601 with a zone): clamped into [now − 14 days, now + 5 min]. */
    doneAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
    actual: Type.Object(
      {
        reps: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: SET_LIMITS.reps }), Type.Null()])),
        load: Type.Optional(Amount(SET_LIMITS.load)),
        time_duration: Type.Optional(Amount(SET_LIMITS.time_duration)),
        // How hard the set felt: 6–10 in half steps (checked by the decider with its own text).
        rpe: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: SET_LIMITS.rpe }), Type.Null()])),
        // The unit `load` was typed in; the event keeps it (a kilogram load is checked against 907 kg).
        load_unit: Type.Optional(StringEnum(WEIGHT_UNITS)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
const RangeQuery = Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day), today: IgnoredToday }, { additionalProperties: false });
const TodayQuery = Type.Object({ today: IgnoredToday }, { additionalProperties: false });

export function athleteRoutes(app: FastifyInstance, deps: TrainingDeps) {
  const guard = { preHandler: app.requireUser };
  const tags = ['athlete'];

  app.get<{ Querystring: Static<typeof RangeQuery> }>(
    '/api/athlete/workouts',
    { ...guard, schema: { tags, querystring: RangeQuery, response: { 200: WorkoutListOut } } },
    async (req, reply) => {
      const q = req.query;
      const body = await listWorkoutsJson(deps.pool, userIdOf(req), await viewerToday(deps, userIdOf(req)), { from: dateParam(q.from, 'from'), to: dateParam(q.to, 'to') });
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof ActualBody> }>(
    '/api/athlete/workouts/:id/actuals',
    {
      ...guard,
      // A phone's queued set may arrive many times: its Idempotency-Key is kept in the event.
      config: { answerFromEvents: (events) => ({ status: 200, body: { success: true, checkpoint: events.at(-1)!.checkpoint, newRecords: [] } }) },
      schema: { tags, params: Type.Object({ id: Type.String({ maxLength: 64 }) }), body: ActualBody, response: { 200: ActualRecordedOut, '4xx': ErrorOut } },
    },
    async (req) => {
      const { setId, exerciseIndex, setIndex, actual, doneAt } = req.body;
      if (setId === undefined && exerciseIndex === undefined) throw new DomainError(400, 'exerciseIndex is required.');
      if (setId === undefined && setIndex === undefined) throw new DomainError(400, 'setIndex is required.');
      if (!isUuid(req.params.id)) throw new DomainError(404, MESSAGES.notFound);
      const set = setId !== undefined ? { setId: setId.toLowerCase() } : { exerciseIndex, setIndex };
      const result = await recordActual(deps, userIdOf(req), req.params.id, { ...set, actual, ...(doneAt !== undefined ? { doneAt } : {}) }, req.commandKey);
      return {
        success: true,
        checkpoint: result.checkpoint,
        newRecords: result.newRecords.map(({ exercise_name, rep_range, best_weight }) => ({ exercise_name, rep_range, best_weight })),
      };
    },
  );

  app.get<{ Querystring: Static<typeof TodayQuery> }>(
    '/api/athlete/dashboard',
    { ...guard, schema: { tags, querystring: TodayQuery, response: { 200: DashboardOut } } },
    async (req) => athleteDashboard(deps.pool, userIdOf(req), await viewerToday(deps, userIdOf(req))),
  );
}
