/** Read-side queries of the groups context: SQL on read models only, never on events. */
import type pg from 'pg';
import { DomainError } from '../kernel/decider.ts';
import { clientName, clientsOf } from '../coaching/index.ts';
import { isUuid } from '../training/index.ts';
import { GROUP_MESSAGES } from './domain/groups.ts';

/** Which of these athletes are linked to the coach (client_links, the coaching context's contract table). */
export async function linkedAmong(db: pg.Pool | pg.PoolClient, coachId: string, athleteIds: readonly string[]): Promise<string[]> {
  if (athleteIds.length === 0) return [];
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM client_links WHERE coach_id = $1 AND athlete_id = ANY($2::uuid[])', [coachId, [...athleteIds]]);
  return rows.map((r) => r.athlete_id);
}

/** Every athlete linked to the coach. */
export async function linkedAthletesOf(db: pg.Pool, coachId: string): Promise<string[]> {
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM client_links WHERE coach_id = $1', [coachId]);
  return rows.map((r) => r.athlete_id);
}

/** A group's newest programs listed: what a coach looks back on, not a full history. */
const PROGRAMS_SHOWN = 10;

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

/** The coach's groups (not archived) with members and programs, and the athletes they may add. */
export async function groupsOf(db: pg.Pool, coachId: string, today: string) {
  const [groups, members, programs, athletes] = await Promise.all([
    db.query<{ group_id: string; name: string; created_at: Date }>(
      `SELECT group_id, name, created_at FROM coach_groups WHERE coach_id = $1 AND NOT archived ORDER BY lower(name), group_id`,
      [coachId],
    ),
    db.query<{
      group_id: string;
      athlete_id: string;
      linked: boolean;
      email: string | null;
      display_name: string | null;
      first_name: string | null;
      last_name: string | null;
      full_name: string | null;
    }>(
      `SELECT m.group_id, m.athlete_id, l.athlete_id IS NOT NULL AS linked, coalesce(p.email, l.email) AS email,
              p.display_name, p.first_name, p.last_name, p.full_name
         FROM group_members m JOIN coach_groups g ON g.group_id = m.group_id AND NOT g.archived
         LEFT JOIN client_links l ON l.coach_id = m.coach_id AND l.athlete_id = m.athlete_id
         LEFT JOIN user_profiles p ON p.user_id = m.athlete_id
        WHERE m.coach_id = $1
        ORDER BY m.added_at, m.athlete_id`,
      [coachId],
    ),
    db.query<{
      group_assignment_id: string;
      group_id: string;
      kind: string;
      template_id: string | null;
      name: string;
      start_date: string;
      end_date: string;
      athlete_count: number;
    }>(
      `SELECT p.group_assignment_id, p.group_id, p.kind, p.template_id, p.name, p.start_date::text, p.end_date::text,
              (SELECT count(*)::int FROM group_program_athletes a WHERE a.group_assignment_id = p.group_assignment_id) AS athlete_count
         FROM (SELECT *, row_number() OVER (PARTITION BY group_id ORDER BY start_date DESC, assigned_at DESC) AS nth
                 FROM group_programs WHERE coach_id = $1) p
        WHERE p.nth <= $2
        ORDER BY p.start_date DESC, p.assigned_at DESC`,
      [coachId, PROGRAMS_SHOWN],
    ),
    clientsOf(db, coachId),
  ]);
  return {
    data: groups.rows.map((g) => {
      const list = members.rows.filter((m) => m.group_id === g.group_id);
      return {
        id: g.group_id,
        name: g.name,
        created_at: iso(g.created_at),
        member_count: list.length,
        members: list.map((m) => ({
          id: m.athlete_id,
          name: clientName({ display_name: m.display_name, first_name: m.first_name, last_name: m.last_name, full_name: m.full_name ?? '' }) ?? m.email ?? 'Unnamed',
          linked: m.linked,
        })),
        programs: programs.rows
          .filter((p) => p.group_id === g.group_id)
          .map((p) => ({
            id: p.group_assignment_id,
            kind: p.kind as 'template' | 'workout',
            template_id: p.template_id,
            name: p.name,
            start_date: p.start_date,
            end_date: p.end_date,
            athlete_count: p.athlete_count,
            current: p.end_date >= today,
          })),
      };
    }),
    athletes: athletes.map((a) => ({ id: a.athleteId, name: a.name ?? a.email })),
  };
}

/**
 * The athletes of one of the coach's groups who are still linked to the coach (team
 * analytics' group filter). Another
 * coach's group, an archived one or no group at all: 404, the same answer for each.
 */
export async function groupAthleteIds(db: pg.Pool, coachId: string, groupId: string): Promise<string[]> {
  if (!isUuid(groupId)) throw new DomainError(404, GROUP_MESSAGES.notFound);
  const { rows } = await db.query<{ athlete_id: string | null }>(
    `SELECT l.athlete_id FROM coach_groups g
       LEFT JOIN (group_members m JOIN client_links l ON l.coach_id = m.coach_id AND l.athlete_id = m.athlete_id) ON m.group_id = g.group_id
      WHERE g.group_id = $1 AND g.coach_id = $2 AND NOT g.archived`,
    [groupId, coachId],
  );
  if (rows.length === 0) throw new DomainError(404, GROUP_MESSAGES.notFound);
  return rows.flatMap((r) => (r.athlete_id ? [r.athlete_id] : []));
}
