/**
 * Who may act on an athlete's training: the athlete, or a coach linked to them.
 * Reads the `client_links` read model (coach_id, athlete_id, linked_at), which the
 * coaching feature projects from ClientLinked / ClientUnlinked.
 */
import type pg from 'pg';

export async function isCoachOf(db: pg.Pool | pg.PoolClient, coachId: string, athleteId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM client_links WHERE coach_id = $1 AND athlete_id = $2', [coachId, athleteId]);
  return rows.length > 0;
}

export async function mayActForAthlete(db: pg.Pool | pg.PoolClient, userId: string, athleteId: string): Promise<boolean> {
  return userId === athleteId || isCoachOf(db, userId, athleteId);
}

/** Coaches linked to an athlete: whom to tell when the athlete logs something. */
export async function coachesOf(db: pg.Pool | pg.PoolClient, athleteId: string): Promise<string[]> {
  const { rows } = await db.query<{ coach_id: string }>('SELECT coach_id FROM client_links WHERE athlete_id = $1', [athleteId]);
  return rows.map((r) => r.coach_id);
}
