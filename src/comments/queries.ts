/**
 * Reads of the comment read models (projections/comments): one workout's thread with
 * each comment's set named as the editor shows it, and the unread counts of an
 * athlete's workouts over a date range (the calendar's badges in one request).
 */
import type pg from 'pg';
import { displayName, type NameSource } from '../accounts/index.ts';

export interface CommentSet {
  set_id: string;
  exercise_index: number;
  exercise_name: string;
  /** 1-based, as the editor numbers sets. */
  set_number: number;
}

export interface CommentOut {
  id: string;
  author_id: string;
  author_role: 'coach' | 'athlete';
  author_name: string;
  text: string;
  set_id: string | null;
  /** Where the set is now; null for a workout-level comment, or a set since removed. */
  set: CommentSet | null;
  posted_at: string;
}

export interface ThreadOut {
  comments: CommentOut[];
  /** The reader's own mark, and the furthest mark of anyone else (to show "Seen"). */
  read_up_to: string | null;
  others_read_up_to: string | null;
  unread_count: number;
}

type Exercise = { exercise_name?: string; sets?: { id?: string }[] };

function setsOf(exercises: Exercise[] | null): Map<string, CommentSet> {
  const sets = new Map<string, CommentSet>();
  (exercises ?? []).forEach((exercise, i) =>
    (exercise.sets ?? []).forEach((set, j) => {
      if (set.id) sets.set(set.id, { set_id: set.id, exercise_index: i, exercise_name: exercise.exercise_name ?? '', set_number: j + 1 });
    }),
  );
  return sets;
}

export async function threadOf(db: pg.Pool, workoutId: string, me: string): Promise<ThreadOut> {
  const [comments, workout, reads] = await Promise.all([
    db.query<NameSource & { id: string; author_id: string; author_role: 'coach' | 'athlete'; text: string; set_id: string | null; posted_at: Date }>(
      `SELECT c.id, c.author_id, c.author_role, c.text, c.set_id, c.posted_at,
              u.user_id, u.display_name, u.first_name, u.last_name, u.full_name AS name, u.email
         FROM workout_comments c LEFT JOIN user_profiles u ON u.user_id = c.author_id
        WHERE c.workout_id = $1 ORDER BY c.posted_at, c.id`,
      [workoutId],
    ),
    db.query<{ exercises: Exercise[] }>('SELECT exercises FROM workouts WHERE id = $1', [workoutId]),
    db.query<{ reader_id: string; read_up_to: Date }>('SELECT reader_id, read_up_to FROM workout_comment_reads WHERE workout_id = $1', [workoutId]),
  ]);
  const sets = setsOf(workout.rows[0]?.exercises ?? null);
  const mine = reads.rows.find((r) => r.reader_id === me)?.read_up_to ?? null;
  const others = reads.rows.filter((r) => r.reader_id !== me).map((r) => r.read_up_to);
  const othersUpTo = others.length ? new Date(Math.max(...others.map((d) => d.getTime()))) : null;
  return {
    comments: comments.rows.map((c) => ({
      id: c.id,
      author_id: c.author_id,
      author_role: c.author_role,
      author_name: displayName(c),
      text: c.text,
      set_id: c.set_id,
      set: c.set_id ? (sets.get(c.set_id) ?? null) : null,
      posted_at: c.posted_at.toISOString(),
    })),
    read_up_to: mine?.toISOString() ?? null,
    others_read_up_to: othersUpTo?.toISOString() ?? null,
    unread_count: comments.rows.filter((c) => c.author_id !== me && (mine === null || c.posted_at > mine)).length,
  };
}

/** Per workout of `athleteId` dated in [from, to] with comments: how many, and how many `me` has not read. */
export async function unreadCounts(db: pg.Pool, me: string, athleteId: string, from: string, to: string): Promise<{ workout_id: string; total: number; unread: number }[]> {
  const { rows } = await db.query<{ workout_id: string; total: number; unread: number }>(
    `SELECT w.id AS workout_id, count(*)::int AS total,
            count(*) FILTER (WHERE c.author_id <> $1 AND (r.read_up_to IS NULL OR c.posted_at > r.read_up_to))::int AS unread
       FROM workouts w
       JOIN workout_comments c ON c.workout_id = w.id
       LEFT JOIN workout_comment_reads r ON r.workout_id = w.id AND r.reader_id = $1
      WHERE w.athlete_id = $2 AND w.date BETWEEN $3::date AND $4::date AND NOT w.deleted
      GROUP BY w.id
      ORDER BY w.id`,
    [me, athleteId, from, to],
  );
  return rows;
}

/** Whose workout it is, from the training read model (null when unknown). */
export async function athleteOfWorkout(db: pg.Pool, workoutId: string): Promise<string | null> {
  const { rows } = await db.query<{ athlete_id: string }>('SELECT athlete_id FROM workouts WHERE id = $1', [workoutId]);
  return rows[0]?.athlete_id ?? null;
}
