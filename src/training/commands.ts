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
import { WrongExpectedVersionError, type EventStore } from '../platform/eventstore/port.ts';
import { handleCommand, handleNewStreams } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { access, accessCache } from './access.ts';
import { loadWorkout } from './load-workout.ts';
import { recordsSet } from './record-check.ts';
import type { TrainingEvent } from './domain/events.ts';
import type { SetActual, WorkoutExercise } from './domain/workout-rules.ts';
import { MESSAGES, workoutDecider, workoutStream, type WorkoutCommand, type WorkoutState } from './domain/workout.ts';
import type { ParsedWorkout } from './domain/payload.ts';
import type { RecordCandidate } from './domain/summaries.ts';

export interface TrainingDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

export interface CommandOutcome {
  /** Position of the last event appended; null when nothing needed to change. */
  checkpoint: string | null;
}

const latest = (a: string | null, b: string | null | undefined) => (b && (!a || b > a) ? b : a);

/**
 * A client's id for a command (its Idempotency-Key) with the request's hash: the
 * command is then applied once for good (see handleCommand's `command`).
 */
export interface CommandKey {
  id: string;
  requestHash: string;
}

/** Runs a command; the result carries the state it was decided on (the personal-record check compares with it). */
function run(deps: TrainingDeps, actorId: string, workoutId: string, command: WorkoutCommand, key?: CommandKey | null) {
  return handleCommand(deps.store, workoutStream(workoutId), workoutDecider, command, { userId: actorId, now: deps.now, ...(key ? { command: key } : {}) });
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

export async function reviseWorkout(deps: TrainingDeps, actorId: string, workoutId: string, parsed: ParsedWorkout, key?: CommandKey | null) {
  const { athleteId, mayAct } = await access(deps, actorId, workoutId);
  if (mayAct && parsed.athleteId && parsed.athleteId !== athleteId) {
    throw new DomainError(400, 'A workout cannot be moved to another athlete; create it there instead.');
  }
  const result = await run(deps, actorId, workoutId, { type: 'ReviseWorkout', content: parsed.content, mayAct }, key);
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

/** Logs a set's actual: the set named by its stable id (`setId`), or by position. */
export async function recordActual(
  deps: TrainingDeps,
  actorId: string,
  workoutId: string,
  input: { setId?: string; exerciseIndex?: number; setIndex?: number; actual: SetActual; doneAt?: string },
  key?: CommandKey | null,
) {
  const { athleteId, mayAct } = await access(deps, actorId, workoutId);
  const result = await run(deps, actorId, workoutId, { type: 'RecordSetActual', ...input, mayAct }, key);
  const event = result.events[0] as Extract<TrainingEvent, { type: 'SetActualRecorded' }> | undefined;
  if (!event) return { checkpoint: null, newRecords: [] };
  const after = workoutDecider.evolve(result.before, event).exercises;
  const records = await recordsSet(deps, athleteId!, [workoutId], [result.before.exercises], [after]);
  return { checkpoint: result.append?.checkpoint ?? null, newRecords: records };
}

/**
 * Workouts from a file import (src/transfer), each with the id the importer derived
 * from its content, so a second import of the same file finds them and adds nothing.
 * All or nothing in one transaction where the store allows it; the workouts that
 * exist already (a repeat, or a race with one) are left out, never written twice.
 */
export async function scheduleImportedWorkouts(
  deps: TrainingDeps,
  actorId: string,
  athleteId: string,
  workouts: { id: string; content: ParsedWorkout['content'] }[],
  importId: string,
) {
  const command = (w: (typeof workouts)[number]): WorkoutCommand => ({ type: 'ScheduleWorkout', workoutId: w.id, athleteId, content: w.content, mayAct: true, importId });
  const ctx = { userId: actorId, now: deps.now(), newId: randomUUID };
  for (const w of workouts) workoutDecider.decide(command(w), workoutDecider.initialState(), ctx); // refuses before anything is written
  const opts = { userId: actorId, now: deps.now, metadata: { source: 'import' } };
  const append = (list: typeof workouts) =>
    handleNewStreams(
      deps.store,
      workoutDecider,
      list.map((w) => ({ stream: workoutStream(w.id), command: command(w) })),
      opts,
    );
  let results;
  try {
    results = await append(workouts);
  } catch (e) {
    if (!(e instanceof WrongExpectedVersionError)) throw e;
    // Some were written meanwhile (the read model the importer asked had not seen them yet).
    const fresh: typeof workouts = [];
    for (const w of workouts) if ((await deps.store.readStream(workoutStream(w.id), 0, 1)).length === 0) fresh.push(w);
    results = await append(fresh);
  }
  let checkpoint: string | null = null;
  for (const r of results) checkpoint = latest(checkpoint, r.append?.checkpoint);
  return { written: results.filter((r) => r.append).length, checkpoint };
}
