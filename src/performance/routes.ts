/**
 * Performance (issue #11): log and remove manual entries, the summary behind the
 * Performance mode, recent personal records and the rep-max profile. The records
 * list itself (GET /api/performance-records) lives with the training analytics.
 * Unknown or unlinked athletes are 404 'Athlete not found'; bad input is 400 with
 * the spec's text (the schema only bounds what a person could type).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import type { StoredEvent } from '../platform/eventstore/port.ts';
import type { PerformanceEvent } from './domain/events.ts';
import { DomainError } from '../kernel/decider.ts';
import { todayFor } from '../accounts/index.ts';
import { isUuid } from '../training/index.ts';
import { ATHLETE_NOT_FOUND, logPerformance, mayLogFor, removePerformanceEntry, type PerformanceDeps } from './commands.ts';
import { daysBack, followedAthletes, performanceSummary, RANGES, recentPrs, repMax, type RangeKey } from './queries.ts';
import { EntryLoggedOut, EntryRemovedOut, RecentPrsOut, RepMaxOut, SummaryOut } from './schemas.ts';
import { StringEnum } from '../platform/http/response-schemas.ts';

const Id = Type.String({ maxLength: 64 });
const Name = Type.String({ maxLength: 200 });
/** Numbers or what was typed: the spec's own texts answer a bad value, not the schema. */
const Typed = Type.Union([Type.Number({ minimum: -1_000_000, maximum: 1_000_000 }), Type.String({ maxLength: 32 }), Type.Null()]);
const LogBody = Type.Object(
  {
    athlete_id: Type.Optional(Type.Union([Id, Type.Null()])),
    exercise_name: Type.Optional(Type.Union([Name, Type.Null()])),
    value: Type.Optional(Typed),
    reps: Type.Optional(Typed),
    date: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
    /** The unit a strength value was typed in; the event keeps it. */
    unit: Type.Optional(Type.Union([StringEnum(['kg', 'lb', 'lbs'] as const), Type.Null()])),
  },
  { additionalProperties: false },
);
const EntryParams = Type.Object({ id: Id }, { additionalProperties: false });
const SummaryQuery = Type.Object({ athlete_id: Id, range: Type.Optional(Type.Union(Object.keys(RANGES).map((k) => Type.Literal(k)))) }, { additionalProperties: false });
const PrsQuery = Type.Object({ athlete_id: Type.Optional(Id), days: Type.Optional(Type.String({ maxLength: 4, pattern: '^[0-9]{1,4}$' })) }, { additionalProperties: false });
const RepMaxQuery = Type.Object({ athlete_id: Id, exercise_name: Name }, { additionalProperties: false });

export function performanceRoutes(app: FastifyInstance, deps: PerformanceDeps) {
  const guard = { preHandler: app.requireUser };
  const tags = ['performance'];
  const athlete = async (userId: string, athleteId: string) => {
    if (!(await mayLogFor(deps.pool, userId, athleteId))) throw new DomainError(404, ATHLETE_NOT_FOUND);
    return athleteId;
  };

  // An entry made on a phone may be sent again and again: its Idempotency-Key is kept in the event.
  const logged = (events: StoredEvent[]) => {
    const e = events.find((x) => x.type === 'PerformanceLogged') as (StoredEvent & Extract<PerformanceEvent, { type: 'PerformanceLogged' }>) | undefined;
    return { status: 201, body: { success: true, id: e?.data.entryId ?? null, entry: e?.data ?? null, checkpoint: events.at(-1)!.checkpoint } };
  };
  app.post<{ Body: Static<typeof LogBody> }>(
    '/api/performance-records',
    { ...guard, config: { answerFromEvents: logged }, schema: { tags, body: LogBody, response: { 201: EntryLoggedOut } } },
    async (req, reply) => {
      const b = req.body;
      const result = await logPerformance(
        deps,
        userIdOf(req),
        { athleteId: b.athlete_id, exerciseName: b.exercise_name, value: b.value, reps: b.reps, date: b.date, unit: b.unit },
        { command: req.commandKey },
      );
      return reply.code(201).send({ success: true, id: result.id, entry: result.entry, checkpoint: result.checkpoint });
    },
  );

  app.delete<{ Params: Static<typeof EntryParams> }>(
    '/api/performance-records/:id',
    { ...guard, schema: { tags, params: EntryParams, response: { 200: EntryRemovedOut } } },
    async (req) => {
      const result = await removePerformanceEntry(deps, userIdOf(req), req.params.id);
      return { success: true, checkpoint: result.checkpoint };
    },
  );

  app.get<{ Querystring: Static<typeof SummaryQuery> }>(
    '/api/performance-summary',
    { ...guard, schema: { tags, querystring: SummaryQuery, response: { 200: SummaryOut } } },
    async (req) => {
      const athleteId = req.query.athlete_id;
      if (!isUuid(athleteId)) throw new DomainError(404, ATHLETE_NOT_FOUND);
      // The access check and the athlete's "today" in one round trip; nothing is read before both answered.
      const [allowed, today] = await Promise.all([mayLogFor(deps.pool, userIdOf(req), athleteId), todayFor(deps.pool, athleteId, deps.now())]);
      if (!allowed) throw new DomainError(404, ATHLETE_NOT_FOUND);
      return { success: true, ...(await performanceSummary(deps.pool, athleteId, (req.query.range ?? '30d') as RangeKey, today)) };
    },
  );

  app.get<{ Querystring: Static<typeof PrsQuery> }>('/api/recent-prs', { ...guard, schema: { tags, querystring: PrsQuery, response: { 200: RecentPrsOut } } }, async (req) => {
    const userId = userIdOf(req);
    // Without an athlete: every athlete the caller follows (the coach's "New PR" toasts).
    const athletes = req.query.athlete_id ? [await athlete(userId, req.query.athlete_id)] : await followedAthletes(deps.pool, userId);
    const days = Number(req.query.days ?? 30);
    if (days < 1 || days > 3660) throw new DomainError(400, 'days must be between 1 and 3660.');
    const today = await todayFor(deps.pool, req.query.athlete_id ?? userId, deps.now());
    return { success: true, prs: await recentPrs(deps.pool, athletes, daysBack(today, days)) };
  });

  app.get<{ Querystring: Static<typeof RepMaxQuery> }>(
    '/api/rep-max-profile',
    { ...guard, schema: { tags, querystring: RepMaxQuery, response: { 200: RepMaxOut } } },
    async (req) => {
      const athleteId = await athlete(userIdOf(req), req.query.athlete_id);
      const name = req.query.exercise_name.trim();
      if (!name) throw new DomainError(400, 'Exercise name is required');
      return { success: true, ...(await repMax(deps.pool, athleteId, name)) };
    },
  );
}
