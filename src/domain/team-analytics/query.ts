/**
 * GET /api/team-analytics: sums the team analytics read model (projections/team-analytics.ts)
 * for a coach's linked athletes. Never reads workouts or events.
 *
 * A range is split into whole calendar months (read from the month rows) and the
 * days at either end (read from the day rows), so a year costs ~12 month rows plus
 * at most ~60 day rows per athlete and exercise.
 */
import type pg from 'pg';
import { DomainError } from '../decider.ts';
import { displayName } from '../accounts/display-name.ts';
import { addDays } from '../training/workout-rules.ts';
import { zeroFigures, type TeamFigures } from './figures.ts';
import { RANGE_DAYS, summarise, type AthleteTotals, type CompletionMode, type TeamAnalytics, type TeamMember, type TeamRange } from './summary.ts';

export const NOT_YOUR_ATHLETE = 'You can only see the team analytics of athletes you coach.';
/** Before any workout the product can hold: the lower bound of 'all'. */
const BEGINNING = '1900-01-01';

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

interface Period {
  from: string;
  to: string;
}

/** Month rows in [monthFrom, monthTo) and day rows of [from, to] outside them. */
function buckets(p: Period): [from: string, to: string, monthFrom: string, monthTo: string] {
  const monthFrom = p.from.endsWith('-01') ? p.from : monthOf(addDays(monthOf(p.from), 31));
  const monthTo = monthOf(addDays(p.to, 1));
  // No whole month inside: read days only (an empty month window).
  return monthFrom < monthTo ? [p.from, p.to, monthFrom, monthTo] : [p.from, p.to, monthTo, monthTo];
}

const FIGURES = `sum(prescribed_sets)::int AS prescribed_sets, sum(completed_sets)::int AS completed_sets,
  sum(prescribed_reps)::float8 AS prescribed_reps, sum(completed_reps)::float8 AS completed_reps,
  sum(volume)::float8 AS volume, sum(load_sum)::float8 AS load_sum, sum(load_sets)::int AS load_sets`;

/** The day and month rows of one table pair covering a period, as one UNION ALL. */
function parts(kind: 'athlete' | 'exercise', columns: string, athletesParam: string, first: number): string {
  const [f, t, mf, mt] = [first, first + 1, first + 2, first + 3].map((n) => `$${n}`);
  return `SELECT ${columns} FROM team_${kind}_months WHERE athlete_id = ANY(${athletesParam}::uuid[]) AND month >= ${mf}::date AND month < ${mt}::date
          UNION ALL
          SELECT ${columns} FROM team_${kind}_days WHERE athlete_id = ANY(${athletesParam}::uuid[]) AND date BETWEEN ${f}::date AND ${t}::date
             AND NOT (date >= ${mf}::date AND date < ${mt}::date)`;
}

const FIGURE_COLUMNS = 'prescribed_sets, completed_sets, prescribed_reps, completed_reps, volume, load_sum, load_sets';

/** The coach's linked athletes (never the coach), by name. */
export async function teamMembers(db: pg.Pool, coachId: string): Promise<TeamMember[]> {
  const { rows } = await db.query<{ athlete_id: string; email: string; full_name: string | null; display_name: string | null; first_name: string | null; last_name: string | null }>(
    `SELECT l.athlete_id, l.email, p.full_name, p.display_name, p.first_name, p.last_name
       FROM client_links l LEFT JOIN user_profiles p ON p.user_id = l.athlete_id
      WHERE l.coach_id = $1 AND l.athlete_id <> $1`,
    [coachId],
  );
  return rows
    .map((r) => ({ id: r.athlete_id, name: displayName({ ...r, user_id: r.athlete_id, name: r.full_name }) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export interface TeamQuery {
  coachId: string;
  /** Null: every linked athlete. */
  athleteIds: string[] | null;
  range: TeamRange;
  mode: CompletionMode;
  today: string;
}

export function periods(range: TeamRange, today: string): { current: Period; previous: Period | null } {
  if (range === 'all') return { current: { from: BEGINNING, to: today }, previous: null };
  const days = RANGE_DAYS[range];
  const from = addDays(today, -(days - 1));
  return { current: { from, to: today }, previous: { from: addDays(from, -days), to: addDays(from, -1) } };
}

export async function teamAnalytics(db: pg.Pool, q: TeamQuery): Promise<TeamAnalytics> {
  const team = await teamMembers(db, q.coachId);
  let members = team;
  if (q.athleteIds) {
    const linked = new Map(team.map((m) => [m.id, m]));
    const wanted = [...new Set(q.athleteIds)];
    if (wanted.some((id) => !linked.has(id))) throw new DomainError(403, NOT_YOUR_ATHLETE);
    const chosen = new Set(wanted);
    members = team.filter((m) => chosen.has(m.id));
  }
  const { current, previous } = periods(q.range, q.today);
  const ids = members.map((m) => m.id);
  const range = { key: q.range, from: q.range === 'all' ? null : current.from, to: current.to };
  if (ids.length === 0) {
    return summarise({ range, mode: q.mode, members, athleteTotals: new Map(), exerciseTotals: new Map(), previous: previous ? zeroFigures() : null });
  }

  const athleteSql = `SELECT athlete_id, sum(done_workouts)::int AS done_workouts, ${FIGURES}
    FROM (${parts('athlete', `athlete_id, done_workouts, ${FIGURE_COLUMNS}`, '$1', 2)}) x GROUP BY athlete_id`;
  const exerciseSql = `SELECT athlete_id, exercise_name, ${FIGURES}
    FROM (${parts('exercise', `athlete_id, exercise_name, ${FIGURE_COLUMNS}`, '$1', 2)}) x GROUP BY athlete_id, exercise_name`;
  const previousSql = `SELECT ${FIGURES} FROM (${parts('athlete', FIGURE_COLUMNS, '$1', 2)}) x`;

  type Row = TeamFigures & { athlete_id: string };
  const [athletes, exercises, before] = await Promise.all([
    db.query<Row & { done_workouts: number }>(athleteSql, [ids, ...buckets(current)]),
    db.query<Row & { exercise_name: string }>(exerciseSql, [ids, ...buckets(current)]),
    previous ? db.query<TeamFigures>(previousSql, [ids, ...buckets(previous)]) : null,
  ]);

  const athleteTotals = new Map<string, AthleteTotals>(athletes.rows.map((r) => [r.athlete_id, r]));
  const exerciseTotals = new Map<string, Map<string, TeamFigures>>();
  for (const r of exercises.rows) {
    const own = exerciseTotals.get(r.athlete_id) ?? new Map<string, TeamFigures>();
    own.set(r.exercise_name, r);
    exerciseTotals.set(r.athlete_id, own);
  }
  const prev = before ? { ...zeroFigures(), ...Object.fromEntries(Object.entries(before.rows[0] ?? {}).map(([k, v]) => [k, v ?? 0])) } : null;
  return summarise({ range, mode: q.mode, members, athleteTotals, exerciseTotals, previous: prev as TeamFigures | null });
}
