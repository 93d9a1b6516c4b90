/** Read-side queries of the contact network: SQL on user_connections, user_blocks and user_profiles. */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';

export type StatusFilter = 'pending' | 'accepted' | 'blocked' | 'all';

interface PersonRow {
  user_id: string;
  email: string;
  full_name: string;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_type: string;
}

const nameOf = (r: PersonRow) => displayName({ ...r, name: r.full_name });

/** LIKE pattern matching `term` anywhere, with its own % and _ taken literally. */
function containing(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

type SearchRow = PersonRow & { connection_status: string; connection_id: string | null; is_requester: boolean | null };

/**
 * People the caller may find, with where the caller stands with each: unconfirmed
 * accounts and people who blocked the caller are not listed. `match` is the SQL
 * condition on p (the profile), with $2.. as `params`.
 */
async function findPeople(db: pg.Pool, me: string, match: string, params: unknown[], limit: number): Promise<SearchRow[]> {
  const { rows } = await db.query<SearchRow>(
    `SELECT p.user_id, p.email, p.full_name, p.display_name, p.first_name, p.last_name, p.profile_type,
            CASE WHEN mine.blocker_id IS NOT NULL THEN 'blocked' ELSE coalesce(c.status, 'none') END AS connection_status,
            c.connection_id, (c.requester_id = $1) AS is_requester
     FROM user_profiles p
     LEFT JOIN user_connections c
       ON (c.requester_id = $1 AND c.recipient_id = p.user_id) OR (c.recipient_id = $1 AND c.requester_id = p.user_id)
     LEFT JOIN user_blocks mine ON mine.blocker_id = $1 AND mine.blocked_id = p.user_id
     WHERE p.user_id <> $1 AND p.email_confirmed
       AND NOT EXISTS (SELECT 1 FROM user_blocks theirs WHERE theirs.blocker_id = p.user_id AND theirs.blocked_id = $1)
       AND (${match})
     ORDER BY lower(coalesce(p.display_name, p.full_name)), p.user_id
     LIMIT ${Number(limit)}`,
    [me, ...params],
  );
  return rows;
}

const asResult = (r: SearchRow, showEmail: boolean) => ({
  user_id: r.user_id,
  // Another user's address only to someone who already typed it: a search must not harvest them.
  email: showEmail ? r.email : null,
  display_name: nameOf(r),
  profile_type: r.profile_type,
  connection_status: r.connection_status,
  connection_id: r.connection_id,
  is_requester: r.is_requester,
});

/** Users whose name contains the term (its % and _ taken literally); e-mails are not searched nor shown. */
export async function searchUsersByName(db: pg.Pool, me: string, term: string, limit: number) {
  const rows = await findPeople(db, me, `p.full_name ILIKE $2 OR p.display_name ILIKE $2 OR concat_ws(' ', p.first_name, p.last_name) ILIKE $2`, [containing(term)], limit);
  return rows.map((r) => asResult(r, false));
}

/** The user with exactly this e-mail address (any case), if the caller may find them. */
export async function userWithEmail(db: pg.Pool, me: string, email: string) {
  const rows = await findPeople(db, me, 'lower(p.email) = lower($2)', [email], 1);
  return rows.map((r) => asResult(r, true));
}

/** The id of a confirmed user, or null: a connection request by a search result's user_id. */
export async function confirmedUserId(db: pg.Pool, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM user_profiles WHERE user_id = $1 AND email_confirmed', [userId]);
  return rows[0]?.user_id ?? null;
}

/**
 * The caller's connections, as the spec's Connection entity, with the other person's
 * e-mail and name. A connection whose other side blocked the caller is hidden; one
 * the caller blocked shows as 'blocked' (so it can be unblocked), as does a block of
 * someone never connected (connection_id null).
 */
export async function connectionsOf(db: pg.Pool, me: string, filter: StatusFilter) {
  const { rows } = await db.query<
    PersonRow & {
      connection_id: string | null;
      status: 'pending' | 'accepted' | 'blocked';
      connection_type: string | null;
      notes: string | null;
      requester_id: string | null;
      recipient_id: string | null;
      is_requester: boolean;
      created_at: Date;
      updated_at: Date;
    }
  >(
    `WITH mine AS (
       SELECT c.connection_id, c.requester_id, c.recipient_id, c.connection_type, c.notes, c.created_at, c.updated_at,
              CASE WHEN c.requester_id = $1 THEN c.recipient_id ELSE c.requester_id END AS other_id,
              c.status, c.requester_id = $1 AS is_requester
       FROM user_connections c WHERE c.requester_id = $1 OR c.recipient_id = $1
     ), listed AS (
       SELECT m.connection_id, m.requester_id, m.recipient_id, m.connection_type, m.notes, m.created_at, m.updated_at, m.other_id,
              CASE WHEN b.blocker_id IS NOT NULL THEN 'blocked' ELSE m.status END AS status, m.is_requester
       FROM mine m LEFT JOIN user_blocks b ON b.blocker_id = $1 AND b.blocked_id = m.other_id
       WHERE b.blocker_id IS NOT NULL
          OR NOT EXISTS (SELECT 1 FROM user_blocks t WHERE t.blocker_id = m.other_id AND t.blocked_id = $1)
       UNION ALL
       SELECT NULL, NULL, NULL, NULL, NULL, b.created_at, b.created_at, b.blocked_id, 'blocked', false
       FROM user_blocks b WHERE b.blocker_id = $1 AND NOT EXISTS (SELECT 1 FROM mine m WHERE m.other_id = b.blocked_id)
     )
     SELECT l.*, p.user_id, p.email, p.full_name, p.display_name, p.first_name, p.last_name, p.profile_type
     FROM listed l JOIN user_profiles p ON p.user_id = l.other_id
     WHERE $2 = 'all' OR l.status = $2
     ORDER BY l.updated_at DESC, l.other_id`,
    [me, filter],
  );
  return rows.map((r) => ({
    connection_id: r.connection_id,
    status: r.status,
    connection_type: r.connection_type,
    notes: r.notes,
    requester_id: r.requester_id,
    recipient_id: r.recipient_id,
    is_requester: r.is_requester,
    user_id: r.user_id,
    email: r.email,
    display_name: nameOf(r),
    profile_type: r.profile_type,
    created_at: r.created_at,
    updated_at: r.updated_at,
  }));
}

/** A connection the caller is a party to; anyone else's is "not found". */
export async function connectionOf(db: pg.Pool, me: string, connectionId: string) {
  const { rows } = await db.query<{ requester_id: string; recipient_id: string }>(
    'SELECT requester_id, recipient_id FROM user_connections WHERE connection_id = $1 AND (requester_id = $2 OR recipient_id = $2)',
    [connectionId, me],
  );
  const r = rows[0];
  return r ? { otherId: r.requester_id === me ? r.recipient_id : r.requester_id } : null;
}

export async function userExists(db: pg.Pool, userId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM user_credentials WHERE user_id = $1', [userId]);
  return rows.length > 0;
}
