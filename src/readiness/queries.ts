/**
 * The readiness reads, on the readiness_check_ins read model: one athlete's days
 * (their card and the coach's trend) and a coach's team with each athlete's status.
 */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';
import { BASELINE_DAYS, readinessStatus, round2, shiftDay, statusWindowStart, type DayScore, type ReadinessStatus } from './domain/baseline.ts';

export interface CheckInRow {
  date: string;
  sleep: number;
  soreness: number;
  stress: number;
  energy: number;
  score: number;
  note: string | null;
}

const COLUMNS = `to_char(date, 'YYYY-MM-DD') AS date, sleep::int, soreness::int, stress::int, energy::int, score::float8 AS score, note`;

/** One athlete's readiness on `today`: today's answer, the last 28 days and the status. */
export async function athleteReadiness(db: pg.Pool, athleteId: string, today: string) {
  const { rows } = await db.query<CheckInRow>(`SELECT ${COLUMNS} FROM readiness_check_ins WHERE athlete_id = $1 AND date BETWEEN $2::date AND $3::date ORDER BY date`, [
    athleteId,
    statusWindowStart(today),
    today,
  ]);
  const trendFrom = shiftDay(today, -(BASELINE_DAYS - 1));
  return {
    today,
    todayCheckIn: rows.find((r) => r.date === today) ?? null,
    trend: rows.filter((r) => r.date >= trendFrom).map((r) => ({ date: r.date, score: r.score })),
    status: readinessStatus(rows, today),
  };
}

export interface TeamReadinessRow extends ReadinessStatus {
  athlete_id: string;
  name: string;
  last_check_in: string | null;
}

/** Every athlete linked to the coach, each with their status on their own today; flagged athletes first. */
export async function teamReadiness(db: pg.Pool, coachId: string, todayOf: (timeZone: string) => string): Promise<TeamReadinessRow[]> {
  const { rows: athletes } = await db.query<{
    athlete_id: string;
    time_zone: string | null;
    display_name: string | null;
    first_name: string | null;
    last_name: string | null;
    full_name: string | null;
    email: string | null;
  }>(
    `SELECT l.athlete_id, p.time_zone, p.display_name, p.first_name, p.last_name, p.full_name, p.email
       FROM client_links l LEFT JOIN user_profiles p ON p.user_id = l.athlete_id
      WHERE l.coach_id = $1`,
    [coachId],
  );
  if (athletes.length === 0) return [];
  const todays = new Map(athletes.map((a) => [a.athlete_id, todayOf(a.time_zone ?? 'UTC')]));
  const earliest = [...todays.values()].reduce((min, d) => (d < min ? d : min));
  const { rows } = await db.query<DayScore & { athlete_id: string }>(
    `SELECT athlete_id, to_char(date, 'YYYY-MM-DD') AS date, score::float8 AS score FROM readiness_check_ins
      WHERE athlete_id = ANY($1::uuid[]) AND date >= $2::date ORDER BY date`,
    [athletes.map((a) => a.athlete_id), statusWindowStart(earliest)],
  );
  const days = new Map<string, DayScore[]>();
  for (const r of rows) days.set(r.athlete_id, [...(days.get(r.athlete_id) ?? []), r]);
  return athletes
    .map((a) => {
      const own = days.get(a.athlete_id) ?? [];
      return {
        athlete_id: a.athlete_id,
        name: displayName({ user_id: a.athlete_id, display_name: a.display_name, first_name: a.first_name, last_name: a.last_name, name: a.full_name, email: a.email }),
        last_check_in: own.at(-1)?.date ?? null,
        ...readinessStatus(own, todays.get(a.athlete_id)!),
      };
    })
    .sort((x, y) => Number(y.belowBaseline) - Number(x.belowBaseline) || x.name.localeCompare(y.name));
}

/** A week's readiness for the recap: the mean score of its check-ins and how many there were (null: none). */
export async function weekReadiness(
  db: Pick<pg.ClientBase, 'query'>,
  athleteId: string,
  week: { start: string; end: string },
): Promise<{ average: number; checkIns: number } | null> {
  const { rows } = await db.query<{ average: number | null; n: number }>(
    `SELECT avg(score)::float8 AS average, count(*)::int AS n FROM readiness_check_ins WHERE athlete_id = $1 AND date BETWEEN $2::date AND $3::date`,
    [athleteId, week.start, week.end],
  );
  const r = rows[0];
  return r && r.n > 0 && r.average !== null ? { average: round2(r.average), checkIns: r.n } : null;
}
