/**
 * Who may act on a workout: the athlete, or a coach linked to them (checked on the
 * server on every command). Whose each workout is never changes, so the process
 * remembers it and an athlete acting on their own workout costs no query.
 */
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { mayActForAthlete } from '../coaching/index.ts';
import { loadWorkout } from './load-workout.ts';

/** The athlete, or a coach linked to them (the coaching context's client_links). */
export async function canActFor(db: pg.Pool, userId: string, athleteId: string): Promise<boolean> {
  return userId === athleteId || mayActForAthlete(db, userId, athleteId);
}

/** Remembers answers for one request: a bulk paste names the same athlete many times. */
export function accessCache(db: pg.Pool, userId: string) {
  const known = new Map<string, Promise<boolean>>();
  return (athleteId: string) => {
    let answer = known.get(athleteId);
    if (!answer) known.set(athleteId, (answer = canActFor(db, userId, athleteId)));
    return answer;
  };
}

/**
 * Whose each workout is, as far as this process has seen: a workout never changes
 * athlete, so an athlete acting on their own workout needs no query at all (the
 * common case: logging sets). A coach is still asked about on every command, since a
 * link can end. Kept per database pool (one per server), bounded.
 */
const knownAthletes = new WeakMap<pg.Pool, Map<string, string>>();
const KNOWN_ATHLETES_MAX = 50_000;

function rememberAthlete(db: pg.Pool, workoutId: string, athleteId: string): void {
  let known = knownAthletes.get(db);
  if (!known) knownAthletes.set(db, (known = new Map<string, string>()));
  if (known.size >= KNOWN_ATHLETES_MAX) known.delete(known.keys().next().value!); // the oldest
  known.set(workoutId, athleteId);
}

/**
 * Whose workout it is and whether the actor may act on it, in one query on the
 * read model (a workout never changes athlete). A workout too new to be projected
 * yet is looked up in its stream instead.
 */
export async function access(deps: { pool: pg.Pool; store: EventStore }, actorId: string, workoutId: string): Promise<{ athleteId: string | null; mayAct: boolean }> {
  if (knownAthletes.get(deps.pool)?.get(workoutId) === actorId) return { athleteId: actorId, mayAct: true };
  const { rows } = await deps.pool.query<{ athlete_id: string; may: boolean }>(
    `SELECT athlete_id, (athlete_id = $2 OR EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = $2 AND l.athlete_id = w.athlete_id)) AS may
       FROM workouts w WHERE id = $1`,
    [workoutId, actorId],
  );
  if (rows[0]) {
    rememberAthlete(deps.pool, workoutId, rows[0].athlete_id);
    return { athleteId: rows[0].athlete_id, mayAct: rows[0].may };
  }
  const { athleteId } = await loadWorkout(deps.store, workoutId);
  if (athleteId) rememberAthlete(deps.pool, workoutId, athleteId);
  return { athleteId, mayAct: athleteId ? await canActFor(deps.pool, actorId, athleteId) : false };
}
