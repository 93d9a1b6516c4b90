/**
 * Who may read and post in a workout's thread, decided on the server: the workout's
 * athlete and a coach linked to that athlete. The coaching link and blocks are the
 * coaching and network contexts' read models; the workout's sets come from the
 * training read model, or from its stream when the read model has not caught up.
 */
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { DomainError } from '../kernel/decider.ts';
import { access, foldWorkout, workoutStream } from '../training/index.ts';
import { COMMENT_MESSAGES as M } from './domain/events.ts';
import type { PostComment } from './domain/workout-comments.ts';

export interface CommentDeps {
  pool: pg.Pool;
  store: EventStore;
}

/** The workout's athlete when `actorId` may see its thread; 404 otherwise (someone else's workout is as missing as none). */
export async function threadAccess(deps: CommentDeps, actorId: string, workoutId: string): Promise<{ athleteId: string }> {
  const { athleteId, mayAct } = await access(deps, actorId, workoutId);
  if (!athleteId || !mayAct) throw new DomainError(404, M.workoutNotFound);
  return { athleteId };
}

interface WorkoutFacts {
  deleted: boolean;
  createdBy: string | null;
  setIds: string[];
  /** The athlete's linked coaches, by id. */
  coaches: string[];
  /** The coach of the thread's last comment. */
  lastCoach: string | null;
  /** Everyone the athlete blocked or was blocked by. */
  blockedWith: string[];
}

/**
 * The workout's sets and the people around its athlete in one round trip (this is the
 * path `npm run bench -- comment_to_ws` measures): the training, coaching, network and
 * comments read models.
 */
async function workoutFacts(deps: CommentDeps, workoutId: string, athleteId: string, setId: string | null): Promise<WorkoutFacts> {
  const { rows } = await deps.pool.query<{
    deleted: boolean | null;
    created_by: string | null;
    set_ids: string[] | null;
    coaches: string[];
    last_coach: string | null;
    blocked_with: string[];
  }>(
    `SELECT w.deleted, w.created_by,
            ARRAY(SELECT jsonb_path_query(w.exercises::jsonb, '$[*].sets[*].id') #>> '{}') AS set_ids,
            ARRAY(SELECT coach_id FROM client_links WHERE athlete_id = $2 ORDER BY coach_id) AS coaches,
            (SELECT coach_id FROM workout_comments WHERE workout_id = $1 ORDER BY posted_at DESC LIMIT 1) AS last_coach,
            ARRAY(SELECT CASE WHEN b.blocker_id = $2 THEN b.blocked_id ELSE b.blocker_id END FROM user_blocks b WHERE b.blocker_id = $2 OR b.blocked_id = $2) AS blocked_with
       FROM (SELECT 1) one LEFT JOIN workouts w ON w.id = $1`,
    [workoutId, athleteId],
  );
  const row = rows[0];
  const people = { coaches: row.coaches, lastCoach: row.last_coach, blockedWith: row.blocked_with };
  if (row.set_ids && row.deleted !== null && (setId === null || row.set_ids.includes(setId))) {
    return { deleted: row.deleted, createdBy: row.created_by, setIds: row.set_ids, ...people };
  }
  // Not projected yet, or a set added a moment ago: the workout's stream is the truth.
  const state = foldWorkout(await deps.store.readStream(workoutStream(workoutId)));
  return { deleted: state.deleted, createdBy: row.created_by, setIds: state.setIds.flat(), ...people };
}

/**
 * Everything the decider needs to rule on a post by `actorId`: the athlete and the
 * coach of the thread, whether they are linked and not blocked, and the workout's sets.
 * An athlete's comment goes to the coach who planned the workout when still linked,
 * else to the coach of the thread's last comment, else to their first linked coach.
 */
export async function postFacts(
  deps: CommentDeps,
  actorId: string,
  workoutId: string,
  setId: string | null,
): Promise<Omit<PostComment, 'type' | 'commentId' | 'text' | 'setId' | 'workoutId' | 'authorId'>> {
  const { athleteId } = await threadAccess(deps, actorId, workoutId);
  const facts = await workoutFacts(deps, workoutId, athleteId, setId);
  const authorRole = actorId === athleteId ? 'athlete' : 'coach';
  const coachId = authorRole === 'coach' ? actorId : ([facts.createdBy, facts.lastCoach].find((id) => id && facts.coaches.includes(id)) ?? facts.coaches[0] ?? null);
  return {
    athleteId,
    coachId,
    authorRole,
    workoutSetIds: facts.setIds,
    workoutDeleted: facts.deleted,
    linked: coachId !== null && facts.coaches.includes(coachId),
    blocked: coachId !== null && facts.blockedWith.includes(coachId),
  };
}
