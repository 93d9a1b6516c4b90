/**
 * Turns summed rows into the spec's team analytics shapes (team_summary, athlete
 * entries, exercise rankings). Pure: the SQL in query.ts only sums rows.
 *
 * Definitions (the spec names the fields, these fix their meaning):
 * - prescribed_volume / completed_volume: prescribed / completed reps ("Rep Completion
 *   % with completed/prescribed reps"); total_sets / completed_sets likewise for sets.
 * - total_volume: Σ completed reps × load (lbs), also what exercises are ranked by.
 * - completion_rate: the rep or the set completion rate, by the chosen mode; every
 *   rate is a percentage with one decimal, 0 when nothing was prescribed.
 * - avg_intensity: mean load (lbs) of completed sets lifted with a load, one decimal.
 * - team_trend: completion_rate minus the same rate over the previous period of the
 *   same length, in percentage points; null for 'all' or when either period prescribed nothing.
 * - most_active_athlete: most completed sets (then completed reps, then name); null if none.
 */
import { zeroFigures, type TeamFigures } from './figures.ts';

export const TEAM_RANGES = ['7d', '30d', '90d', '1y', 'all'] as const;
export type TeamRange = (typeof TEAM_RANGES)[number];
export const COMPLETION_MODES = ['reps', 'sets'] as const;
export type CompletionMode = (typeof COMPLETION_MODES)[number];
export const RANGE_DAYS: Record<Exclude<TeamRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };
/** How many top performers a ranking names, and how many rankings carry per-athlete volumes (the chart's choice). */
export const TOP_PERFORMERS = 3;
export const CHARTED_EXERCISES = 8;

export interface AthleteTotals extends TeamFigures {
  done_workouts: number;
}

/** What an athlete × exercise contributes to the rankings and to active_exercises. */
export type ExerciseFigures = Pick<TeamFigures, 'completed_sets' | 'volume'>;

export interface TeamMember {
  id: string;
  name: string;
}

export interface AthleteEntry {
  athlete_id: string;
  athlete_name: string;
  recent_workouts: number;
  total_volume: number;
  total_sets: number;
  completed_sets: number;
  completed_volume: number;
  prescribed_volume: number;
  completion_rate: number;
  rep_completion_rate: number;
  set_completion_rate: number;
  avg_intensity: number;
  active_exercises: number;
}

export interface ExerciseRanking {
  exercise_name: string;
  total_team_volume: number;
  completed_sets: number;
  top_performers: { athlete_id: string; athlete_name: string; volume: number }[];
  /**
   * The volume of each entry of `athletes`, in that order (the comparison chart); only
   * for the top exercises. Numbers rather than id–volume pairs: at 400 athletes the pairs
   * were 224 KB of a 357 KB answer (issue 28).
   */
  athlete_volumes?: number[];
}

export interface TeamSummary {
  athlete_count: number;
  active_athletes: number;
  completed_volume: number;
  prescribed_volume: number;
  completed_sets: number;
  total_sets: number;
  total_volume: number;
  completion_rate: number;
  rep_completion_rate: number;
  set_completion_rate: number;
  avg_team_intensity: number;
  team_trend: number | null;
  most_active_athlete: string | null;
}

export interface TeamAnalytics {
  range: { key: TeamRange; from: string | null; to: string };
  mode: CompletionMode;
  team_summary: TeamSummary;
  athletes: AthleteEntry[];
  exercise_rankings: ExerciseRanking[];
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
/** Volumes and reps may carry decimal loads (2.5 lbs): two decimals hide float noise. */
const amount = (n: number) => round(n, 2);
export const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : 0);

/** Each member's volume at the member's place in `athletes` (0 where none). */
function volumesInOrder(per: { volume: number; at: number }[], members: number): number[] {
  const volumes = new Array<number>(members).fill(0);
  for (const p of per) volumes[p.at] = p.volume;
  return volumes;
}

function addInto(into: TeamFigures, f: TeamFigures): void {
  into.prescribed_sets += f.prescribed_sets;
  into.completed_sets += f.completed_sets;
  into.prescribed_reps += f.prescribed_reps;
  into.completed_reps += f.completed_reps;
  into.volume += f.volume;
  into.load_sum += f.load_sum;
  into.load_sets += f.load_sets;
}

/** The rate a mode reads, or null when the period prescribed nothing to complete. */
export function modeRate(f: TeamFigures, mode: CompletionMode): number | null {
  const whole = mode === 'reps' ? f.prescribed_reps : f.prescribed_sets;
  if (whole <= 0) return null;
  return mode === 'reps' ? percent(f.completed_reps, f.prescribed_reps) : percent(f.completed_sets, f.prescribed_sets);
}

export function summarise(input: {
  range: TeamAnalytics['range'];
  mode: CompletionMode;
  members: TeamMember[];
  athleteTotals: Map<string, AthleteTotals>;
  /** athlete id → exercise name → figures */
  exerciseTotals: Map<string, Map<string, ExerciseFigures>>;
  /** The previous period's team totals; null when there is none ('all'). */
  previous: TeamFigures | null;
}): TeamAnalytics {
  const { mode, members } = input;
  const team = zeroFigures();
  const athletes: AthleteEntry[] = members.map((m) => {
    const t = input.athleteTotals.get(m.id) ?? { ...zeroFigures(), done_workouts: 0 };
    addInto(team, t);
    const exercises = input.exerciseTotals.get(m.id) ?? new Map<string, ExerciseFigures>();
    const r = { reps: percent(t.completed_reps, t.prescribed_reps), sets: percent(t.completed_sets, t.prescribed_sets) };
    return {
      athlete_id: m.id,
      athlete_name: m.name,
      recent_workouts: t.done_workouts,
      total_volume: amount(t.volume),
      total_sets: t.prescribed_sets,
      completed_sets: t.completed_sets,
      completed_volume: amount(t.completed_reps),
      prescribed_volume: amount(t.prescribed_reps),
      completion_rate: r[mode],
      rep_completion_rate: r.reps,
      set_completion_rate: r.sets,
      avg_intensity: t.load_sets > 0 ? round(t.load_sum / t.load_sets, 1) : 0,
      active_exercises: [...exercises.values()].filter((f) => f.completed_sets > 0).length,
    };
  });

  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const mostActive = members
    .map((m) => ({ ...m, t: input.athleteTotals.get(m.id) }))
    .filter((m) => (m.t?.completed_sets ?? 0) > 0)
    .sort((a, b) => b.t!.completed_sets - a.t!.completed_sets || b.t!.completed_reps - a.t!.completed_reps || byName(a, b))[0];

  const teamRates = { reps: percent(team.completed_reps, team.prescribed_reps), sets: percent(team.completed_sets, team.prescribed_sets) };
  const previousRate = input.previous ? modeRate(input.previous, mode) : null;
  const currentRate = modeRate(team, mode);

  // Rankings: every exercise someone was prescribed in the range.
  const exercises = new Map<string, { volume: number; completed: number; per: { athlete_id: string; athlete_name: string; volume: number; at: number }[] }>();
  members.forEach((m, at) => {
    for (const [name, f] of input.exerciseTotals.get(m.id) ?? []) {
      const e = exercises.get(name) ?? { volume: 0, completed: 0, per: [] };
      e.volume += f.volume;
      e.completed += f.completed_sets;
      e.per.push({ athlete_id: m.id, athlete_name: m.name, volume: amount(f.volume), at });
      exercises.set(name, e);
    }
  });
  const exercise_rankings: ExerciseRanking[] = [...exercises]
    .map(([exercise_name, e]) => ({ exercise_name, e }))
    .sort((a, b) => amount(b.e.volume) - amount(a.e.volume) || a.exercise_name.localeCompare(b.exercise_name))
    .map(({ exercise_name, e }, i) => {
      const ranked = e.per.filter((p) => p.volume > 0).sort((a, b) => b.volume - a.volume || a.athlete_name.localeCompare(b.athlete_name));
      return {
        exercise_name,
        total_team_volume: amount(e.volume),
        completed_sets: e.completed,
        top_performers: ranked.slice(0, TOP_PERFORMERS).map(({ athlete_id, athlete_name, volume }) => ({ athlete_id, athlete_name, volume })),
        ...(i < CHARTED_EXERCISES ? { athlete_volumes: volumesInOrder(e.per, members.length) } : {}),
      };
    });

  return {
    range: input.range,
    mode,
    team_summary: {
      athlete_count: members.length,
      active_athletes: athletes.filter((a) => a.completed_sets > 0).length,
      completed_volume: amount(team.completed_reps),
      prescribed_volume: amount(team.prescribed_reps),
      completed_sets: team.completed_sets,
      total_sets: team.prescribed_sets,
      total_volume: amount(team.volume),
      completion_rate: teamRates[mode],
      rep_completion_rate: teamRates.reps,
      set_completion_rate: teamRates.sets,
      avg_team_intensity: team.load_sets > 0 ? round(team.load_sum / team.load_sets, 1) : 0,
      team_trend: previousRate === null || currentRate === null ? null : round(currentRate - previousRate, 1),
      most_active_athlete: mostActive?.name ?? null,
    },
    athletes,
    exercise_rankings,
  };
}
