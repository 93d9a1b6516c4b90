/** Reads of the templates read model (projections/templates.ts). Never events. */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';

interface TemplateListRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  category: string;
  is_public: boolean;
  revision: number;
  day_count: number;
  workout_count: number;
  created_at: Date;
  updated_at: Date;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  name_owner?: string | null;
  email: string | null;
  workouts?: unknown;
}

function toTemplate(r: TemplateListRow, viewerId: string) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    is_public: r.is_public,
    user_id: r.owner_id,
    owner_name: displayName({ user_id: r.owner_id, display_name: r.display_name, first_name: r.first_name, last_name: r.last_name, name: r.name_owner, email: r.email }),
    is_own: r.owner_id === viewerId,
    revision: r.revision,
    day_count: r.day_count,
    workout_count: r.workout_count,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    ...(r.workouts !== undefined ? { workouts: r.workouts } : {}),
  };
}

const SELECT = (withWorkouts: boolean) => `
  SELECT t.id, t.owner_id, t.name, t.description, t.category, t.is_public, t.revision, t.day_count, t.workout_count,
         t.created_at, t.updated_at, ${withWorkouts ? 't.workouts,' : ''} p.display_name, p.first_name, p.last_name, p.full_name AS name_owner, p.email
    FROM program_templates t LEFT JOIN user_profiles p ON p.user_id = t.owner_id`;

/** The viewer's own templates and every other coach's public ones, newest first. */
export async function listTemplates(db: pg.Pool, viewerId: string) {
  const { rows } = await db.query<TemplateListRow>(
    `${SELECT(false)} WHERE NOT t.deleted AND (t.owner_id = $1 OR t.is_public) ORDER BY (t.owner_id = $1) DESC, t.created_at DESC LIMIT 500`,
    [viewerId],
  );
  return rows.map((r) => toTemplate(r, viewerId));
}

/** One template with its workouts, if the viewer owns it or it is public. */
export async function getTemplate(db: pg.Pool, viewerId: string, id: string) {
  const { rows } = await db.query<TemplateListRow>(`${SELECT(true)} WHERE t.id = $1 AND NOT t.deleted AND (t.owner_id = $2 OR t.is_public)`, [id, viewerId]);
  return rows[0] ? toTemplate(rows[0], viewerId) : null;
}

/** The coach's linked athletes, for the Assign dialog. */
export async function templateAthletes(db: pg.Pool, coachId: string) {
  const { rows } = await db.query<{
    user_id: string;
    display_name: string | null;
    first_name: string | null;
    last_name: string | null;
    full_name: string | null;
    email: string | null;
  }>(
    `SELECT l.athlete_id AS user_id, p.display_name, p.first_name, p.last_name, p.full_name, p.email
       FROM client_links l LEFT JOIN user_profiles p ON p.user_id = l.athlete_id
      WHERE l.coach_id = $1 ORDER BY lower(coalesce(p.full_name, '')), l.athlete_id`,
    [coachId],
  );
  return rows.map((r) => ({
    id: r.user_id,
    // The dialog shows 'Unnamed Athlete' for an empty name, so no e-mail fallback here.
    name: r.display_name?.trim() || [r.first_name, r.last_name].filter((x) => x?.trim()).join(' ') || r.full_name?.trim() || '',
    first_name: r.first_name ?? null,
    last_name: r.last_name ?? null,
  }));
}

/** An athlete's assignments, newest first, with `scheduled n of m` and each workout's marks. */
export async function listAssignments(db: pg.Pool, athleteId: string) {
  const { rows } = await db.query<{
    created_at: Date;
    revision: number;
    template_revision: number | null;
    template_deleted: boolean;
    unassigned: boolean;
    workout_count: number;
    scheduled_count: number;
    [column: string]: unknown;
  }>(
    `SELECT a.id, a.template_id, a.template_name, a.coach_id, a.athlete_id, a.start_date::text AS start_date, a.end_date::text AS end_date,
            a.revision, t.revision AS template_revision, coalesce(t.deleted, true) AS template_deleted, a.unassigned,
            a.deleted_count, a.kept_count, a.created_at,
            coalesce(w.total, 0)::int AS workout_count, coalesce(w.scheduled, 0)::int AS scheduled_count, coalesce(w.list, '[]') AS workouts
       FROM template_assignments a
       LEFT JOIN program_templates t ON t.id = a.template_id
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE NOT x.removed) AS total,
                count(*) FILTER (WHERE NOT x.removed AND x.scheduled) AS scheduled,
                json_agg(json_build_object('workout_id', x.workout_id, 'date', x.target_date::text, 'name', x.name, 'scheduled', x.scheduled,
                         'logged', x.logged, 'hand_edited', x.hand_edited, 'deleted', x.deleted) ORDER BY x.target_date, x.workout_key)
                  FILTER (WHERE NOT x.removed) AS list
           FROM assignment_workouts x WHERE x.assignment_id = a.id
       ) w ON true
      WHERE a.athlete_id = $1
      ORDER BY a.created_at DESC LIMIT 200`,
    [athleteId],
  );
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    status: r.unassigned ? 'unassigned' : r.scheduled_count < r.workout_count ? 'scheduling' : 'active',
    progress: `scheduled ${r.scheduled_count} of ${r.workout_count}`,
    resync_available: !r.unassigned && !r.template_deleted && r.template_revision !== null && r.template_revision > r.revision,
  }));
}
