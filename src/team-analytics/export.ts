/**
 * GET /api/team-analytics/export.csv (issue 25): the table the coach sees on the team
 * analytics page (same query, same athletes, same range), as a CSV stream in the
 * reader's unit. Coaches only, and only their linked athletes (teamAnalytics refuses
 * any other id with 403, as the page's query does).
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { stringify } from 'csv-stringify';
import type pg from 'pg';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { StringEnum } from '../platform/http/response-schemas.ts';
import type { WeightUnit } from '../kernel/units.ts';
import { todayFor, userWeightUnit } from '../accounts/index.ts';
import { teamAnalytics, type TeamQuery } from './query.ts';
import { MAX_SELECTED_ATHLETES, parseAthletes } from './routes.ts';
import { COMPLETION_MODES, TEAM_RANGES } from './domain/summary.ts';
import { teamCsvHeader, teamCsvRows } from './domain/export-rows.ts';

const ExportQuery = Type.Object(
  {
    range: Type.Optional(StringEnum(TEAM_RANGES)),
    mode: Type.Optional(StringEnum(COMPLETION_MODES)),
    athletes: Type.Optional(Type.String({ maxLength: MAX_SELECTED_ATHLETES * 37, description: 'Comma-separated athlete ids; all linked athletes when absent.' })),
  },
  { additionalProperties: false },
);

/** The team table as CSV text, streamed; throws (403) before writing anything when an athlete is not the coach's. */
export async function teamCsv(db: pg.Pool, q: TeamQuery, unit: WeightUnit): Promise<Readable> {
  const data = await teamAnalytics(db, q);
  return Readable.from(teamCsvRows(data, unit)).pipe(stringify({ header: true, columns: teamCsvHeader(q.mode, unit) }));
}

export function teamAnalyticsExportRoutes(app: FastifyInstance, deps: { pool: pg.Pool; now: () => Date }) {
  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/api/team-analytics/export.csv',
    {
      preHandler: app.requireCoach,
      schema: {
        tags: ['team-analytics'],
        querystring: ExportQuery,
        response: { 200: Type.String({ description: 'CSV text (text/csv; charset=utf-8): a header row, then one row per athlete.' }) },
      },
    },
    async (req, reply) => {
      const coachId = userIdOf(req);
      const q = req.query;
      const range = q.range ?? '30d';
      const csv = await teamCsv(
        deps.pool,
        { coachId, athleteIds: parseAthletes(q.athletes), range, mode: q.mode ?? 'reps', today: await todayFor(deps.pool, coachId, deps.now()) },
        await userWeightUnit(deps.pool, coachId),
      );
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="spotter-team-${range}.csv"`).send(csv);
    },
  );
}
