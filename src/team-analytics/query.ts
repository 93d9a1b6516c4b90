/**
 * GET /api/team-analytics: sums the team analytics read model (projections/team-analytics.ts)
 * for a coach's linked athletes. Never reads workouts or events.
 *
 * A range is read as signed parts of the day, month, year and all-time tables
 * (periodParts): 7D–90D as their own months and edge days (an edge that is most of
 * its month as the month minus the rest of it); 1Y and All as all-time
 * totals minus the years, months and days outside them, so the cost follows the
 * number of athletes and exercises rather than the length of the history.
 */
import type pg from 'pg';
import { DomainError } from '../kernel/decider.ts';
import { displayName } from '../accounts/index.ts';
import { addDays } from '../training/index.ts';
import { zeroFigures, type TeamFigures } from './domain/figures.ts';
import { RANGE_DAYS, summarise, type AthleteTotals, type ExerciseFigures, type CompletionMode, type TeamAnalytics, type TeamMember, type TeamRange } from './domain/summary.ts';

export const NOT_YOUR_ATHLETE = 'You can only see the team analytics of athletes you coach.';
/** Bounds outside any date the product holds: the complement of a range runs to these. */
const BEGINNING = '1900-01-01';
const END = '3000-01-01';

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;
const yearOf = (date: string) => `${date.slice(0, 4)}-01-01`;
const nextMonth = (month: string) => monthOf(addDays(monthOf(month), 31));
const nextYear = (date: string) => `${Number(date.slice(0, 4)) + 1}-01-01`;

interface Period {
  from: string;
  to: string;
}

/** Rows of one granularity whose key lies in [from, to), counted with a sign. */
export interface Part {
  level: 'days' | 'months' | 'years' | 'totals';
  from: string;
  to: string;
  sign: 1 | -1;
}

/** The half-open interval [a, b) as whole years, whole months and edge days: the fewest rows that cover it exactly. */
export function decompose(a: string, b: string, sign: 1 | -1 = 1): Part[] {
  if (a >= b) return [];
  const yFrom = a.endsWith('-01-01') ? a : nextYear(a);
  const yTo = yearOf(b);
  if (yFrom < yTo) return joinAdjacent([...months(a, yFrom, sign), { level: 'years', from: yFrom, to: yTo, sign }, ...months(yTo, b, sign)]);
  return joinAdjacent(months(a, b, sign));
}

/**
 * Parts of one level and sign that meet end to start become one: the same rows, read by
 * one range scan per athlete instead of two. A 90-day range ending on the 27th reads its
 * whole months and this month's row as one part (issue 28: each part looks up every
 * athlete of the team in its index).
 */
function joinAdjacent(parts: Part[]): Part[] {
  const joined: Part[] = [];
  for (const part of parts) {
    const before = joined.find((p) => p.level === part.level && p.sign === part.sign && p.to === part.from);
    if (before) before.to = part.to;
    else joined.push({ ...part });
  }
  return joined;
}

function months(a: string, b: string, sign: 1 | -1): Part[] {
  if (a >= b) return [];
  const mFrom = a.endsWith('-01') ? a : nextMonth(a);
  const mTo = monthOf(b);
  // No whole month inside: the days of one month, or the ends of two.
  if (mFrom >= mTo) return mFrom < b ? [...edgeDays(a, mFrom, sign), ...edgeDays(mFrom, b, sign)] : edgeDays(a, b, sign);
  const parts: Part[] = [];
  if (a < mFrom) parts.push(...edgeDays(a, mFrom, sign));
  parts.push({ level: 'months', from: mFrom, to: mTo, sign });
  if (mTo < b) parts.push(...edgeDays(mTo, b, sign));
  return parts;
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/**
 * Days [a, b) within one month: read as they are, or, when they are most of their month, as
 * the month's row minus its days outside them. A 90-day range that ends today then reads
 * this month as one row per athlete and exercise minus the few days after today, instead
 * of every training day since the first (measured at 400 athletes: 19,200 rows to 2,400).
 */
function edgeDays(a: string, b: string, sign: 1 | -1): Part[] {
  const month = monthOf(a);
  const end = nextMonth(month);
  // A month row costs about what one day of rows costs.
  if (daysBetween(month, a) + daysBetween(b, end) + 1 >= daysBetween(a, b)) return [{ level: 'days', from: a, to: b, sign }];
  const parts: Part[] = [{ level: 'months', from: month, to: end, sign }];
  if (month < a) parts.push({ level: 'days', from: month, to: a, sign: -sign as 1 | -1 });
  if (b < end) parts.push({ level: 'days', from: b, to: end, sign: -sign as 1 | -1 });
  return parts;
}

/** Everything before `date`: what 1Y and All subtract from the all-time totals. */
const before = (date: string, sign: 1 | -1): Part[] => decompose(BEGINNING, date, sign);

/**
 * A period [from, to] as signed parts. Long periods (1Y, All) read all-time totals
 * minus what lies before and after them, which year rows keep to a few rows however
 * long the history; short ones read their own months and days.
 */
export function periodParts(p: Period, long: boolean): Part[] {
  const end = addDays(p.to, 1);
  if (!long) return decompose(p.from, end);
  return joinAdjacent([{ level: 'totals', from: BEGINNING, to: END, sign: 1 }, ...before(p.from, -1), ...decompose(end, END, -1)]);
}

/**
 * The previous period as its own parts, also for 1Y: "before this year" minus "before
 * the previous year" reads the years before twice and the edge months and days of both
 * ends, never fewer rows than the period's own months and edge days.
 */
export function previousParts(p: Period): Part[] {
  return decompose(p.from, addDays(p.to, 1));
}

const KEY: Record<Part['level'], string | null> = { days: 'date', months: 'month', years: 'year', totals: null };
const FIGURE_NAMES = ['prescribed_sets', 'completed_sets', 'prescribed_reps', 'completed_reps', 'volume', 'load_sum', 'load_sets'] as const;
/** What the rankings and active_exercises read of an athlete × exercise (summary.ts): the rest of its figures is never shown. */
const EXERCISE_FIGURE_NAMES = ['prescribed_sets', 'completed_sets', 'volume'] as const;
const FIGURES = `sum(prescribed_sets)::int AS prescribed_sets, sum(completed_sets)::int AS completed_sets,
  sum(prescribed_reps)::float8 AS prescribed_reps, sum(completed_reps)::float8 AS completed_reps,
  sum(volume)::float8 AS volume, sum(load_sum)::float8 AS load_sum, sum(load_sets)::int AS load_sets`;

/**
 * The team's athletes as a value the planner does not look into. Given `= ANY($1)` with
 * 400 ids, planning took 4–7 ms per query, more than running it (most likely estimating
 * each id for every part). Behind ARRAY(SELECT …) the ids arrive at run
 * time and planning takes under 1 ms; the index scans stay the same (issue 28, measured
 * on the scale bench's 762k-event store: see bench/README.md).
 */
const TEAM_IDS = 'ARRAY(SELECT unnest($1::uuid[]))';

/** One UNION ALL over the parts, each figure carrying its part's sign; $1 is the athlete ids, the bounds follow in `params`. */
function partsSql(kind: 'athlete' | 'exercise', keys: string[], figures: readonly string[], parts: Part[], params: unknown[]): string {
  return parts
    .map((part) => {
      const key = KEY[part.level];
      let where = `athlete_id = ANY(${TEAM_IDS})`;
      if (key) {
        params.push(part.from, part.to);
        where += ` AND ${key} >= $${params.length - 1}::date AND ${key} < $${params.length}::date`;
      }
      const columns = [...keys, ...figures.map((f) => (part.sign === 1 ? f : `-${f} AS ${f}`))].join(', ');
      return `SELECT ${columns} FROM team_${kind}_${part.level} WHERE ${where}`;
    })
    .join('\n UNION ALL ');
}

/** The coach's linked athletes (never the coach), by name. */
export async function teamMembers(db: pg.Pool, coachId: string): Promise<TeamMember[]> {
  const { rows } = await db.query<{
    athlete_id: string;
    email: string;
    full_name: string | null;
    display_name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    `SELECT l.athlete_id, l.email, p.full_name, p.display_name, p.first_name, p.last_name
       FROM client_links l LEFT JOIN user_profiles p ON p.user_id = l.athlete_id
      WHERE l.coach_id = $1 AND l.athlete_id <> $1`,
    [coachId],
  );
  return rows
    .map((r) => ({ id: r.athlete_id, name: displayName({ ...r, user_id: r.athlete_id, name: r.full_name }) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/**
 * The team with each athlete's last day of completed work, most recently active first
 * (then by name): the page preselects from the top of this list.
 */
export async function teamByActivity(db: pg.Pool, coachId: string): Promise<(TeamMember & { last_active: string | null })[]> {
  const team = await teamMembers(db, coachId);
  if (team.length === 0) return [];
  const { rows } = await db.query<{ athlete_id: string; last_active: string }>(
    `SELECT athlete_id, to_char(max(date), 'YYYY-MM-DD') AS last_active FROM team_athlete_days
      WHERE athlete_id = ANY(${TEAM_IDS}) AND completed_sets > 0 GROUP BY athlete_id`,
    [team.map((m) => m.id)],
  );
  const last = new Map(rows.map((r) => [r.athlete_id, r.last_active]));
  const withDates = team.map((m) => ({ ...m, last_active: last.get(m.id) ?? null }));
  // Stable sort: the name order of teamMembers breaks ties; never-active athletes go last.
  return withDates.sort((a, b) => (b.last_active ?? '').localeCompare(a.last_active ?? ''));
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
    const linked = new Set(team.map((m) => m.id));
    const wanted = new Set(q.athleteIds);
    if ([...wanted].some((id) => !linked.has(id))) throw new DomainError(403, NOT_YOUR_ATHLETE);
    members = team.filter((m) => wanted.has(m.id));
  }
  const { current, previous } = periods(q.range, q.today);
  const ids = members.map((m) => m.id);
  const range = { key: q.range, from: q.range === 'all' ? null : current.from, to: current.to };
  if (ids.length === 0) {
    return summarise({ range, mode: q.mode, members, athleteTotals: new Map(), exerciseTotals: new Map(), previous: previous ? zeroFigures() : null });
  }

  const long = q.range === '1y' || q.range === 'all';
  const parts = periodParts(current, long);
  const athleteParams: unknown[] = [ids];
  const athleteSql = `SELECT athlete_id, sum(done_workouts)::int AS done_workouts, ${FIGURES}
    FROM (${partsSql('athlete', ['athlete_id'], ['done_workouts', ...FIGURE_NAMES], parts, athleteParams)}) x GROUP BY athlete_id`;
  const exerciseParams: unknown[] = [ids];
  // A complement leaves exercises whose rows cancel out: only those with something prescribed in the range count.
  const exerciseSql = `SELECT athlete_id, exercise_name, sum(completed_sets)::int AS completed_sets, sum(volume)::float8 AS volume
    FROM (${partsSql('exercise', ['athlete_id', 'exercise_name'], EXERCISE_FIGURE_NAMES, parts, exerciseParams)}) x
    GROUP BY athlete_id, exercise_name HAVING sum(prescribed_sets) > 0`;
  const previousParams: unknown[] = [ids];
  const previousSql = previous ? `SELECT ${FIGURES} FROM (${partsSql('athlete', [], FIGURE_NAMES, previousParts(previous), previousParams)}) x` : null;

  const [athletes, exercises, earlier] = await Promise.all([
    db.query<AthleteTotals & { athlete_id: string }>(athleteSql, athleteParams),
    db.query<ExerciseFigures & { athlete_id: string; exercise_name: string }>(exerciseSql, exerciseParams),
    previousSql ? db.query<TeamFigures>(previousSql, previousParams) : null,
  ]);

  const athleteTotals = new Map<string, AthleteTotals>(athletes.rows.map((r) => [r.athlete_id, r]));
  const exerciseTotals = new Map<string, Map<string, ExerciseFigures>>();
  for (const r of exercises.rows) {
    const own = exerciseTotals.get(r.athlete_id) ?? new Map<string, ExerciseFigures>();
    own.set(r.exercise_name, r);
    exerciseTotals.set(r.athlete_id, own);
  }
  const row = earlier?.rows[0];
  const prev: TeamFigures | null = earlier ? { ...zeroFigures(), ...Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, v ?? 0])) } : null;
  return summarise({ range, mode: q.mode, members, athleteTotals, exerciseTotals, previous: prev });
}
