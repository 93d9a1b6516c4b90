/**
 * The training command handlers: authorise (the athlete or a linked coach), then
 * load → decide → append through handleCommand. Routes, the demo seed and the
 * benchmarks all go through here, so every write takes the same path.
 *
 * Bulk operations are all-or-nothing as far as the rules go: every workout is
 * decided on its current state first, and only if none is refused are the events
 * appended. A bulk paste of new workouts is also appended in one transaction
 * (handleNewStreams), so an outage half-way leaves nothing; deletes and restores are
 * one append per workout stream, so a crash between them can leave a part done (the
 * client's retry with an Idempotency-Key covers that).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { handleCommand, handleNewStreams } from '../platform/handle-command.ts';
import { DomainError } from '../shared/decider.ts';
import { mayActForAthlete } from '../coaching/index.ts';
import type { TrainingEvent } from './domain/events.ts';
import type { SetActual, WorkoutExercise } from './domain/workout-rules.ts';
import { foldWorkout, MESSAGES, workoutDecider, workoutStream, type WorkoutCommand, type WorkoutState } from './domain/workout.ts';
import type { ParsedWorkout } from './domain/payload.ts';
import { newRecords, recordCandidates, recordKey, type RecordCandidate } from './domain/summaries.ts';

export interface TrainingDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

export interface CommandOutcome {
  /** Position of the last event appended; null when nothing needed to change. */
  checkpoint: string | null;
}

/**
 * The athlete, or a coach linked to them. Until the coaching feature has created
 * its client_links view nobody is anybody's coach (rather than a 500).
 */
export async function canActFor(db: pg.Pool, userId: string, athleteId: string): Promise<boolean> {
  if (userId === athleteId) return true;
  try {
    return await mayActForAthlete(db, userId, athleteId);
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') return false;
    throw e;
  }
}

/** Remembers answers for one request: a bulk paste names the same athlete many times. */
function accessCache(db: pg.Pool, userId: string) {
  const known = new Map<string, Promise<boolean>>();
  return (athleteId: string) => {
    let answer = known.get(athleteId);
    if (!answer) known.set(athleteId, (answer = canActFor(db, userId, athleteId)));
    return answer;
  };
}

export async function loadWorkout(store: EventStore, workoutId: string): Promise<WorkoutState> {
  return foldWorkout(await store.readStream(workoutStream(workoutId)));
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
async function access(deps: TrainingDeps, actorId: string, workoutId: string): Promise<{ athleteId: string | null; mayAct: boolean }> {
  if (knownAthletes.get(deps.pool)?.get(workoutId) === actorId) return { athleteId: actorId, mayAct: true };
  try {
    const { rows } = await deps.pool.query<{ athlete_id: string; may: boolean }>(
      `SELECT athlete_id, (athlete_id = $2 OR EXISTS (SELECT 1 FROM client_links l WHERE l.coach_id = $2 AND l.athlete_id = w.athlete_id)) AS may
         FROM workouts w WHERE id = $1`,
      [workoutId, actorId],
    );
    if (rows[0]) {
      rememberAthlete(deps.pool, workoutId, rows[0].athlete_id);
      return { athleteId: rows[0].athlete_id, mayAct: rows[0].may };
    }
  } catch (e) {
    if ((e as { code?: string }).code !== '42P01') throw e; // no client_links yet: ask the slow way
  }
  const { athleteId } = await loadWorkout(deps.store, workoutId);
  if (athleteId) rememberAthlete(deps.pool, workoutId, athleteId);
  return { athleteId, mayAct: athleteId ? await canActFor(deps.pool, actorId, athleteId) : false };
}

const latest = (a: string | null, b: string | null | undefined) => (b && (!a || b > a) ? b : a);

/** Runs a command; the result carries the state it was decided on (the personal-record check compares with it). */
function run(deps: TrainingDeps, actorId: string, workoutId: string, command: WorkoutCommand) {
  return handleCommand(deps.store, workoutStream(workoutId), workoutDecider, command, { userId: actorId, now: deps.now });
}

/** Decides each command on its workout's current state without writing, so that a bulk call refuses before anything is appended. */
async function preflight(deps: TrainingDeps, actorId: string, ids: string[], build: (state: WorkoutState, mayAct: boolean) => WorkoutCommand) {
  const may = accessCache(deps.pool, actorId);
  const ctx = { userId: actorId, now: deps.now(), newId: randomUUID };
  const plans: { id: string; command: WorkoutCommand }[] = [];
  for (const id of [...new Set(ids)]) {
    const state = await loadWorkout(deps.store, id);
    const command = build(state, state.athleteId ? await may(state.athleteId) : false);
    workoutDecider.decide(command, state, ctx); // throws the rule's error, nothing written yet
    plans.push({ id, command });
  }
  return plans;
}

// ------------------------------------------------------------ personal records

/** The athlete's heaviest load per exercise and rep count in workouts other than `exclude`. */
async function bestElsewhere(db: pg.Pool, athleteId: string, exclude: string[], candidates: RecordCandidate[]): Promise<Map<string, number>> {
  if (candidates.length === 0) return new Map();
  const { rows } = await db.query<{ key: string; best: number }>(
    `SELECT exercise_key || '|' || rep_range AS key, max(weight)::float8 AS best
       FROM performance_record_entries
      WHERE athlete_id = $1 AND NOT (workout_id = ANY($2::uuid[])) AND exercise_key = ANY($3::text[])
      GROUP BY 1`,
    [athleteId, exclude, [...new Set(candidates.map((c) => c.exercise_name.toLowerCase()))]],
  );
  return new Map(rows.map((r) => [r.key, r.best]));
}

async function recordsSet(deps: TrainingDeps, athleteId: string, workoutIds: string[], before: WorkoutExercise[][], after: WorkoutExercise[][]) {
  const prior = before.flatMap((e) => recordCandidates(e));
  // Within one call the heaviest candidate per key is the one that may be new.
  const merged = new Map<string, RecordCandidate>();
  for (const c of after.flatMap((e) => recordCandidates(e))) {
    const key = recordKey(c.exercise_name, c.rep_range);
    if ((merged.get(key)?.best_weight ?? 0) < c.best_weight) merged.set(key, c);
  }
  // Only what beats this workout's own earlier best can be new: ask the read model about those alone.
  const candidates = newRecords(prior, [...merged.values()], new Map());
  return newRecords(prior, candidates, await bestElsewhere(deps.pool, athleteId, workoutIds, candidates));
}

// -------------------------------------------------------------------- commands

export async function scheduleWorkouts(deps: TrainingDeps, actorId: string, workouts: ParsedWorkout[], opts: { templateId?: string } = {}) {
  const may = accessCache(deps.pool, actorId);
  for (const w of workouts) {
    if (!w.athleteId) throw new DomainError(400, 'user_id is required.');
    if (!(await may(w.athleteId))) throw new DomainError(403, MESSAGES.notYourAthlete);
  }
  const planned = workouts.map((w) => ({ id: randomUUID(), athleteId: w.athleteId!, content: w.content }));
  const command = (p: (typeof planned)[number]): WorkoutCommand => ({
    type: 'ScheduleWorkout',
    workoutId: p.id,
    athleteId: p.athleteId,
    content: p.content,
    mayAct: true,
    templateId: opts.templateId,
  });
  // All or nothing: every workout is decided (pure, on its empty new stream) before
  // anything is appended, so a refused entry leaves nothing behind and names itself.
  const ctx = { userId: actorId, now: deps.now(), newId: randomUUID };
  planned.forEach((p, i) => {
    try {
      workoutDecider.decide(command(p), workoutDecider.initialState(), ctx);
    } catch (e) {
      if (e instanceof DomainError && planned.length > 1) throw new DomainError(e.status, `workouts[${i}]: ${e.message}`, e.code);
      throw e;
    }
  });
  // One transaction for the lot where the store allows it: all or nothing, also when
  // the database goes away half-way.
  const results = await handleNewStreams(
    deps.store,
    workoutDecider,
    planned.map((p) => ({ stream: workoutStream(p.id), command: command(p) })),
    { userId: actorId, now: deps.now },
  );
  let checkpoint: string | null = null;
  for (const r of results) checkpoint = latest(checkpoint, r.append?.checkpoint);
  const byAthlete = new Map<string, typeof planned>();
  for (const p of planned) byAthlete.set(p.athleteId, [...(byAthlete.get(p.athleteId) ?? []), p]);
  const records: (RecordCandidate & { athlete_id: string })[] = [];
  for (const [athleteId, list] of byAthlete) {
    const found = await recordsSet(
      deps,
      athleteId,
      list.map((p) => p.id),
      [],
      list.map((p) => p.content.exercises),
    );
    records.push(...found.map((r) => ({ ...r, athlete_id: athleteId })));
  }
  return { ids: planned.map((p) => p.id), checkpoint, newRecords: records };
}

export async function reviseWorkout(deps: TrainingDeps, actorId: string, workoutId: string, parsed: ParsedWorkout) {
  const { athleteId, mayAct } = await access(deps, actorId, workoutId);
  if (mayAct && parsed.athleteId && parsed.athleteId !== athleteId) {
    throw new DomainError(400, 'A workout cannot be moved to another athlete; create it there instead.');
  }
  const result = await run(deps, actorId, workoutId, { type: 'ReviseWorkout', content: parsed.content, mayAct });
  const revised = result.events.find((e) => e.type === 'WorkoutRevised');
  const before = result.before.exercises;
  const after = revised ? (revised.data as { exercises: WorkoutExercise[] }).exercises : before;
  const records = await recordsSet(deps, athleteId!, [workoutId], [before], [after]);
  return { checkpoint: result.append?.checkpoint ?? null, newRecords: records };
}

export async function moveWorkout(deps: TrainingDeps, actorId: string, workoutId: string, toDate: string): Promise<CommandOutcome> {
  const [plan] = await preflight(deps, actorId, [workoutId], (_s, mayAct) => ({ type: 'MoveWorkout', toDate, mayAct }));
  const result = await run(deps, actorId, plan.id, plan.command);
  return { checkpoint: result.append?.checkpoint ?? null };
}

async function runAll(deps: TrainingDeps, actorId: string, plans: { id: string; command: WorkoutCommand }[]) {
  let checkpoint: string | null = null;
  let changed = 0;
  for (const p of plans) {
    const result = await run(deps, actorId, p.id, p.command);
    if (result.events.length) changed++;
    checkpoint = latest(checkpoint, result.append?.checkpoint);
  }
  return { checkpoint, changed };
}

/** Deletes every named workout, or none if any is missing or not the actor's to delete. */
export async function deleteWorkouts(deps: TrainingDeps, actorId: string, ids: string[]) {
  const plans = await preflight(deps, actorId, ids, (_s, mayAct) => ({ type: 'DeleteWorkout', mayAct }));
  const { checkpoint, changed } = await runAll(deps, actorId, plans);
  return { checkpoint, deleted_count: changed };
}

/** Undo of a delete: the workouts come back on their dates with everything they held. */
export async function restoreWorkouts(deps: TrainingDeps, actorId: string, ids: string[]) {
  const plans = await preflight(deps, actorId, ids, (_s, mayAct) => ({ type: 'RestoreWorkout', mayAct }));
  const { checkpoint, changed } = await runAll(deps, actorId, plans);
  return { checkpoint, restored_count: changed };
}

export async function recordActual(deps: TrainingDeps, actorId: string, workoutId: string, input: { exerciseIndex: number; setIndex: number; actual: SetActual }) {
  const { athleteId, mayAct } = await access(deps, actorId, workoutId);
  const result = await run(deps, actorId, workoutId, { type: 'RecordSetActual', ...input, mayAct });
  const event = result.events[0] as Extract<TrainingEvent, { type: 'SetActualRecorded' }> | undefined;
  if (!event) return { checkpoint: null, newRecords: [] };
  const after = workoutDecider.evolve(result.before, event).exercises;
  const records = await recordsSet(deps, athleteId!, [workoutId], [result.before.exercises], [after]);
  return { checkpoint: result.append?.checkpoint ?? null, newRecords: records };
}
