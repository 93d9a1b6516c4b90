/**
 * Program templates (spec "Program templates page" and its template calls): the
 * builder's save/load/delete, the Manager's list, the Assign dialog's athletes and
 * assignment, and the calendar's assignment list with Unassign and Re-sync.
 * Ownership and links are checked on the server (see src/templates/commands.ts).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import { isUuid } from '../training/index.ts';
import { canActFor } from '../training/index.ts';
import { TEMPLATE_LIMITS, parseTemplate } from './domain/payload.ts';
import { MESSAGES } from './domain/template.ts';
import { MAX_DAY } from './domain/schedule.ts';
import { assignTemplate, copyTemplate, createTemplate, deleteTemplate, resyncAssignment, reviseTemplate, unassignTemplate, type TemplatesDeps } from './commands.ts';
import { getTemplate, listAssignments, listTemplates, templateAthletes } from './queries.ts';
import { AssignedOut, AssignmentsOut, ResyncedOut, TemplateAthletesOut, TemplateDeletedOut, TemplateListOut, TemplateOut, TemplateSavedOut, UnassignedOut } from './schemas.ts';

const Id = Type.String({ maxLength: 64 });
const IdParams = Type.Object({ id: Id });
const TemplateBody = Type.Object(
  {
    name: Type.String({ maxLength: TEMPLATE_LIMITS.name }),
    description: Type.Optional(Type.String({ maxLength: TEMPLATE_LIMITS.description })),
    category: Type.Optional(Type.String({ maxLength: 40 })),
    is_public: Type.Optional(Type.Boolean()),
    // Each workout is checked by the training context's own validation (parseWorkout).
    workouts: Type.Record(Type.String({ maxLength: 10 }), Type.Array(Type.Unknown(), { maxItems: TEMPLATE_LIMITS.workoutsPerDay }), { maxProperties: MAX_DAY }),
    // The spec's save payload carries these; the server decides them itself.
    id: Type.Optional(Type.Union([Id, Type.Null()])),
    user_id: Type.Optional(Type.Union([Id, Type.Null()])),
    created_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
    updated_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const AssignBody = Type.Object({ athlete_id: Id, start_date: Type.String({ maxLength: 10 }) }, { additionalProperties: false });
const AssignmentsQuery = Type.Object({ athlete_id: Id }, { additionalProperties: false });

const templateId = (value: string) => {
  if (!isUuid(value)) throw new DomainError(404, MESSAGES.notFound);
  return value;
};
const assignmentId = (value: string) => {
  if (!isUuid(value)) throw new DomainError(404, 'Assignment not found.');
  return value;
};

export function templateRoutes(app: FastifyInstance, deps: TemplatesDeps) {
  // Templates are a coach's tool: athlete-only accounts are refused on the server, not
  // only hidden in the navigation. An athlete may still list their own assignments.
  const guard = { preHandler: app.requireCoach };
  const anyUser = { preHandler: app.requireUser };
  const tags = ['program-templates'];

  app.get('/api/program-templates', { ...guard, schema: { tags, response: { 200: TemplateListOut } } }, async (req) => ({ data: await listTemplates(deps.pool, userIdOf(req)) }));

  app.get<{ Params: Static<typeof IdParams> }>('/api/program-templates/:id', { ...guard, schema: { tags, params: IdParams, response: { 200: TemplateOut } } }, async (req) => {
    const data = await getTemplate(deps.pool, userIdOf(req), templateId(req.params.id));
    if (!data) throw new DomainError(404, MESSAGES.notFound);
    return { data };
  });

  app.post<{ Body: Static<typeof TemplateBody> }>(
    '/api/program-templates',
    { ...guard, schema: { tags, body: TemplateBody, response: { 201: TemplateSavedOut } } },
    async (req, reply) => {
      const result = await createTemplate(deps, userIdOf(req), parseTemplate(req.body));
      return reply.status(201).send({ success: true, id: result.id, checkpoint: result.checkpoint });
    },
  );

  app.put<{ Params: Static<typeof IdParams>; Body: Static<typeof TemplateBody> }>(
    '/api/program-templates/:id',
    { ...guard, schema: { tags, params: IdParams, body: TemplateBody, response: { 200: TemplateSavedOut } } },
    async (req) => {
      const id = templateId(req.params.id);
      const result = await reviseTemplate(deps, userIdOf(req), id, parseTemplate(req.body));
      return { success: true, id, checkpoint: result.checkpoint };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>(
    '/api/program-templates/:id',
    { ...guard, schema: { tags, params: IdParams, response: { 200: TemplateDeletedOut } } },
    async (req) => {
      const result = await deleteTemplate(deps, userIdOf(req), templateId(req.params.id));
      return { success: true, checkpoint: result.checkpoint };
    },
  );

  app.post<{ Params: Static<typeof IdParams> }>(
    '/api/program-templates/:id/copy',
    { ...guard, schema: { tags, params: IdParams, response: { 201: TemplateSavedOut } } },
    async (req, reply) => {
      const result = await copyTemplate(deps, userIdOf(req), templateId(req.params.id));
      return reply.status(201).send({ success: true, id: result.id, checkpoint: result.checkpoint });
    },
  );

  app.get('/api/template-athletes', { ...guard, schema: { tags, response: { 200: TemplateAthletesOut } } }, async (req) => ({
    data: await templateAthletes(deps.pool, userIdOf(req)),
  }));

  app.post<{ Params: Static<typeof IdParams>; Body: Static<typeof AssignBody> }>(
    '/api/program-templates/:id/assign',
    { ...guard, schema: { tags, params: IdParams, body: AssignBody, response: { 201: AssignedOut } } },
    async (req, reply) => {
      const id = templateId(req.params.id);
      if (!isUuid(req.body.athlete_id)) throw new DomainError(400, 'athlete_id must be a user id.');
      const coachId = userIdOf(req);
      const result = await assignTemplate(deps, { coachId, templateId: id, athleteId: req.body.athlete_id, startDate: req.body.start_date, actor: coachId });
      return reply.status(201).send({
        success: true,
        assignment_id: result.assignment_id,
        created_count: result.created_count,
        start_date: result.start_date,
        end_date: result.end_date,
        checkpoint: result.checkpoint,
      });
    },
  );

  app.get<{ Querystring: Static<typeof AssignmentsQuery> }>(
    '/api/assignments',
    { ...anyUser, schema: { tags, querystring: AssignmentsQuery, response: { 200: AssignmentsOut } } },
    async (req) => {
      const athleteId = req.query.athlete_id;
      if (!isUuid(athleteId)) throw new DomainError(400, 'athlete_id must be a user id.');
      if (!(await canActFor(deps.pool, userIdOf(req), athleteId))) throw new DomainError(403, 'You can only see the training of yourself or of athletes you coach.');
      return { data: await listAssignments(deps.pool, athleteId) };
    },
  );

  app.delete<{ Params: Static<typeof IdParams> }>('/api/assignments/:id', { ...guard, schema: { tags, params: IdParams, response: { 200: UnassignedOut } } }, async (req) => {
    const result = await unassignTemplate(deps, userIdOf(req), assignmentId(req.params.id));
    return { success: true, deleted_count: result.deleted_count, kept_count: result.kept_count, checkpoint: result.checkpoint };
  });

  app.post<{ Params: Static<typeof IdParams> }>('/api/assignments/:id/resync', { ...guard, schema: { tags, params: IdParams, response: { 200: ResyncedOut } } }, async (req) => {
    const result = await resyncAssignment(deps, userIdOf(req), assignmentId(req.params.id));
    return { success: true, ...result };
  });
}
