/**
 * Compliance for the clients list: 7, 30 and 90 days and all time, each the share
 * (0-100, rounded) of sets with actual reps > 0 among sets that prescribe reps,
 * null when no set in the window prescribes reps. Colour with complianceBand().
 *
 * Windows end today (inclusive) and "all" stops at today too: a workout planned
 * for next week has not been missed yet and must not pull the figure down.
 * Answered from the projected compliance_daily / compliance_totals rows: one
 * query for any number of athletes, never reading workouts.
 */
import type pg from 'pg';
import { isCalendarDate } from './domain/workout-rules.ts';

export interface ComplianceWindows {
  d7: number | null;
  d30: number | null;
  d90: number | null;
  all: number | null;
}

export const COMPLIANCE_WINDOWS = { d7: 7, d30: 30, d90: 90 } as const;

const pct = (done: number, prescribed: number): number | null => (prescribed > 0 ? Math.round((done / prescribed) * 100) : null);

export async function loadCompliance(db: pg.Pool | pg.PoolClient, athleteIds: string[], today: string): Promise<Map<string, ComplianceWindows>> {
  if (!isCalendarDate(today)) throw new RangeError(`today must be a calendar date: ${today}`);
  const result = new Map<string, ComplianceWindows>(athleteIds.map((id) => [id, { d7: null, d30: null, d90: null, all: null }]));
  if (athleteIds.length === 0) return result;
  const { rows } = await db.query<Record<string, number | string | null>>(
    `WITH recent AS (
       SELECT athlete_id,
              sum(prescribed_sets) FILTER (WHERE date > $2::date - 7 AND date <= $2::date)  AS p7,
              sum(done_sets)       FILTER (WHERE date > $2::date - 7 AND date <= $2::date)  AS d7,
              sum(prescribed_sets) FILTER (WHERE date > $2::date - 30 AND date <= $2::date) AS p30,
              sum(done_sets)       FILTER (WHERE date > $2::date - 30 AND date <= $2::date) AS d30,
              sum(prescribed_sets) FILTER (WHERE date <= $2::date)                          AS p90,
              sum(done_sets)       FILTER (WHERE date <= $2::date)                          AS d90,
              sum(prescribed_sets) FILTER (WHERE date > $2::date)                           AS pf,
              sum(done_sets)       FILTER (WHERE date > $2::date)                           AS df
         FROM compliance_daily
        WHERE athlete_id = ANY($1::uuid[]) AND date > $2::date - 90
        GROUP BY athlete_id)
     SELECT t.athlete_id, t.prescribed_sets AS pt, t.done_sets AS dt, r.p7, r.d7, r.p30, r.d30, r.p90, r.d90, r.pf, r.df
       FROM compliance_totals t LEFT JOIN recent r USING (athlete_id)
      WHERE t.athlete_id = ANY($1::uuid[])`,
    [athleteIds, today],
  );
  const n = (v: number | string | null | undefined) => Number(v ?? 0);
  for (const r of rows) {
    result.set(String(r.athlete_id), {
      d7: pct(n(r.d7), n(r.p7)),
      d30: pct(n(r.d30), n(r.p30)),
      d90: pct(n(r.d90), n(r.p90)),
      // Future days are inside the total; take them out again.
      all: pct(n(r.dt) - n(r.df), n(r.pt) - n(r.pf)),
    });
  }
  return result;
}
