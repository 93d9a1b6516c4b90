/**
 * What "Download my data" puts in the archive (issue 26, item 3): one JSON file per
 * kind, each with the person's own rows only, read from the read models and the
 * tables that hold what events do not (sessions, tokens, webhook endpoints). Never a
 * secret: no password hash, token, token hash or webhook signing secret is selected.
 * Each section documents its fields; readme.ts turns that into the README.md inside.
 *
 * Large kinds (workouts, messages) are read a page at a time, so a long history is
 * streamed into the archive, never held whole.
 */
import type pg from 'pg';
import { displayName } from '../accounts/index.ts';

export interface Section {
  file: string;
  about: string;
  /** Field → meaning, for the README. */
  fields: Record<string, string>;
  /** An array file yields its items; an object file resolves to the object. */
  read(db: pg.Pool, userId: string): AsyncIterable<unknown> | Promise<Record<string, unknown>>;
}

const PAGE = 250;

/** Keyset pages of a query ordered by (key, id): `$1` the user, `$2`/`$3` the last key and id seen (null at first), `$4` the page size. */
async function* pages<T extends { id: string }>(db: pg.Pool, sql: string, userId: string, keyOf: (row: T) => unknown): AsyncGenerator<T> {
  let after: unknown[] = [null, null];
  for (;;) {
    const { rows }: { rows: T[] } = await db.query<T>(sql, [userId, ...after, PAGE]);
    yield* rows;
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = [keyOf(last), last.id];
  }
}

async function* rowsOf(db: pg.Pool, sql: string, userId: string): AsyncGenerator<unknown> {
  yield* (await db.query(sql, [userId])).rows;
}

const nameSql = (alias: string) => `${alias}.display_name, ${alias}.first_name, ${alias}.last_name, ${alias}.full_name, ${alias}.email, ${alias}.user_id`;
type NameRow = { display_name: string | null; first_name: string | null; last_name: string | null; full_name: string | null; email: string | null; user_id: string | null };
const nameOf = (r: NameRow) => (r.user_id ? displayName({ ...r, name: r.full_name }) : null);

export const SECTIONS: Section[] = [
  {
    file: 'profile.json',
    about: 'Your account and profile as Spotter shows it.',
    fields: {
      user_id: 'your account id',
      email: 'your e-mail address',
      full_name: 'the name you signed up with',
      display_name: 'the name others see, if you set one',
      first_name: 'first name, if set',
      last_name: 'last name, if set',
      is_coach: 'true when your account may coach',
      is_athlete: 'true when your account trains (every account does)',
      email_confirmed: 'true once you followed the confirmation link',
      time_zone: 'the zone your "today" is counted in',
      weight_unit: 'kg or lb as chosen in Settings (null: your browser decides)',
      created_at: 'when the account was made',
      updated_at: 'when the profile last changed',
    },
    async read(db, userId) {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT user_id, email, full_name, display_name, first_name, last_name, is_coach, is_athlete, email_confirmed, time_zone, weight_unit, created_at, updated_at
           FROM user_profiles WHERE user_id = $1`,
        [userId],
      );
      return rows[0] ?? { user_id: userId };
    },
  },
  {
    file: 'workouts.json',
    about:
      'Every workout in your calendar (not deleted), oldest first, with its planned exercises and sets and what you logged for each set. Loads are in pounds, as Spotter keeps them.',
    fields: {
      id: 'the workout id',
      date: 'the day it is planned for (YYYY-MM-DD)',
      name: 'its name',
      notes: 'its notes',
      status: 'scheduled or completed as last saved (a scheduled workout before today is shown as missed)',
      exercises: 'the exercises in order; each has its sets: planned reps, load (lb), time or distance, and `actual` with what was logged',
      set_count: 'sets planned',
      done_sets: 'sets logged as done',
      minutes: 'minutes trained, from the logged sets',
      template_id: 'the program template it came from, if any',
      import_id: 'the import it came from (Strong or Hevy), if any',
      created_at: 'when it was made',
      updated_at: 'when it last changed',
    },
    read: (db, userId) =>
      pages<{ id: string; date: string }>(
        db,
        `SELECT id, to_char(date, 'YYYY-MM-DD') AS date, name, notes, base_status AS status, exercises, set_count, done_sets, minutes::float8 AS minutes,
                template_id, import_id, created_at, updated_at
           FROM workouts WHERE athlete_id = $1 AND NOT deleted AND ($2::date IS NULL OR (date, id) > ($2::date, $3::uuid))
          ORDER BY date, id LIMIT $4`,
        userId,
        (r) => r.date,
      ),
  },
  {
    file: 'records.json',
    about: 'Your performance records: every record set over time (from logged workouts or entered by hand), oldest first.',
    fields: {
      exercise_name: 'the exercise',
      rep_range: 'the rep count the record is for (1 = one-rep max)',
      best: 'the load (lb), or the time or height in `unit`',
      unit: 'lbs for loads; otherwise the unit of a timed or measured record',
      lower_is_better: 'true for times (faster is better)',
      date_achieved: 'the day it was set',
      source: '"workout" (with workout_id) or "entry" (entered by hand, with entry_id)',
    },
    read: (db, userId) =>
      rowsOf(
        db,
        `SELECT exercise_name, rep_range, best_weight::float8 AS best, unit, lower_better AS lower_is_better, to_char(date_achieved, 'YYYY-MM-DD') AS date_achieved,
                CASE WHEN workout_id IS NOT NULL THEN 'workout' ELSE 'entry' END AS source, workout_id, entry_id
           FROM athlete_performance_records WHERE athlete_id = $1 ORDER BY date_achieved, exercise_name, rep_range`,
        userId,
      ),
  },
  {
    file: 'messages.json',
    about: 'Every chat message you can see, sent and received, oldest first, with the other person named. Deleted messages are listed without their text.',
    fields: {
      id: 'the message id',
      conversation_id: 'the conversation it belongs to',
      direction: '"sent" (by you) or "received"',
      from_name: 'who wrote it (display name)',
      with_names: 'the other people in the conversation (display names)',
      content: 'the text (empty when deleted)',
      message_type: 'text, or another kind the app sends',
      created_at: 'when it was sent',
      deleted_at: 'when it was deleted, if it was',
    },
    async *read(db, userId) {
      const people = new Map<string, string>();
      const { rows: others } = await db.query<NameRow & { conversation_id: string }>(
        `SELECT cp.conversation_id, ${nameSql('p')} FROM conversation_participants me
           JOIN conversation_participants cp ON cp.conversation_id = me.conversation_id AND cp.user_id <> $1
           LEFT JOIN user_profiles p ON p.user_id = cp.user_id
          WHERE me.user_id = $1 AND NOT me.deleted`,
        [userId],
      );
      const withNames = new Map<string, string[]>();
      for (const o of others) withNames.set(o.conversation_id, [...(withNames.get(o.conversation_id) ?? []), nameOf(o) ?? 'Unknown User']);
      type Row = NameRow & {
        id: string;
        conversation_id: string;
        sender_id: string;
        created_at: Date;
        created_key: string;
        content: string;
        message_type: string;
        deleted_at: Date | null;
      };
      for await (const m of pages<Row>(
        db,
        `SELECT m.id, m.conversation_id, m.sender_id, m.content, m.message_type, m.created_at, m.created_at::text AS created_key, m.deleted_at, ${nameSql('p')}
           FROM messages m JOIN conversation_participants me ON me.conversation_id = m.conversation_id AND me.user_id = $1 AND NOT me.deleted AND m.seq > me.cleared_seq
           LEFT JOIN user_profiles p ON p.user_id = m.sender_id
          WHERE ($2::timestamptz IS NULL OR (m.created_at, m.id) > ($2::timestamptz, $3::uuid))
          ORDER BY m.created_at, m.id LIMIT $4`,
        userId,
        // The database's own text of the time: a JS Date would drop microseconds and repeat rows across pages.
        (r) => r.created_key,
      )) {
        if (!people.has(m.sender_id)) people.set(m.sender_id, nameOf(m) ?? 'Unknown User');
        yield {
          id: m.id,
          conversation_id: m.conversation_id,
          direction: m.sender_id === userId ? 'sent' : 'received',
          from_name: people.get(m.sender_id),
          with_names: withNames.get(m.conversation_id) ?? [],
          content: m.deleted_at ? '' : m.content,
          message_type: m.message_type,
          created_at: m.created_at,
          deleted_at: m.deleted_at,
        };
      }
    },
  },
  {
    file: 'invites.json',
    about: 'Coaching invitations you sent (as a coach) and received (to your e-mail address or accepted by you), newest first.',
    fields: {
      id: 'the invitation id',
      direction: '"sent" or "received"',
      email: 'the address it went to',
      coach_name: 'who sent it (for received ones)',
      status: 'pending, accepted or revoked',
      created_at: 'when it was sent',
      accepted_at: 'when it was accepted, if it was',
    },
    async *read(db, userId) {
      const { rows } = await db.query<NameRow & { id: string; coach_id: string; sent_to: string; status: string; created_at: Date; accepted_at: Date | null }>(
        `SELECT i.invite_id AS id, i.coach_id, i.email AS sent_to, i.status, i.created_at, i.accepted_at, ${nameSql('p')}
           FROM invites i LEFT JOIN user_profiles p ON p.user_id = i.coach_id
          WHERE i.coach_id = $1 OR i.athlete_id = $1 OR i.email = (SELECT lower(email) FROM user_profiles WHERE user_id = $1)
          ORDER BY i.created_at DESC, i.invite_id`,
        [userId],
      );
      for (const r of rows) {
        const sent = r.coach_id === userId;
        yield {
          id: r.id,
          direction: sent ? 'sent' : 'received',
          email: r.sent_to,
          coach_name: sent ? null : nameOf(r),
          status: r.status,
          created_at: r.created_at,
          accepted_at: r.accepted_at,
        };
      }
    },
  },
  {
    file: 'contacts.json',
    about: 'Your contacts: connection requests you sent and received, accepted contacts, the people you blocked, and your coaching links.',
    fields: {
      kind: '"connection", "block" or "coaching link"',
      name: 'the other person (display name)',
      email: 'their e-mail address (connections and coaching links only)',
      status: 'pending or accepted (connections); "you blocked them" (blocks); "your coach" or "your athlete" (coaching links)',
      direction: '"sent" or "received" for connection requests',
      connection_type: 'the kind of connection asked for',
      notes: 'the note sent with the request',
      created_at: 'when it started',
      updated_at: 'when it last changed',
    },
    async *read(db, userId) {
      type Row = NameRow & Record<string, unknown>;
      const connections = await db.query<Row>(
        `SELECT c.requester_id, c.status, c.connection_type, c.notes, c.created_at, c.updated_at, ${nameSql('p')}
           FROM user_connections c JOIN user_profiles p ON p.user_id = CASE WHEN c.requester_id = $1 THEN c.recipient_id ELSE c.requester_id END
          WHERE c.requester_id = $1 OR c.recipient_id = $1 ORDER BY c.created_at`,
        [userId],
      );
      for (const r of connections.rows) {
        yield {
          kind: 'connection',
          name: nameOf(r),
          email: r.email,
          status: r.status,
          direction: r.requester_id === userId ? 'sent' : 'received',
          connection_type: r.connection_type,
          notes: r.notes,
          created_at: r.created_at,
          updated_at: r.updated_at,
        };
      }
      const blocks = await db.query<Row>(`SELECT b.created_at, ${nameSql('p')} FROM user_blocks b LEFT JOIN user_profiles p ON p.user_id = b.blocked_id WHERE b.blocker_id = $1`, [
        userId,
      ]);
      for (const r of blocks.rows) yield { kind: 'block', name: nameOf(r), status: 'you blocked them', created_at: r.created_at };
      const links = await db.query<Row>(
        `SELECT l.coach_id, l.linked_at, ${nameSql('p')} FROM client_links l JOIN user_profiles p ON p.user_id = CASE WHEN l.coach_id = $1 THEN l.athlete_id ELSE l.coach_id END
          WHERE (l.coach_id = $1 OR l.athlete_id = $1) AND l.coach_id <> l.athlete_id ORDER BY l.linked_at`,
        [userId],
      );
      for (const r of links.rows)
        yield { kind: 'coaching link', name: nameOf(r), email: r.email, status: r.coach_id === userId ? 'your athlete' : 'your coach', created_at: r.linked_at };
    },
  },
];
