/**
 * Stable set ids. Every set of a workout has an `id` (a UUID) that follows it through
 * revisions, reorders and moves, so that an actual logged offline names its set rather
 * than a position the coach may since have changed.
 *
 * Where ids come from, in one rule used both when deciding and when folding events
 * (so the command side and every projection, live or rebuilt, agree):
 * - a set that carries an id keeps it (the first set with a given id, within the
 *   workout; a copy of a set made in the editor is a new set);
 * - a set without one continues the set at the same position of the same exercise
 *   before the change (exercises are matched by name, as the athlete's actuals are
 *   kept: actuals.ts), unless that id is taken;
 * - otherwise it gets a new id: when scheduling, derived from the workout id and the
 *   set's position; when revising, a random one decided once and stored in the
 *   event. Events written before set ids existed carry no ids at all: folding them
 *   derives the same ids every time (schedule: workout id and position; a revision's
 *   new sets: the workout id, the ids before it and the position).
 *
 * The decider's state keeps the ids beside the exercises (`setIds[i][j]`), and the
 * read models put them into each set. Never change how ids are derived: the ids of
 * workouts scheduled before set ids existed would change with it.
 */
import { createHash, hash } from 'node:crypto';
import { matchExercises } from './actuals.ts';
import type { WorkoutExercise, WorkoutSet } from './workout-rules.ts';

/** The ids of a workout's sets, `ids[i][j]` for `exercises[i].sets[j]`. */
export type SetIds = string[][];

/**
 * A UUID-shaped digest of the input. The one-shot `hash` gives createHash's digest
 * without a Hash object per call: folding 415,000 scheduled workouts of 24 sets derives
 * ~10 M of these (a rebuild of `training` spent 15.6 s of 233 s of CPU in here).
 */
function derivedId(input: string): string {
  const h = hash('sha256', input, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A new id for the set at (i, j); `attempt` > 0 when an earlier answer was taken. */
export type FreshId = (i: number, j: number, attempt: number) => string;

/** Ids of a workout as scheduled: from its id and each set's position. */
export const scheduledSetId =
  (workoutId: string): FreshId =>
  (i, j, attempt) =>
    derivedId(`set:${workoutId}:${i}:${j}${attempt ? `:${attempt}` : ''}`);

/** Ids of the new sets of a revision written before set ids existed: from the ids before it and the position. */
export function revisedSetId(workoutId: string, before: SetIds): FreshId {
  let digest: string | null = null;
  return (i, j, attempt) => {
    digest ??= createHash('sha256').update(JSON.stringify(before)).digest('hex');
    return derivedId(`set:${workoutId}:${digest}:${i}:${j}${attempt ? `:${attempt}` : ''}`);
  };
}

export interface AssignedIds {
  ids: SetIds;
  /** True where the id was continued from the set before the change (so an event need not carry it). */
  inherited: boolean[][];
}

/**
 * The ids of `next`'s sets (the rule above), given the workout before the change
 * (null when scheduling).
 */
export function assignSetIds(before: { exercises: readonly WorkoutExercise[]; setIds: SetIds } | null, next: readonly WorkoutExercise[], fresh: FreshId): AssignedIds {
  const taken = new Set<string>();
  const own = next.map((e) =>
    e.sets.map((s) => {
      const id = typeof s.id === 'string' && s.id !== '' ? s.id.toLowerCase() : null;
      if (id === null || taken.has(id)) return null;
      taken.add(id);
      return id;
    }),
  );
  const matches = before ? matchExercises(before.exercises, next) : next.map(() => -1);
  const inherited = next.map((e) => e.sets.map(() => false));
  const ids = next.map((e, i) =>
    e.sets.map((_, j) => {
      const mine = own[i][j];
      if (mine !== null) return mine;
      const candidate = before && matches[i] >= 0 ? before.setIds[matches[i]]?.[j] : undefined;
      if (candidate && !taken.has(candidate)) {
        taken.add(candidate);
        inherited[i][j] = true;
        return candidate;
      }
      let id = fresh(i, j, 0);
      for (let attempt = 1; taken.has(id); attempt++) id = attempt < 3 ? fresh(i, j, attempt) : derivedId(`set:${id}:${i}:${j}:${attempt}`);
      taken.add(id);
      return id;
    }),
  );
  return { ids, inherited };
}

/** The exercises without the sets' ids (as the decider's state keeps them). */
export function withoutSetIds(exercises: readonly WorkoutExercise[]): WorkoutExercise[] {
  return exercises.map((e) => (e.sets.some((s) => 'id' in s) ? { ...e, sets: e.sets.map(({ id: _id, ...s }): WorkoutSet => s) } : e));
}

/** The exercises with each set's id in it (as the read models and the API show them), `id` first. */
export function withSetIds(exercises: readonly WorkoutExercise[], ids: SetIds): WorkoutExercise[] {
  return exercises.map((e, i) => ({ ...e, sets: e.sets.map(({ id: _old, ...s }, j): WorkoutSet => ({ id: ids[i][j], ...s })) }));
}

/** The ids the sets carry, `fallback` where one has none (rows built before set ids existed). */
export function setIdsIn(exercises: readonly WorkoutExercise[], fallback: FreshId): SetIds {
  return exercises.map((e, i) => e.sets.map((s, j) => s.id ?? fallback(i, j, 0)));
}

/** Where the set with this id is now, or null when the workout has no such set (any more). */
export function findSet(ids: SetIds, setId: string): { exerciseIndex: number; setIndex: number } | null {
  const wanted = setId.toLowerCase();
  for (let i = 0; i < ids.length; i++) {
    const j = ids[i].indexOf(wanted);
    if (j >= 0) return { exerciseIndex: i, setIndex: j };
  }
  return null;
}

export const sameSetIds = (a: SetIds, b: SetIds): boolean => a.length === b.length && a.every((row, i) => row.length === b[i].length && row.every((id, j) => id === b[i][j]));
