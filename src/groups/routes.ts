/**
 * Groups (issue 27): a coach's groups of athletes, their members, and a template or a
 * single workout given to a whole group in one call. A coach's tool: athlete-only
 * accounts get 403; another coach's group is "not found". Links are checked on the
 * server (src/groups/commands.ts); API.md beside this file has the calls.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { Checkpoint } from '../platform/http/response-schemas.ts';
import { DomainError } from '../kernel/decider.ts';
import { todayFor } from '../accounts/index.ts';
import { isUuid, parseWorkout } from '../training/index.ts';
import { GROUP_LIMITS, GROUP_MESSAGES } from './domain/groups.ts';
import { addAthletesToGroup, archiveGroup, assignTemplateToGroup, assignWorkoutToGroup, createGroup, removeAthleteFromGroup, renameGroup, type GroupsDeps } from './commands.ts';
import { groupsOf } from './queries.ts';

const Id = Type.String({ maxLength: 64 });
const IdParams = Type.Object({ id: Id });
const MemberParams = Type.Object({ id: Id, athleteId: Id });
const NameBody = Type.Object({ name: Type.String({ maxLength: 200 }) }, { additionalProperties: false });
const MembersBody = Type.Object({ athlete_ids: Type.Array(Id, { minItems: 1, maxItems: GROUP_LIMITS.members }) }, { additionalProperties: false });
const AssignTemplateBody = Type.Object({ template_id: Id, start_date: Type.String({ maxLength: 10 }) }, { additionalProperties: false });
// The workout itself is checked by the training context's own validation (parseWorkout).
const AssignWorkoutBody = Type.Object({ workout: Type.Unknown() }, { additionalProperties: false });

const Day = Type.String({ format: 'date' });
const SavedOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });
const CreatedOut = Type.Object({ success: Type.Boolean(), id: Type.String(), checkpoint: Checkpoint });
const MembersOut = Type.Object({ success: Type.Boolean(), added_count: Type.Integer(), joined_program_count: Type.Integer(), checkpoint: Checkpoint });
const AssignedOut = Type.Object({
  success: Type.Boolean(),
  group_assignment_id: Type.String(),
  scheduled_count: Type.Integer({ description: 'Members who get the program from this call.' }),
  already_count: Type.Integer({ description: 'Members who had it already (the same assignment made before).' }),
  not_linked_count: Type.Integer({ description: 'Members no longer linked to the coach: they get nothing.' }),
  start_date: Day,
  end_date: Day,
  checkpoint: Checkpoint,
});
const GroupsOut = Type.Object({
  data: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      created_at: Type.String({ format: 'date-time' }),
      member_count: Type.Integer(),
      members: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), linked: Type.Boolean() })),
      programs: Type.Array(
        Type.Object({
          id: Type.String(),
          kind: Type.String(),
          template_id: Type.Union([Type.String(), Type.Null()]),
          name: Type.String(),
          start_date: Day,
          end_date: Day,
          athlete_count: Type.Integer(),
          current: Type.Boolean(),
        }),
      ),
    }),
  ),
  athletes: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});

const groupId = (value: string) => {
  if (!isUuid(value)) throw new DomainError(404, GROUP_MESSAGES.notFound);
  return value;
};

export function groupRoutes(app: FastifyInstance, deps: GroupsDeps) {
  const guard = { preHandler: app.requireCoach };
  const tags = ['groups'];

  app.get('/api/groups', { ...guard, schema: { tags, response: { 200: GroupsOut } } }, async (req) => {
    const coachId = userIdOf(req);
    return groupsOf(deps.pool, coachId, await todayFor(deps.pool, coachId, deps.now()));
  });

  app.post<{ Body: Static<typeof NameBody> }>('/api/groups', { ...guard, schema: { tags, body: NameBody, response: { 201: CreatedOut } } }, async (req, reply) => {
    const r = await createGroup(deps, userIdOf(req), req.body.name);
    return reply.status(201).send({ success: true, ...r });
  });

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof NameBody> }>(
    '/api/groups/:id',
    { ...guard, schema: { tags, params: IdParams, body: NameBody, response: { 200: SavedOut } } },
    async (req) => ({ success: true, ...(await renameGroup(deps, userIdOf(req), groupId(req.params.id), req.body.name)) }),
  );

  app.delete<{ Params: Static<typeof IdParams> }>('/api/groups/:id', { ...guard, schema: { tags, params: IdParams, response: { 200: SavedOut } } }, async (req) => ({
    success: true,
    ...(await archiveGroup(deps, userIdOf(req), groupId(req.params.id))),
  }));

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof MembersBody> }>(
    '/api/groups/:id/members',
    { ...guard, schema: { tags, params: IdParams, body: MembersBody, response: { 200: MembersOut } } },
    async (req) => {
      const ids = req.body.athlete_ids;
      if (!ids.every(isUuid)) throw new DomainError(403, GROUP_MESSAGES.notLinked);
      return { success: true, ...(await addAthletesToGroup(deps, userIdOf(req), groupId(req.params.id), ids)) };
    },
  );

  app.delete<{ Params: Static<typeof MemberParams> }>(
    '/api/groups/:id/members/:athleteId',
    { ...guard, schema: { tags, params: MemberParams, response: { 200: SavedOut } } },
    async (req) => {
      if (!isUuid(req.params.athleteId)) throw new DomainError(404, GROUP_MESSAGES.notMember);
      return { success: true, ...(await removeAthleteFromGroup(deps, userIdOf(req), groupId(req.params.id), req.params.athleteId)) };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AssignTemplateBody> }>(
    '/api/groups/:id/assign-template',
    { ...guard, schema: { tags, params: IdParams, body: AssignTemplateBody, response: { 200: AssignedOut } } },
    async (req) => {
      const id = groupId(req.params.id);
      if (!isUuid(req.body.template_id)) throw new DomainError(404, 'Template not found.');
      return { success: true, ...(await assignTemplateToGroup(deps, userIdOf(req), id, { templateId: req.body.template_id, startDate: req.body.start_date })) };
    },
  );

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AssignWorkoutBody> }>(
    '/api/groups/:id/assign-workout',
    { ...guard, schema: { tags, params: IdParams, body: AssignWorkoutBody, response: { 200: AssignedOut } } },
    async (req) => {
      const id = groupId(req.params.id);
      const parsed = parseWorkout(req.body.workout, { requireUserId: false });
      if (parsed.athleteId) throw new DomainError(400, 'A group workout goes to every member: leave user_id out.');
      return { success: true, ...(await assignWorkoutToGroup(deps, userIdOf(req), id, parsed.content)) };
    },
  );
}
