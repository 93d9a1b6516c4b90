/**
 * The workout comments' read models: `workout_comments` (each comment, with the event
 * that posted it: the unread mail is keyed by that id) and `workout_comment_reads`
 * (each reader's "read up to" per workout). A batch is written in one statement per
 * table; a comment already applied is skipped and a read mark only moves forward, so
 * the batch is safe to meet twice.
 *
 * Topics: `comments:<workoutId>` (the thread and its read marks, for both sides' open
 * screens) and `comment-counts:<athleteId>` (the unread badges of that athlete's
 * calendar, for the athlete and their coaches).
 */
import { COMMENT_EVENT_TYPES, type WorkoutCommentPostedData, type WorkoutCommentsReadData } from '../../src/comments/domain/events.ts';
import type { Projection } from '../../src/platform/projections/projection.ts';
import { topicOf } from '../../src/kernel/topics.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

export const commentsProjection: Projection = {
  name: 'comments',
  version: 1,
  handles: COMMENT_EVENT_TYPES,
  tables: {
    workout_comments: (t) => `
      CREATE TABLE ${t} (
        id          uuid PRIMARY KEY,
        event_id    uuid NOT NULL,
        workout_id  uuid NOT NULL,
        athlete_id  uuid NOT NULL,
        coach_id    uuid NOT NULL,
        author_id   uuid NOT NULL,
        author_role text NOT NULL,
        text        text NOT NULL,
        set_id      uuid,
        posted_at   timestamptz NOT NULL
      );
      CREATE INDEX ${t}_workout ON ${t} (workout_id, posted_at);
      CREATE INDEX ${t}_posted ON ${t} (posted_at);`,
    workout_comment_reads: (t) => `
      CREATE TABLE ${t} (
        workout_id  uuid NOT NULL,
        reader_id   uuid NOT NULL,
        read_up_to  timestamptz NOT NULL,
        PRIMARY KEY (workout_id, reader_id)
      );`,
  },

  async apply(events, { tx, table }) {
    const posted: (WorkoutCommentPostedData & { eventId: string })[] = [];
    const reads = new Map<string, WorkoutCommentsReadData>();
    const workouts = new Map<string, string | null>();
    for (const e of events) {
      if (e.type === 'WorkoutCommentPosted') {
        const d = e.data as WorkoutCommentPostedData;
        // A malformed event changes nothing rather than stopping the projection.
        if (![d.commentId, d.workoutId, d.athleteId, d.coachId, d.authorId].every(isUuid) || typeof d.text !== 'string' || !isTime(d.postedAt)) continue;
        if (d.setId !== null && !isUuid(d.setId)) continue;
        posted.push({ ...d, eventId: e.id });
        workouts.set(d.workoutId, d.athleteId);
      } else {
        const d = e.data as WorkoutCommentsReadData;
        if (!isUuid(d.workoutId) || !isUuid(d.readerId) || !isTime(d.readUpTo)) continue;
        const key = `${d.workoutId}:${d.readerId}`;
        const before = reads.get(key);
        if (!before || before.readUpTo < d.readUpTo) reads.set(key, d);
        if (!workouts.has(d.workoutId)) workouts.set(d.workoutId, null);
      }
    }
    if (posted.length > 0) {
      await tx.query(
        `INSERT INTO ${table('workout_comments')} (id, event_id, workout_id, athlete_id, coach_id, author_id, author_role, text, set_id, posted_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::uuid[], $7::text[], $8::text[], $9::uuid[], $10::timestamptz[])
         ON CONFLICT (id) DO NOTHING`,
        [
          posted.map((p) => p.commentId),
          posted.map((p) => p.eventId),
          posted.map((p) => p.workoutId),
          posted.map((p) => p.athleteId),
          posted.map((p) => p.coachId),
          posted.map((p) => p.authorId),
          posted.map((p) => p.authorRole),
          posted.map((p) => p.text),
          posted.map((p) => p.setId),
          posted.map((p) => p.postedAt),
        ],
      );
    }
    const marks = [...reads.values()];
    if (marks.length > 0) {
      await tx.query(
        `INSERT INTO ${table('workout_comment_reads')} AS r (workout_id, reader_id, read_up_to)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
         ON CONFLICT (workout_id, reader_id) DO UPDATE SET read_up_to = GREATEST(r.read_up_to, EXCLUDED.read_up_to)`,
        [marks.map((m) => m.workoutId), marks.map((m) => m.readerId), marks.map((m) => m.readUpTo)],
      );
    }
    // A read mark's athlete is the one of its workout's comments.
    const unknown = [...workouts].filter(([, athlete]) => athlete === null).map(([id]) => id);
    if (unknown.length > 0) {
      const { rows } = await tx.query<{ workout_id: string; athlete_id: string }>(
        `SELECT DISTINCT ON (workout_id) workout_id, athlete_id FROM ${table('workout_comments')} WHERE workout_id = ANY($1::uuid[])`,
        [unknown],
      );
      for (const r of rows) workouts.set(r.workout_id, r.athlete_id);
    }
    const topics = new Set<string>();
    for (const [workoutId, athleteId] of workouts) {
      topics.add(topicOf.comments(workoutId));
      if (athleteId) topics.add(topicOf.commentCounts(athleteId));
    }
    return topics;
  },
};
