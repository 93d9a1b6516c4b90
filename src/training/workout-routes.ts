/**
 * /api/manage-workouts: the coach calendar and editor (spec coach-core §7), plus
 * the moves the calendar makes (drag and drop, undo of a delete) and the editor's
 * live-update refetch and change history. Reference: src/training/API.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type pg from 'pg';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import type { StoredEvent } from '../platform/eventstore/port.ts';
import { DomainError } from '../kernel/decider.ts';
import { isCalendarDate, stripEmpty } from './domain/workout-rules.ts';
import { isUuid, LIMITS, parseWorkout, parseWorkoutList } from './domain/payload.ts';
import { MESSAGES } from './domain/workout.ts';
import { canActFor } from './access.ts';
import { deleteWorkouts, moveWorkout, restoreWorkouts, reviseWorkout, scheduleWorkouts, type TrainingDeps } from './commands.ts';
import { getWorkout, listWorkoutsJson, workoutHistory } from './queries.ts';
import { todayFor } from '../accounts/index.ts';
import { WorkoutDetailOut, WorkoutHistoryOut, WorkoutListOut, WorkoutMovedOut, WorkoutRevisedOut, WorkoutsCreatedOut, WorkoutsDeletedOut, WorkoutsRestoredOut } from './schemas.ts';

const Id = Type.String({ maxLength: 64 });
const Day = Type.String({ maxLength: 10 });

/** A date query parameter: absent, or a real calendar date. */
export function dateParam(value: string | undefined, name: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isCalendarDate(value)) throw new DomainError(400, `${name} must be a real calendar date (YYYY-MM-DD).`);
  return value;
}

/**
 * Today in the signed-in user's own time zone (Settings), on the server's clock: status
 * "missed", streaks and the dashboard's weeks never follow a browser's zone or clock,
 * which may be a traveller's or simply wrong.
 */
export function viewerToday(deps: { pool: pg.Pool; now: () => Date }, userId: string): Promise<string> {
  return todayFor(deps.pool, userId, deps.now());
}

/**
 * `?today=` as dashboards before this release sent it: still accepted so that a tab left
 * open across a deploy keeps working (the schemas refuse unknown parameters), but ignored.
 */
export const IgnoredToday = Type.Optional(Type.String({ maxLength: 10, description: 'Ignored: "today" is taken from the user\'s profile time zone.' }));

const NOT_YOURS = 'You can only see the training of yourself or of athletes you coach.';

function athleteIdParam(value: string | undefined, name: string): string {
  if (!value) throw new DomainError(400, `${name} is required.`);
  if (!isUuid(value)) throw new DomainError(400, `${name} must be a user id.`);
  return value;
}

/** The athlete named by a query, when the user may see their training (the athlete or a linked coach). */
export async function athleteParam(deps: TrainingDeps, userId: string, value: string | undefined, name: string): Promise<string> {
  const athleteId = athleteIdParam(value, name);
  if (!(await canActFor(deps.pool, userId, athleteId))) throw new DomainError(403, NOT_YOURS);
  return athleteId;
}

const workoutId = (value: string) => {
  if (!isUuid(value)) throw new DomainError(404, MESSAGES.notFound);
  return value;
};

const ListQuery = Type.Object(
  { clientId: Type.Optional(Id), athleteId: Type.Optional(Id), from: Type.Optional(Day), to: Type.Optional(Day), today: IgnoredToday },
  { additionalProperties: false },
);
const CreateBody = Type.Object(
  { workout: Type.Optional(Type.Unknown()), workouts: Type.Optional(Type.Array(Type.Unknown(), { maxItems: LIMITS.workoutsPerRequest })) },
  { additionalProperties: false },
);
const UpdateBody = Type.Object({ workoutId: Id, workout: Type.Unknown() }, { additionalProperties: false });
const IdsBody = Type.Object({ workoutId: Type.Optional(Id), workoutIds: Type.Optional(Type.Array(Id, { maxItems: 500 })) }, { additionalProperties: false });
const MoveBody = Type.Object({ workoutId: Id, date: Day }, { additionalProperties: false });
const IdParams = Type.Object({ id: Id });
const TodayQuery = Type.Object({ today: IgnoredToday }, { additionalProperties: false });

function idsOf(body: Static<typeof IdsBody>): string[] {
  const ids = body.workoutIds ?? (body.workoutId ? [body.workoutId] : []);
  if (ids.length === 0) throw new DomainError(400, 'workoutId or workoutIds is required.');
  return ids.map(workoutId);
}

const publicRecords = (list: { exercise_name: string; rep_range: number; best_weight: number }[]) =>
  list.map(({ exercise_name, rep_range, best_weight }) => ({ exercise_name, rep_range, best_weight }));

export function workoutRoutes(app: FastifyInstance, deps: TrainingDeps) {
  const guard = { preHandler: app.requireUser };
  const tags = ['workouts'];

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/api/manage-workouts',
    { ...guard, schema: { tags, querystring: ListQuery, response: { 200: WorkoutListOut } } },
    async (req, reply: FastifyReply) => {
      const q = req.query;
      const athleteId = athleteIdParam(q.clientId ?? q.athleteId, 'clientId');
      const range = { from: dateParam(q.from, 'from'), to: dateParam(q.to, 'to') };
      // The access check rides in the same query: this is the calendar's hot path.
      const body = await listWorkoutsJson(deps.pool, athleteId, await viewerToday(deps, userIdOf(req)), range, userIdOf(req));
      if (body === null) throw new DomainError(403, NOT_YOURS);
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post<{ Body: Static<typeof CreateBody> }>(
    '/api/manage-workouts',
    { ...guard, schema: { tags, body: CreateBody, response: { 201: WorkoutsCreatedOut } } },
    async (req, reply) => {
      const { workout, workouts } = req.body;
      if ((workout === undefined) === (workouts === undefined)) throw new DomainError(400, 'Send either {workout} or {workouts:[...]}.');
      // Validate everything before writing anything: a bulk paste is all or nothing.
      const parsed = workouts !== undefined ? parseWorkoutList(stripEmpty(workouts)) : [parseWorkout(workout, { requireUserId: true })];
      const result = await scheduleWorkouts(deps, userIdOf(req), parsed);
      return reply.status(201).send({
        success: true,
        created_count: result.ids.length,
        ids: result.ids,
        ...(workout !== undefined ? { id: result.ids[0] } : {}),
        checkpoint: result.checkpoint,
        newRecords: workouts !== undefined ? result.newRecords : publicRecords(result.newRecords),
      });
    },
  );

  const reviseAnswer = (events: StoredEvent[]) => ({
    status: 200,
    body: { success: true, id: (events[0].data as { workoutId: string }).workoutId, checkpoint: events.at(-1)!.checkpoint, newRecords: [] },
  });
  // Also the athlete's own notes and edits from a phone: the Idempotency-Key is kept in the event.
  app.put<{ Body: Static<typeof UpdateBody> }>(
    '/api/manage-workouts',
    { ...guard, config: { answerFromEvents: reviseAnswer }, schema: { tags, body: UpdateBody, response: { 200: WorkoutRevisedOut } } },
    async (req) => {
      const id = workoutId(req.body.workoutId);
      const parsed = parseWorkout(req.body.workout, { requireUserId: false });
      const result = await reviseWorkout(deps, userIdOf(req), id, parsed, req.commandKey);
      return { success: true, id, checkpoint: result.checkpoint, newRecords: publicRecords(result.newRecords) };
    },
  );

  app.delete<{ Body: Static<typeof IdsBody> }>('/api/manage-workouts', { ...guard, schema: { tags, body: IdsBody, response: { 200: WorkoutsDeletedOut } } }, async (req) => {
    const result = await deleteWorkouts(deps, userIdOf(req), idsOf(req.body));
    return { success: true, deleted_count: result.deleted_count, checkpoint: result.checkpoint };
  });

  app.post<{ Body: Static<typeof IdsBody> }>('/api/manage-workouts/restore', { ...guard, schema: { tags, body: IdsBody, response: { 200: WorkoutsRestoredOut } } }, async (req) => {
    const result = await restoreWorkouts(deps, userIdOf(req), idsOf(req.body));
    return { success: true, restored_count: result.restored_count, checkpoint: result.checkpoint };
  });

  app.post<{ Body: Static<typeof MoveBody> }>('/api/manage-workouts/move', { ...guard, schema: { tags, body: MoveBody, response: { 200: WorkoutMovedOut } } }, async (req) => {
    const date = dateParam(req.body.date, 'date')!;
    const result = await moveWorkout(deps, userIdOf(req), workoutId(req.body.workoutId), date);
    return { success: true, checkpoint: result.checkpoint };
  });

  app.get<{ Params: Static<typeof IdParams>; Querystring: Static<typeof TodayQuery> }>(
    '/api/manage-workouts/:id',
    { ...guard, schema: { tags, params: IdParams, querystring: TodayQuery, response: { 200: WorkoutDetailOut } } },
    async (req) => {
      const workout = await getWorkout(deps.pool, workoutId(req.params.id), await viewerToday(deps, userIdOf(req)));
      if (!workout || !(await canActFor(deps.pool, userIdOf(req), workout.user_id))) throw new DomainError(404, MESSAGES.notFound);
      return { workout };
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/api/manage-workouts/:id/history',
    { ...guard, schema: { tags, params: IdParams, response: { 200: WorkoutHistoryOut } } },
    async (req) => {
      const { athleteId, history } = await workoutHistory(deps.store, deps.pool, workoutId(req.params.id));
      if (!athleteId || !(await canActFor(deps.pool, userIdOf(req), athleteId))) throw new DomainError(404, MESSAGES.notFound);
      return { history };
    },
  );
}
