/**
 * Calendar analytics (spec coach-core §2 "Below the calendar", §9 metrics) and the
 * performance records call (spec coach-core §7). Reference: src/training/API.md.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import type { TrainingDeps } from './commands.ts';
import { bestRecords, capacity, weeklyVolume, workoutAnalytics } from './analytics-query.ts';
import { METRIC_GROUPS, METRIC_LABELS } from './domain/workout-rules.ts';
import { athleteParam, dateParam, viewerToday, IgnoredToday } from './workout-routes.ts';
import { BestRecordsOut, CapacityOut, WeeklyVolumeOut, WorkoutAnalyticsOut } from './schemas.ts';

const Id = Type.String({ maxLength: 64 });
const Day = Type.String({ maxLength: 10 });
const RangeQuery = Type.Object(
  { athleteId: Type.Optional(Id), clientId: Type.Optional(Id), from: Type.Optional(Day), to: Type.Optional(Day), exercise: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
const WeeklyQuery = Type.Object({ athleteId: Type.Optional(Id), clientId: Type.Optional(Id), today: IgnoredToday }, { additionalProperties: false });
const RecordsQuery = Type.Object(
  { athlete_id: Id, exercise_name: Type.Optional(Type.String({ maxLength: 200 })), type: Type.Optional(Type.String({ maxLength: 20 })) },
  { additionalProperties: false },
);

export function analyticsRoutes(app: FastifyInstance, deps: TrainingDeps) {
  const guard = { preHandler: app.requireUser };
  const tags = ['analytics'];
  const range = (q: { from?: string; to?: string }) => {
    const r = { from: dateParam(q.from, 'from'), to: dateParam(q.to, 'to') };
    if (r.from && r.to && r.from > r.to) throw new DomainError(400, 'from must not be after to.');
    return r;
  };

  app.get<{ Querystring: Static<typeof RangeQuery> }>(
    '/api/analytics/workouts',
    { ...guard, schema: { tags, querystring: RangeQuery, response: { 200: WorkoutAnalyticsOut } } },
    async (req) => {
      const q = req.query;
      const athleteId = await athleteParam(deps, userIdOf(req), q.athleteId ?? q.clientId, 'athleteId');
      const exercise = q.exercise?.trim() || undefined;
      const result = await workoutAnalytics(deps.pool, athleteId, range(q), exercise);
      return { success: true, ...result, labels: METRIC_LABELS, groups: METRIC_GROUPS };
    },
  );

  app.get<{ Querystring: Static<typeof WeeklyQuery> }>(
    '/api/analytics/weekly-volume',
    { ...guard, schema: { tags, querystring: WeeklyQuery, response: { 200: WeeklyVolumeOut } } },
    async (req) => {
      const q = req.query;
      const athleteId = await athleteParam(deps, userIdOf(req), q.athleteId ?? q.clientId, 'athleteId');
      return { success: true, weeks: await weeklyVolume(deps.pool, athleteId, await viewerToday(deps, userIdOf(req))) };
    },
  );

  app.get<{ Querystring: Static<typeof RangeQuery> }>(
    '/api/analytics/capacity',
    { ...guard, schema: { tags, querystring: RangeQuery, response: { 200: CapacityOut } } },
    async (req) => {
      const q = req.query;
      const athleteId = await athleteParam(deps, userIdOf(req), q.athleteId ?? q.clientId, 'athleteId');
      return { success: true, ...(await capacity(deps.pool, athleteId, range(q))) };
    },
  );

  app.get<{ Querystring: Static<typeof RecordsQuery> }>(
    '/api/performance-records',
    { ...guard, schema: { tags: ['performance'], querystring: RecordsQuery, response: { 200: BestRecordsOut } } },
    async (req) => {
      const q = req.query;
      if (q.type !== undefined && q.type !== 'exercise') throw new DomainError(400, 'type must be exercise.');
      const athleteId = await athleteParam(deps, userIdOf(req), q.athlete_id, 'athlete_id');
      return { success: true, records: await bestRecords(deps.pool, athleteId, q.exercise_name?.trim() || undefined) };
    },
  );
}
