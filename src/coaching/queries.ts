/** Read-side queries of the coaching feature: SQL on the read models only, never on events. */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';

export interface ProfileRow {
  user_id: string;
  email: string;
  full_name: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_type: string;
  is_coach: boolean;
  is_athlete: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The name a card shows; null lets the page say "Unnamed" rather than repeat the e-mail. */
export function clientName(p: Pick<ProfileRow, 'display_name' | 'first_name' | 'last_name' | 'full_name'> | null): string | null {
  if (!p) return null;
  const full = [p.first_name?.trim(), p.last_name?.trim()].filter(Boolean).join(' ');
  return p.display_name?.trim() || full || p.full_name?.trim() || null;
}

export async function profileOf(db: pg.Pool, userId: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT user_id, email, full_name, display_name, first_name, last_name, profile_type, is_coach, is_athlete, created_at, updated_at
     FROM user_profiles WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The name an e-mail or a list shows for a user: the spec's resolution order. */
export function nameOf(p: ProfileRow | null, fallbackEmail: string): string {
  return displayName(p ? { ...p, name: p.full_name } : { email: fallbackEmail });
}

/**
 * Accounts by e-mail come from the credentials table, which signup writes
 * synchronously, so an account made a moment ago is already found.
 */
export async function userIdByEmail(db: pg.Pool, email: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM user_credentials WHERE email = $1', [email.trim().toLowerCase()]);
  return rows[0]?.user_id ?? null;
}

export async function clientsOf(db: pg.Pool, coachId: string) {
  const { rows } = await db.query<{ athlete_id: string; link_id: string; email: string; linked_at: Date } & Partial<ProfileRow>>(
    `SELECT l.athlete_id, l.link_id, coalesce(p.email, l.email) AS email, l.linked_at,
            p.full_name, p.display_name, p.first_name, p.last_name
     FROM client_links l LEFT JOIN user_profiles p ON p.user_id = l.athlete_id
     WHERE l.coach_id = $1
     ORDER BY lower(coalesce(p.display_name, p.full_name, l.email)), l.athlete_id`,
    [coachId],
  );
  return rows.map((r) => ({
    athleteId: r.athlete_id,
    linkId: r.link_id,
    email: r.email,
    linkedAt: r.linked_at,
    name: clientName({ display_name: r.display_name ?? null, first_name: r.first_name ?? null, last_name: r.last_name ?? null, full_name: r.full_name ?? '' }),
  }));
}

export async function invitesOf(db: pg.Pool, coachId: string) {
  const { rows } = await db.query<{ id: string; email: string; status: 'pending' | 'accepted'; athlete_id: string | null; created_at: Date; accepted_at: Date | null }>(
    `SELECT invite_id AS id, email, status, athlete_id, created_at, accepted_at FROM invites
     WHERE coach_id = $1 AND status <> 'revoked' ORDER BY created_at DESC, invite_id`,
    [coachId],
  );
  return rows;
}

export async function inviteById(db: pg.Pool, inviteId: string) {
  const { rows } = await db.query<{ coach_id: string; email: string; status: string }>('SELECT coach_id, email, status FROM invites WHERE invite_id = $1', [inviteId]);
  return rows[0] ?? null;
}

/** Pending invitations addressed to an e-mail, with who sent them. */
export async function invitationsFor(db: pg.Pool, email: string) {
  const { rows } = await db.query<{ id: string; coach_id: string; coach_email: string | null; created_at: Date } & Partial<ProfileRow>>(
    `SELECT i.invite_id AS id, i.coach_id, i.created_at, p.email AS coach_email, p.full_name, p.display_name, p.first_name, p.last_name
     FROM invites i LEFT JOIN user_profiles p ON p.user_id = i.coach_id
     WHERE i.email = $1 AND i.status = 'pending' ORDER BY i.created_at DESC`,
    [email.trim().toLowerCase()],
  );
  return rows.map((r) => ({
    id: r.id,
    coach_id: r.coach_id,
    coach_email: r.coach_email,
    coach_name: displayName({ display_name: r.display_name, first_name: r.first_name, last_name: r.last_name, name: r.full_name, email: r.coach_email, user_id: r.coach_id }),
    created_at: r.created_at,
  }));
}

export async function linkById(db: pg.Pool, coachId: string, linkId: string): Promise<string | null> {
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM client_links WHERE coach_id = $1 AND link_id = $2', [coachId, linkId]);
  return rows[0]?.athlete_id ?? null;
}

/**
 * Waits for the invitation mail of one event to be handed to the mailer (or to fail),
 * so POST /api/manage-invites can answer the spec's emailSent/emailError honestly.
 */
export async function mailOutcome(db: pg.Pool, eventId: string, timeoutMs = 8000): Promise<{ emailSent: boolean; emailError: string | null }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ status: string; error: string | null }>(`SELECT status, error FROM email_outbox WHERE event_id = $1 AND kind = 'invitation'`, [eventId]);
    const row = rows[0];
    if (row?.status === 'sent') return { emailSent: true, emailError: null };
    if (row?.status === 'failed' || (row?.status === 'pending' && row.error)) return { emailSent: false, emailError: row.error };
    if (Date.now() > end) return { emailSent: false, emailError: 'The e-mail is still queued; it will be sent when the mail server answers.' };
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The athlete's side of coaching: each coach who linked them ("linked"), and each whose
 * invitation they accepted and who has not linked them yet ("waiting").
 */
export async function myCoaches(db: pg.Pool, athleteId: string) {
  const { rows } = await db.query<{ coach_id: string; status: 'linked' | 'waiting'; since: Date; coach_email: string | null } & Partial<ProfileRow>>(
    `WITH mine AS (
       SELECT coach_id, 'linked' AS status, linked_at AS since FROM client_links WHERE athlete_id = $1
       UNION ALL
       (SELECT DISTINCT ON (coach_id) coach_id, 'waiting', accepted_at FROM invites i
         WHERE athlete_id = $1 AND status = 'accepted'
           AND NOT EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = i.coach_id AND l.athlete_id = $1)
         ORDER BY coach_id, accepted_at DESC))
     SELECT m.coach_id, m.status, m.since, p.email AS coach_email, p.full_name, p.display_name, p.first_name, p.last_name
       FROM mine m LEFT JOIN user_profiles p ON p.user_id = m.coach_id
      WHERE m.coach_id <> $1
      ORDER BY m.since, m.coach_id`,
    [athleteId],
  );
  return rows.map((r) => ({
    coach_id: r.coach_id,
    coach_name: displayName({ display_name: r.display_name, first_name: r.first_name, last_name: r.last_name, name: r.full_name, email: r.coach_email, user_id: r.coach_id }),
    status: r.status,
  }));
}
