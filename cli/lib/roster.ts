/** `spotter templates` and `spotter athletes`: what a coach has, from the read models, for `spotter assign`. */
import type pg from 'pg';
import { WORKOUT_DONE_SQL } from '../../src/training/index.ts';
import { coachIdByEmail } from './recap.ts';

export interface TemplateRow {
  id: string;
  name: string;
  category: string;
  workouts: number;
  days: number;
  updatedAt: Date;
}

export interface AthleteRow {
  email: string;
  name: string;
  linkedAt: Date;
  /** Workouts done (completed or partly, workout-done.ts) in the 28 days before today (UTC). */
  done28d: number;
  nextWorkout: { date: string; name: string } | null;
}

export async function listTemplates(pool: pg.Pool, coachEmail: string): Promise<TemplateRow[]> {
  const coachId = await coachIdByEmail(pool, coachEmail);
  const { rows } = await pool.query<TemplateRow>(
    `SELECT id, name, category, workout_count AS workouts, day_count AS days, updated_at AS "updatedAt"
       FROM program_templates WHERE owner_id = $1 AND NOT deleted ORDER BY lower(name), id`,
    [coachId],
  );
  return rows;
}

export async function listAthletes(pool: pg.Pool, coachEmail: string, now: Date = new Date()): Promise<AthleteRow[]> {
  const coachId = await coachIdByEmail(pool, coachEmail);
  const today = now.toISOString().slice(0, 10);
  const { rows } = await pool.query<{ email: string; name: string; linked_at: Date; done: number; next_date: string | null; next_name: string | null }>(
    `SELECT p.email, coalesce(nullif(p.display_name, ''), p.full_name) AS name, l.linked_at,
            (SELECT count(*)::int FROM workouts w WHERE w.athlete_id = l.athlete_id AND NOT w.deleted AND ${WORKOUT_DONE_SQL}
               AND w.date >= $2::date - 28 AND w.date < $2::date) AS done,
            n.date AS next_date, n.name AS next_name
       FROM client_links l
       JOIN user_profiles p ON p.user_id = l.athlete_id
       LEFT JOIN LATERAL (SELECT date, name FROM workouts w WHERE w.athlete_id = l.athlete_id AND NOT w.deleted AND base_status = 'scheduled' AND w.date >= $2::date
                          ORDER BY date, created_at LIMIT 1) n ON true
      WHERE l.coach_id = $1
      ORDER BY lower(p.email)`,
    [coachId, today],
  );
  return rows.map((r) => ({
    email: r.email,
    name: r.name,
    linkedAt: r.linked_at,
    done28d: r.done,
    nextWorkout: r.next_date ? { date: r.next_date, name: r.next_name?.trim() || 'Workout' } : null,
  }));
}
