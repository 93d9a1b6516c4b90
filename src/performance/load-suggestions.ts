/**
 * GET /api/athletes/:id/load-suggestions (issue 27): the load a linked coach could
 * prescribe for `reps` at a target RPE (or RIR), from the athlete's best set of the
 * last six weeks (kernel/load-suggestion.ts has the chart and the rule), in the
 * coach's unit. It only answers: nothing changes until the coach uses the load.
 * Anyone but a linked coach is told the athlete does not exist.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { Type, type Static } from '@sinclair/typebox';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { ErrorOut, Nullable } from '../platform/http/response-schemas.ts';
import { DomainError } from '../kernel/decider.ts';
import { CHART_MAX_REPS, isChartRpe, RIR_MAX, rpeOfRir, suggestLoad, type RecentSet } from '../kernel/load-suggestion.ts';
import { isCoachOf } from '../coaching/index.ts';
import { todayFor, userWeightUnit } from '../accounts/index.ts';
import { isUuid } from '../training/index.ts';
import { daysBack } from './queries.ts';

/** How far back a set counts as recent: six weeks, about one training block. */
export const RECENT_WEEKS = 6;

const Query = Type.Object(
  {
    exercise_name: Type.String({ minLength: 1, maxLength: 200 }),
    reps: Type.String({ maxLength: 3, pattern: '^[0-9]{1,3}$' }),
    target_rpe: Type.Optional(Type.String({ maxLength: 4, pattern: '^[0-9]{1,2}(\\.[0-9])?$' })),
    target_rir: Type.Optional(Type.String({ maxLength: 1, pattern: '^[0-9]$' })),
    /** The reader's unit (the dashboard's, which may come from the browser's locale); absent: the one in their settings. */
    unit: Type.Optional(Type.Union([Type.Literal('kg'), Type.Literal('lb')])),
  },
  { additionalProperties: false },
);
const Params = Type.Object({ id: Type.String({ maxLength: 64 }) }, { additionalProperties: false });
const SuggestionOut = Type.Object({
  suggestion: Nullable(
    Type.Object({
      load: Type.Number({ description: 'In `unit`, rounded to plates (2.5 kg / 5 lb)' }),
      unit: Type.Union([Type.Literal('kg'), Type.Literal('lb')]),
      one_rm: Type.Number({ description: 'Estimated 1RM, lbs' }),
      percent: Type.Number(),
      target_rpe: Type.Number(),
      source: Type.Object({ load: Type.Number({ description: 'lbs' }), reps: Type.Integer(), rpe: Nullable(Type.Number()), date: Type.String({ format: 'date' }) }),
      reason: Type.String(),
    }),
  ),
  /** Why there is no suggestion. */
  message: Nullable(Type.String()),
});

/** The athlete's sets of one exercise from `from` to `to` with reps and a load: logged actuals and manual entries (no RPE). */
export async function recentSets(db: pg.Pool, athleteId: string, exerciseName: string, from: string, to: string): Promise<RecentSet[]> {
  const { rows } = await db.query<{ date: string; load: number; reps: number; rpe: number | null }>(
    `SELECT to_char(w.date, 'YYYY-MM-DD') AS date, (s->'actual'->>'load')::float8 AS load, (s->'actual'->>'reps')::float8 AS reps,
            CASE WHEN json_typeof(s->'actual'->'rpe') = 'number' THEN (s->'actual'->>'rpe')::float8 END AS rpe
       FROM workouts w, json_array_elements(w.exercises::json) e, json_array_elements(e->'sets') s
      WHERE w.athlete_id = $1 AND NOT w.deleted AND w.date BETWEEN $3::date AND $4::date
        AND lower(btrim(e->>'exercise_name')) = lower(btrim($2))
        AND json_typeof(s->'actual'->'load') = 'number' AND json_typeof(s->'actual'->'reps') = 'number'
     UNION ALL
     SELECT to_char(date, 'YYYY-MM-DD'), weight::float8, rep_range::float8, NULL
       FROM performance_manual_entries
      WHERE athlete_id = $1 AND exercise_key = lower(btrim($2)) AND NOT removed AND rep_range > 0 AND date BETWEEN $3::date AND $4::date`,
    [athleteId, exerciseName, from, to],
  );
  return rows.filter((r) => Number.isInteger(r.reps) && r.load > 0);
}

export function loadSuggestionRoutes(app: FastifyInstance, deps: { pool: pg.Pool; now: () => Date }) {
  app.get<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>(
    '/api/athletes/:id/load-suggestions',
    { preHandler: app.requireUser, schema: { tags: ['performance'], params: Params, querystring: Query, response: { 200: SuggestionOut, '4xx': ErrorOut } } },
    async (req) => {
      const coachId = userIdOf(req);
      const athleteId = req.params.id.toLowerCase();
      if (!isUuid(athleteId) || !(await isCoachOf(deps.pool, coachId, athleteId))) throw new DomainError(404, 'Athlete not found');
      const q = req.query;
      const reps = Number(q.reps);
      if (reps < 1 || reps > CHART_MAX_REPS) throw new DomainError(400, `reps must be a whole number from 1 to ${CHART_MAX_REPS}.`);
      if ((q.target_rpe === undefined) === (q.target_rir === undefined)) throw new DomainError(400, 'Give target_rpe or target_rir (one of them).');
      const rpe = q.target_rpe !== undefined ? Number(q.target_rpe) : rpeOfRir(Number(q.target_rir));
      if (q.target_rpe !== undefined && !isChartRpe(rpe)) throw new DomainError(400, 'target_rpe must be from 6 to 10 in steps of 0.5.');
      if (q.target_rir !== undefined && Number(q.target_rir) > RIR_MAX) throw new DomainError(400, `target_rir must be a whole number from 0 to ${RIR_MAX}.`);
      const name = q.exercise_name.trim();
      if (!name) throw new DomainError(400, 'Exercise name is required');
      const [today, unit] = await Promise.all([todayFor(deps.pool, athleteId, deps.now()), q.unit ?? userWeightUnit(deps.pool, coachId)]);
      const sets = await recentSets(deps.pool, athleteId, name, daysBack(today, RECENT_WEEKS * 7), today);
      const s = suggestLoad(sets, { reps, rpe }, unit);
      if (!s) return { suggestion: null, message: `No set of ${name} with 1–${CHART_MAX_REPS} reps and a load in the last ${RECENT_WEEKS} weeks.` };
      return {
        suggestion: { load: s.load, unit: s.unit, one_rm: s.oneRm, percent: s.percent, target_rpe: s.targetRpe, source: s.source, reason: s.reason },
        message: null,
      };
    },
  );
}
