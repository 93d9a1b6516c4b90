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
import { coachesOf, isCoachOf } from '../coaching/index.ts';
import { eitherBlocked } from '../network/index.ts';
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
}

async function workoutFacts(deps: CommentDeps, workoutId: string, setId: string | null): Promise<WorkoutFacts> {
  const { rows } = await deps.pool.query<{ deleted: boolean; created_by: string | null; set_ids: string[] }>(
    `SELECT deleted, created_by, ARRAY(SELECT jsonb_path_query(exercises, '$[*].sets[*].id') #>> '{}') AS set_ids FROM workouts WHERE id = $1`,
    [workoutId],
  );
  const row = rows[0];
  if (row && (setId === null || row.set_ids.includes(setId))) return { deleted: row.deleted, createdBy: row.created_by, setIds: row.set_ids };
  // Not projected yet, or a set added a moment ago: the workout's stream is the truth.
  const state = foldWorkout(await deps.store.readStream(workoutStream(workoutId)));
  return { deleted: state.deleted, createdBy: row?.created_by ?? null, setIds: state.setIds.flat() };
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
  const facts = await workoutFacts(deps, workoutId, setId);
  const authorRole = actorId === athleteId ? 'athlete' : 'coach';
  let coachId: string | null = actorId;
  let linked: boolean;
  if (authorRole === 'athlete') {
    const coaches = await coachesOf(deps.pool, athleteId);
    const { rows } = await deps.pool.query<{ coach_id: string }>('SELECT coach_id FROM workout_comments WHERE workout_id = $1 ORDER BY posted_at DESC LIMIT 1', [workoutId]);
    const preferred = [facts.createdBy, rows[0]?.coach_id].find((id) => id && coaches.includes(id));
    coachId = preferred ?? [...coaches].sort()[0] ?? null;
    linked = coachId !== null;
  } else {
    linked = await isCoachOf(deps.pool, actorId, athleteId);
  }
  return {
    athleteId,
    coachId,
    authorRole,
    workoutSetIds: facts.setIds,
    workoutDeleted: facts.deleted,
    linked,
    blocked: coachId !== null && (await eitherBlocked(deps.pool, athleteId, coachId)),
  };
}
