/**
 * What GET /api/team-analytics answers (TeamAnalytics in domain/summary.ts, where the
 * fields' meanings are defined). Fastify serialises with this, so every property the
 * route sends is declared here with its real type.
 */
import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../platform/http/response-schemas.ts';
import { COMPLETION_MODES, TEAM_RANGES } from './domain/summary.ts';

const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const Percent = Type.Number({ description: '% with one decimal; 0 when nothing was prescribed' });

const AthleteEntryOut = Type.Object({
  athlete_id: Type.String(),
  athlete_name: Type.String(),
  recent_workouts: Type.Integer(),
  total_volume: Type.Number(),
  total_sets: Type.Integer(),
  completed_sets: Type.Integer(),
  completed_volume: Type.Number(),
  prescribed_volume: Type.Number(),
  completion_rate: Percent,
  rep_completion_rate: Percent,
  set_completion_rate: Percent,
  avg_intensity: Type.Number(),
  active_exercises: Type.Integer(),
});

const ExerciseRankingOut = Type.Object({
  exercise_name: Type.String(),
  total_team_volume: Type.Number(),
  completed_sets: Type.Integer(),
  top_performers: Type.Array(Type.Object({ athlete_id: Type.String(), athlete_name: Type.String(), volume: Type.Number() })),
  athlete_volumes: Type.Optional(
    Type.Array(Type.Number(), { description: 'The volume of each entry of `athletes`, in that order; only for the top exercises (the comparison chart).' }),
  ),
});

export const TeamAnalyticsOut = Type.Object({
  range: Type.Object({ key: StringEnum(TEAM_RANGES), from: Nullable(Day, { description: 'null for "all"' }), to: Day }),
  mode: StringEnum(COMPLETION_MODES),
  team_summary: Type.Object({
    athlete_count: Type.Integer(),
    active_athletes: Type.Integer(),
    completed_volume: Type.Number(),
    prescribed_volume: Type.Number(),
    completed_sets: Type.Integer(),
    total_sets: Type.Integer(),
    total_volume: Type.Number(),
    completion_rate: Percent,
    rep_completion_rate: Percent,
    set_completion_rate: Percent,
    avg_team_intensity: Type.Number(),
    team_trend: Nullable(Type.Number({ description: 'percentage points against the previous period' })),
    most_active_athlete: Nullable(Type.String()),
  }),
  athletes: Type.Array(AthleteEntryOut),
  exercise_rankings: Type.Array(ExerciseRankingOut),
});

/** GET /api/team-analytics/athletes: the coach's athletes, most recently active first. */
export const TeamAthletesOut = Type.Object({
  athletes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), last_active: Nullable(Day) })),
});
