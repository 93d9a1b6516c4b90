/**
 * Readiness (issue 27): POST /api/readiness/check-ins (the caller's own check-in for
 * their local day), GET /api/athletes/:id/readiness (the athlete, or a coach linked to
 * them: anyone else is told the athlete does not exist) and GET /api/readiness/team
 * (a coach's athletes with their status).
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { Checkpoint, ErrorOut, Nullable } from '../platform/http/response-schemas.ts';
import { DomainError } from '../kernel/decider.ts';
import { mayActForAthlete } from '../coaching/index.ts';
import { todayFor, todayIn } from '../accounts/index.ts';
import { isUuid } from '../training/index.ts';
import { NOTE_MAX, SCORE_MAX, SCORE_MIN } from './domain/check-in.ts';
import { checkIn, type ReadinessDeps } from './commands.ts';
import { athleteReadiness, teamReadiness } from './queries.ts';

const ATHLETE_NOT_FOUND = 'Athlete not found';
const Score = Type.Integer({ minimum: SCORE_MIN, maximum: SCORE_MAX });
const CheckInBody = Type.Object(
  {
    sleep: Score,
    soreness: Type.Integer({ minimum: SCORE_MIN, maximum: SCORE_MAX, description: '5 = fresh, no soreness' }),
    stress: Type.Integer({ minimum: SCORE_MIN, maximum: SCORE_MAX, description: '5 = calm, no stress' }),
    energy: Score,
    // Characters are counted as code points by the decider; the schema bounds UTF-16 units.
    note: Type.Optional(Nullable(Type.String({ maxLength: NOTE_MAX * 2 }))),
  },
  { additionalProperties: false },
);

const CheckInOut = Type.Object({
  date: Type.String({ format: 'date' }),
  sleep: Type.Integer(),
  soreness: Type.Integer(),
  stress: Type.Integer(),
  energy: Type.Integer(),
  note: Nullable(Type.String()),
});
const StatusOut = {
  recentAverage: Nullable(Type.Number({ description: 'Mean readiness (1–5) of the last 3 days' })),
  recentCheckIns: Type.Integer(),
  baseline: Nullable(Type.Number({ description: 'Mean readiness of the 28 days before those; null under 7 check-ins' })),
  baselineCheckIns: Type.Integer(),
  belowBaseline: Type.Boolean(),
};
const CheckedInOut = Type.Object({ success: Type.Boolean(), checkIn: CheckInOut, checkpoint: Nullable(Checkpoint) });
const AthleteReadinessOut = Type.Object({
  today: Type.String({ format: 'date' }),
  todayCheckIn: Nullable(Type.Object({ ...CheckInOut.properties, score: Type.Number() })),
  trend: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), score: Type.Number() })),
  status: Type.Object(StatusOut),
});
const TeamReadinessOut = Type.Object({
  athletes: Type.Array(Type.Object({ athlete_id: Type.String(), name: Type.String(), last_check_in: Nullable(Type.String({ format: 'date' })), ...StatusOut })),
});
const AthleteParams = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });

export function readinessRoutes(app: FastifyInstance, deps: ReadinessDeps) {
  const tags = ['readiness'];

  app.post<{ Body: Static<typeof CheckInBody> }>(
    '/api/readiness/check-ins',
    { preHandler: app.requireUser, schema: { tags, body: CheckInBody, response: { 201: CheckedInOut, '4xx': ErrorOut } } },
    async (req, reply) => {
      const { note, ...answers } = req.body;
      const result = await checkIn(deps, userIdOf(req), { answers, note });
      const c = result.checkIn!;
      return reply.code(201).send({
        success: true,
        checkIn: { date: c.date, sleep: c.sleep, soreness: c.soreness, stress: c.stress, energy: c.energy, note: c.note },
        checkpoint: result.checkpoint,
      });
    },
  );

  app.get<{ Params: Static<typeof AthleteParams> }>(
    '/api/athletes/:id/readiness',
    { preHandler: app.requireUser, schema: { tags, params: AthleteParams, response: { 200: AthleteReadinessOut, '4xx': ErrorOut } } },
    async (req) => {
      const athleteId = req.params.id.toLowerCase();
      if (!isUuid(athleteId) || !(await mayActForAthlete(deps.pool, userIdOf(req), athleteId))) throw new DomainError(404, ATHLETE_NOT_FOUND);
      return athleteReadiness(deps.pool, athleteId, await todayFor(deps.pool, athleteId, deps.now()));
    },
  );

  app.get('/api/readiness/team', { preHandler: app.requireCoach, schema: { tags, response: { 200: TeamReadinessOut, '4xx': ErrorOut } } }, async (req) => {
    const now = deps.now();
    return { athletes: await teamReadiness(deps.pool, userIdOf(req), (zone) => todayIn(zone, now)) };
  });
}
