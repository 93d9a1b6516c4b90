/**
 * The unread comment mail (issue 27): a comment still unread by the other side of
 * its thread some time after it was posted (COMMENT_UNREAD_MAIL_AFTER_MINUTES) is
 * e-mailed to that reader, all of a reader's due comments in one mail.
 *
 * A pass (run by the feature's timer) reads the due comments from the read models,
 * and in one transaction writes a row per (posting event id, reader) into
 * `comment_unread_mails` (migration 021, outside the read models) and queues the mails
 * in `email_outbox` under a key made from those event ids: a comment is mailed at most
 * once to a reader, across restarts, replays and rebuilds of the read models, and the
 * outbox's sender applies the per-recipient mail limit. One pass runs at a time across
 * servers (an advisory lock).
 *
 * Left out: comments the reader has read meanwhile, a coach whose link to the athlete
 * ended, and comments older than a week when first found (a mail about last month's
 * session would be noise).
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { COMMENT_MAIL_LOCK } from '../platform/locks.ts';
import { displayName, type NameSource } from '../accounts/index.ts';

/** A reader's mail lists at most this many comments (the newest); the rest are marked too: the page shows them. */
const MAX_LISTED = 20;
const NOT_OLDER_THAN_MS = 7 * 24 * 60 * 60 * 1000;

interface DueRow {
  event_id: string;
  recipient_id: string;
  recipient_email: string;
  recipient_role: 'coach' | 'athlete';
  athlete_id: string;
  workout_id: string;
  workout_name: string | null;
  workout_date: string;
  exercises: { exercise_name?: string; sets?: { id?: string }[] }[] | null;
  set_id: string | null;
  text: string;
  posted_at: Date;
  recipient: NameSource;
  author: NameSource;
}

function dayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

function whereOf(r: DueRow): string {
  const workout = `${r.workout_name?.trim() || 'Workout'}, ${dayLabel(r.workout_date)}`;
  if (!r.set_id) return workout;
  for (const exercise of r.exercises ?? []) {
    const i = (exercise.sets ?? []).findIndex((s) => s.id === r.set_id);
    if (i >= 0) return `${workout}, ${exercise.exercise_name?.trim() || 'exercise'} set ${i + 1}`;
  }
  return workout;
}

/** Queues the due mails (see the header); returns how many. */
export async function sendUnreadCommentMails(pool: pg.Pool, now: Date, afterMinutes: number, appUrl: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows: locked } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [COMMENT_MAIL_LOCK]);
    if (!locked[0].ok) {
      await client.query('ROLLBACK');
      return 0;
    }
    const dueBefore = new Date(now.getTime() - afterMinutes * 60_000);
    const { rows } = await client.query<DueRow>(
      `SELECT c.event_id, x.recipient_id, x.recipient_role, c.athlete_id, c.workout_id, c.set_id, c.text, c.posted_at,
              w.name AS workout_name, to_char(w.date, 'YYYY-MM-DD') AS workout_date, w.exercises,
              rp.email AS recipient_email,
              json_build_object('user_id', rp.user_id, 'display_name', rp.display_name, 'first_name', rp.first_name, 'last_name', rp.last_name, 'name', rp.full_name, 'email', rp.email) AS recipient,
              json_build_object('user_id', ap.user_id, 'display_name', ap.display_name, 'first_name', ap.first_name, 'last_name', ap.last_name, 'name', ap.full_name, 'email', ap.email) AS author
         FROM workout_comments c
         CROSS JOIN LATERAL (SELECT CASE WHEN c.author_role = 'athlete' THEN c.coach_id ELSE c.athlete_id END AS recipient_id,
                                    CASE WHEN c.author_role = 'athlete' THEN 'coach' ELSE 'athlete' END AS recipient_role) x
         JOIN workouts w ON w.id = c.workout_id AND NOT w.deleted
         JOIN user_profiles rp ON rp.user_id = x.recipient_id
         LEFT JOIN user_profiles ap ON ap.user_id = c.author_id
         LEFT JOIN workout_comment_reads r ON r.workout_id = c.workout_id AND r.reader_id = x.recipient_id
        WHERE c.posted_at <= $1 AND c.posted_at > $2
          AND (r.read_up_to IS NULL OR c.posted_at > r.read_up_to)
          AND (x.recipient_role = 'athlete' OR EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = x.recipient_id AND l.athlete_id = c.athlete_id))
          AND NOT EXISTS (SELECT 1 FROM comment_unread_mails m WHERE m.event_id = c.event_id AND m.recipient_id = x.recipient_id)
        ORDER BY x.recipient_id, c.posted_at, c.event_id`,
      [dueBefore, new Date(now.getTime() - NOT_OLDER_THAN_MS)],
    );
    const byRecipient = new Map<string, DueRow[]>();
    for (const r of rows) byRecipient.set(r.recipient_id, [...(byRecipient.get(r.recipient_id) ?? []), r]);
    const mails = [...byRecipient.values()].map((due) => {
      const first = due[0];
      // Stable key: the same comments always make the same outbox key.
      const key = `comments-unread:${createHash('sha256')
        .update(due.map((r) => `${r.event_id}:${r.recipient_id}`).join(','))
        .digest('hex')
        .slice(0, 32)}`;
      // The one workout (or athlete) the comments are about, else the list of them.
      const workouts = new Set(due.map((r) => r.workout_id));
      const athletes = new Set(due.map((r) => r.athlete_id));
      const link =
        first.recipient_role === 'athlete'
          ? `${appUrl}/training${workouts.size === 1 ? `/${encodeURIComponent(first.workout_id)}` : ''}`
          : athletes.size === 1
            ? `${appUrl}/calendar/${encodeURIComponent(first.athlete_id)}`
            : `${appUrl}/clients`;
      return {
        key,
        kind: 'comments-unread',
        recipient: first.recipient_email,
        data: {
          name: displayName(first.recipient),
          comments: due.slice(-MAX_LISTED).map((r) => ({ author: displayName(r.author), where: whereOf(r), text: r.text })),
          link,
        },
      };
    });
    if (rows.length > 0) {
      await client.query(
        `INSERT INTO comment_unread_mails (event_id, recipient_id, mailed_at)
         SELECT e, r, $3::timestamptz FROM unnest($1::uuid[], $2::uuid[]) AS u(e, r)
         ON CONFLICT DO NOTHING`,
        [rows.map((r) => r.event_id), rows.map((r) => r.recipient_id), now],
      );
    }
    await enqueueMail(client, mails);
    await client.query('COMMIT');
    return mails.length;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}
