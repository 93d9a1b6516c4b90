/**
 * Workout comments over HTTP (issue 27): a workout's thread, posting on the workout
 * or on one of its sets, marking the thread read, and the unread counts of an
 * athlete's calendar range. Only the workout's athlete and a coach linked to them
 * see a thread; anyone else is told the workout does not exist.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { FeatureDeps } from '../feature.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { userIdOf } from '../platform/http/auth-hook.ts';
import { ErrorOut, Nullable, Checkpoint, StringEnum } from '../platform/http/response-schemas.ts';
import { canActFor, isCalendarDate } from '../training/index.ts';
import { commentStream, type WorkoutCommentPostedData } from './domain/events.ts';
import { workoutCommentsDecider, type WorkoutCommentCommand } from './domain/workout-comments.ts';
import { postFacts, threadAccess } from './access.ts';
import { threadOf, unreadCounts } from './queries.ts';

const errors = { '4xx': ErrorOut };
const Uuid = Type.String({ format: 'uuid', maxLength: 36 });
const Day = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', maxLength: 10 });
/** Room for whitespace around the text: the 2,000-character rule is the decider's, on the trimmed text. */
const TEXT_MAX_RAW = 4000;
/** The widest range the unread counts answer for (a calendar shows six weeks). */
const COUNT_RANGE_MAX_DAYS = 400;

const Params = Type.Object({ workoutId: Uuid });
const PostBody = Type.Object(
  {
    /** The client's id for the comment (a UUID): sending it again posts nothing new. */
    commentId: Uuid,
    text: Type.String({ maxLength: TEXT_MAX_RAW }),
    /** A set of this workout (its stable id), or null/absent for the workout as a whole. */
    setId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
const ReadBody = Type.Object(
  { upTo: Type.Optional(Nullable(Type.String({ format: 'date-time', maxLength: 40, description: 'Read only up to here: the posted_at of the newest comment shown.' }))) },
  { additionalProperties: false },
);
const CountsQuery = Type.Object({ athleteId: Type.Optional(Uuid), from: Day, to: Day }, { additionalProperties: false });

const CommentSet = Type.Object({ set_id: Type.String(), exercise_index: Type.Integer(), exercise_name: Type.String(), set_number: Type.Integer() });
const Comment = Type.Object({
  id: Type.String(),
  author_id: Type.String(),
  author_role: StringEnum(['coach', 'athlete'] as const),
  author_name: Type.String(),
  text: Type.String(),
  set_id: Nullable(Type.String()),
  set: Nullable(CommentSet),
  posted_at: Type.String(),
});
const ThreadOut = Type.Object({
  comments: Type.Array(Comment),
  read_up_to: Nullable(Type.String()),
  others_read_up_to: Nullable(Type.String()),
  unread_count: Type.Integer(),
});
const PostedOut = Type.Object({ id: Type.String(), posted_at: Nullable(Type.String()), checkpoint: Checkpoint });
const ReadOut = Type.Object({ success: Type.Boolean(), checkpoint: Checkpoint });
const CountsOut = Type.Object({ counts: Type.Array(Type.Object({ workout_id: Type.String(), total: Type.Integer(), unread: Type.Integer() })) });

function checkedDay(value: string, name: string): string {
  if (!isCalendarDate(value)) throw new DomainError(400, `${name} must be a real calendar date (YYYY-MM-DD).`);
  return value;
}

export function commentRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { pool, store, now } = deps;
  const auth = { preHandler: app.requireUser };
  const tags = ['comments'];
  const run = (me: string, workoutId: string, command: WorkoutCommentCommand, key: { id: string; requestHash: string } | null) =>
    handleCommand(store, commentStream(workoutId), workoutCommentsDecider, command, { userId: me, now, ...(key ? { command: key } : {}) });

  app.get<{ Params: Static<typeof Params> }>(
    '/api/workouts/:workoutId/comments',
    { ...auth, schema: { tags, params: Params, response: { 200: ThreadOut, ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      await threadAccess(deps, me, req.params.workoutId);
      return threadOf(pool, req.params.workoutId, me);
    },
  );

  app.post<{ Params: Static<typeof Params>; Body: Static<typeof PostBody> }>(
    '/api/workouts/:workoutId/comments',
    {
      ...auth,
      // An Idempotency-Key is kept in the event too; the comment's own id already makes a resend harmless.
      config: {
        answerFromEvents: (events) => {
          const posted = events.find((e) => e.type === 'WorkoutCommentPosted')?.data as WorkoutCommentPostedData | undefined;
          return { status: 200, body: { id: posted?.commentId ?? '', posted_at: posted?.postedAt ?? null, checkpoint: events.at(-1)?.checkpoint ?? null } };
        },
      },
      schema: { tags, params: Params, body: PostBody, response: { 200: PostedOut, ...errors } },
    },
    async (req) => {
      const me = userIdOf(req);
      const { workoutId } = req.params;
      const commentId = req.body.commentId.toLowerCase();
      const setId = req.body.setId?.toLowerCase() ?? null;
      const facts = await postFacts(deps, me, workoutId, setId);
      const result = await run(me, workoutId, { type: 'PostWorkoutComment', ...facts, workoutId, commentId, authorId: me, text: req.body.text, setId }, req.commandKey);
      const posted = result.events[0]?.data as WorkoutCommentPostedData | undefined;
      return { id: commentId, posted_at: posted?.postedAt ?? null, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.post<{ Params: Static<typeof Params>; Body: Static<typeof ReadBody> }>(
    '/api/workouts/:workoutId/comments/read',
    { ...auth, schema: { tags, params: Params, body: ReadBody, response: { 200: ReadOut, ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const { workoutId } = req.params;
      await threadAccess(deps, me, workoutId);
      const result = await run(me, workoutId, { type: 'MarkWorkoutCommentsRead', workoutId, readerId: me, upTo: req.body?.upTo ?? null }, null);
      return { success: true, checkpoint: result.append?.checkpoint ?? null };
    },
  );

  app.get<{ Querystring: Static<typeof CountsQuery> }>(
    '/api/workout-comment-counts',
    { ...auth, schema: { tags, querystring: CountsQuery, response: { 200: CountsOut, ...errors } } },
    async (req) => {
      const me = userIdOf(req);
      const athleteId = req.query.athleteId?.toLowerCase() ?? me;
      const from = checkedDay(req.query.from, 'from');
      const to = checkedDay(req.query.to, 'to');
      if (to < from) throw new DomainError(400, 'to must not be before from.');
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > COUNT_RANGE_MAX_DAYS) throw new DomainError(400, `The range is at most ${COUNT_RANGE_MAX_DAYS} days.`);
      if (!(await canActFor(pool, me, athleteId))) throw new DomainError(403, 'You can only see the comments of your own training or of athletes you coach.');
      return { counts: await unreadCounts(pool, me, athleteId, from, to) };
    },
  );
}
