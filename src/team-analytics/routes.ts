/**
 * GET /api/team-analytics (spec performance-messaging-templates: team analytics data):
 * the coach's team summary, athlete entries and exercise rankings over a time range.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type pg from 'pg';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { DomainError } from '../kernel/decider.ts';
import { todayFor } from '../accounts/index.ts';
import { groupAthleteIds } from '../groups/index.ts';
import { teamAnalytics, teamByActivity } from './query.ts';
import { COMPLETION_MODES, TEAM_RANGES } from './domain/summary.ts';
import { TeamAnalyticsOut, TeamAthletesOut } from './schemas.ts';
import { ErrorOut } from '../platform/http/response-schemas.ts';

/** A team of a few hundred: 36-character ids and commas. */
export const MAX_SELECTED_ATHLETES = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const Query = Type.Object(
  {
    range: Type.Optional(
      Type.Union(
        TEAM_RANGES.map((r) => Type.Literal(r)),
        { default: '30d' },
      ),
    ),
    mode: Type.Optional(
      Type.Union(
        COMPLETION_MODES.map((m) => Type.Literal(m)),
        { default: 'reps' },
      ),
    ),
    athletes: Type.Optional(Type.String({ maxLength: MAX_SELECTED_ATHLETES * 37, description: 'Comma-separated athlete ids; all linked athletes when absent.' })),
    groupId: Type.Optional(Type.String({ maxLength: 64, description: "One of the coach's groups: its linked athletes (within `athletes` when both are given)." })),
  },
  { additionalProperties: false },
);

export function parseAthletes(value: string | undefined): string[] | null {
  if (value === undefined) return null;
  const ids = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length > MAX_SELECTED_ATHLETES || ids.some((id) => !UUID.test(id))) {
    throw new DomainError(400, 'athletes must be a comma-separated list of athlete ids.');
  }
  return ids.map((id) => id.toLowerCase());
}

/** The group's athletes (a group of another coach: 404), narrowed to `athletes` when given. */
async function withinGroup(pool: pg.Pool, coachId: string, groupId: string | undefined, athletes: string[] | null): Promise<string[] | null> {
  if (groupId === undefined) return athletes;
  const members = await groupAthleteIds(pool, coachId, groupId);
  return athletes ? members.filter((id) => athletes.includes(id)) : members;
}

export function teamAnalyticsRoutes(app: FastifyInstance, deps: { pool: pg.Pool; now: () => Date }) {
  app.get<{ Querystring: Static<typeof Query> }>(
    '/api/team-analytics',
    { preHandler: app.requireCoach, schema: { tags: ['team-analytics'], querystring: Query, response: { 200: TeamAnalyticsOut } } },
    async (req) => {
      const coachId = userIdOf(req);
      const q = req.query;
      const [athleteIds, today] = await Promise.all([withinGroup(deps.pool, coachId, q.groupId, parseAthletes(q.athletes)), todayFor(deps.pool, coachId, deps.now())]);
      return teamAnalytics(deps.pool, { coachId, athleteIds, range: q.range ?? '30d', mode: q.mode ?? 'reps', today });
    },
  );

  app.get(
    '/api/team-analytics/athletes',
    { preHandler: app.requireCoach, schema: { tags: ['team-analytics'], response: { 200: TeamAthletesOut, '4xx': ErrorOut } } },
    async (req) => ({ athletes: await teamByActivity(deps.pool, userIdOf(req)) }),
  );
}
