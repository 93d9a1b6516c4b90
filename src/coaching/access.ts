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

const linksSeen = new Set<string>();

/**
 * The coaches linked to any of these athletes, in one query, for a projection's
 * topics. Inside a projection's transaction a missing table would abort the batch, so
 * before the coaching projection has created client_links (a test running training
 * alone) the answer is "nobody" rather than a failed statement.
 */
export async function linkedCoachIds(tx: pg.PoolClient, athleteIds: ReadonlySet<string>): Promise<string[]> {
  if (athleteIds.size === 0) return [];
  // Once seen, a database keeps its client_links: remember that per database.
  const database = (tx as pg.PoolClient & { database?: string }).database ?? '';
  if (!linksSeen.has(database)) {
    const { rows: found } = await tx.query<{ ok: boolean }>(`SELECT to_regclass('client_links') IS NOT NULL AS ok`);
    if (!found[0].ok) return [];
    linksSeen.add(database);
  }
  const { rows } = await tx.query<{ coach_id: string }>('SELECT DISTINCT coach_id FROM client_links WHERE athlete_id = ANY($1::uuid[])', [[...athleteIds]]);
  return rows.map((r) => r.coach_id);
}
