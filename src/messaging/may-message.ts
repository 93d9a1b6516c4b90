/**
 * Who may message whom: two users with an accepted contact request, or a coach and an
 * athlete they coach (the coaching link is the relationship; a separate request on
 * top of it was a hurdle). A block by either side wins over both.
 */
import type pg from 'pg';
import { areConnected, eitherBlocked } from '../network/index.ts';
import { isCoachOf } from '../coaching/index.ts';
import { displayName, type NameSource } from '../accounts/index.ts';

export async function isCoachingPair(db: pg.Pool, a: string, b: string): Promise<boolean> {
  return (await isCoachOf(db, a, b)) || (await isCoachOf(db, b, a));
}

export async function mayMessage(db: pg.Pool, a: string, b: string): Promise<boolean> {
  if (await areConnected(db, a, b)) return true;
  return (await isCoachingPair(db, a, b)) && !(await eitherBlocked(db, a, b));
}

/** The coaches and athletes linked to `userId` that they may message (blocks left out), by name. */
export async function coachingPartners(db: pg.Pool, userId: string): Promise<{ user_id: string; name: string; relation: 'coach' | 'athlete' }[]> {
  const { rows } = await db.query<NameSource & { user_id: string; relation: 'coach' | 'athlete' }>(
    `SELECT p.user_id, p.relation, u.display_name, u.first_name, u.last_name, u.full_name AS name, u.email FROM (
       SELECT coach_id AS user_id, 'coach' AS relation FROM client_links WHERE athlete_id = $1
       UNION
       SELECT athlete_id, 'athlete' FROM client_links WHERE coach_id = $1
     ) p
     LEFT JOIN user_profiles u ON u.user_id = p.user_id
     WHERE NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = p.user_id) OR (b.blocker_id = p.user_id AND b.blocked_id = $1))`,
    [userId],
  );
  return rows
    .map((r) => ({ user_id: r.user_id, name: displayName(r), relation: r.relation }))
    .sort((a, b) => (a.relation === b.relation ? a.name.localeCompare(b.name) : a.relation === 'coach' ? -1 : 1));
}
