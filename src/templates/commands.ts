/**
 * The templates command handlers: read what the deciders need (the template's
 * state, the coach-athlete link, the coach's today, the assignment's workout marks),
 * then load → decide → append through handleCommand. The routes and the staff CLI
 * (`spotter assign`) both call these plain functions.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { deterministicId, handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { isCoachOf } from '../coaching/index.ts';
import { todayFor } from '../accounts/index.ts';
import { templateDecider, MESSAGES, type TemplateState } from './domain/template.ts';
import { assignmentDecider, type AssignmentState, type WorkoutMarks } from './domain/assignment.ts';
import { assignmentStream, templateStream, type AssignmentEvent, type KeptWorkout, type TemplateContent, type TemplateEvent } from './domain/events.ts';

export interface TemplatesDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

const fold = <S, E>(decider: { initialState(): S; evolve(s: S, e: E): S }, events: readonly { type: string; data: unknown }[]) =>
  events.reduce((s, e) => decider.evolve(s, e as E), decider.initialState());

/**
 * Template states by store, folded up to a version: a big program's stream is read
 * in full once, then only what was appended since (usually nothing). The store stays
 * the truth; states are immutable, so sharing them is safe.
 */
const templateCache = new WeakMap<EventStore, Map<string, { version: number; state: TemplateState }>>();

export async function loadTemplate(store: EventStore, templateId: string): Promise<TemplateState> {
  let cache = templateCache.get(store);
  if (!cache) templateCache.set(store, (cache = new Map<string, { version: number; state: TemplateState }>()));
  const known = cache.get(templateId) ?? { version: -1, state: templateDecider.initialState() };
  const fresh = await store.readStream(templateStream(templateId), known.version + 1);
  if (fresh.length === 0) return known.state;
  const state = fresh.reduce((s, e) => templateDecider.evolve(s, e as unknown as TemplateEvent), known.state);
  cache.delete(templateId);
  cache.set(templateId, { version: known.version + fresh.length, state });
  if (cache.size > 1000) cache.delete(cache.keys().next().value!);
  return state;
}

export async function loadAssignment(store: EventStore, assignmentId: string): Promise<AssignmentState> {
  return fold(assignmentDecider, await store.readStream(assignmentStream(assignmentId)));
}

const checkpointOf = (r: { append: { checkpoint: string } | null }) => r.append?.checkpoint ?? null;

export async function createTemplate(deps: TemplatesDeps, actor: string, content: TemplateContent) {
  const templateId = randomUUID();
  const r = await handleCommand(deps.store, templateStream(templateId), templateDecider, { type: 'CreateTemplate', templateId, content }, { userId: actor, now: deps.now });
  return { id: templateId, checkpoint: checkpointOf(r) };
}

/** "Copy to my templates": a public (or own) template becomes a new private one of the actor's. */
export async function copyTemplate(deps: TemplatesDeps, actor: string, sourceId: string) {
  const source = await loadTemplate(deps.store, sourceId);
  if (!source.content || source.deleted || (source.ownerId !== actor && !source.content.isPublic)) throw new DomainError(404, MESSAGES.notFound);
  const templateId = randomUUID();
  const content = { ...source.content, name: source.ownerId === actor ? `${source.content.name} (copy)` : source.content.name, isPublic: false };
  const r = await handleCommand(
    deps.store,
    templateStream(templateId),
    templateDecider,
    { type: 'CreateTemplate', templateId, content, copiedFrom: sourceId },
    { userId: actor, now: deps.now },
  );
  return { id: templateId, checkpoint: checkpointOf(r) };
}

async function onExistingTemplate(deps: TemplatesDeps, actor: string, templateId: string, command: Parameters<typeof templateDecider.decide>[0]) {
  // Never create a stream by revising or deleting: a missing template stays missing.
  const state = await loadTemplate(deps.store, templateId);
  if (!state.templateId) throw new DomainError(404, MESSAGES.notFound);
  const r = await handleCommand(deps.store, templateStream(templateId), templateDecider, command, { userId: actor, now: deps.now });
  return { id: templateId, checkpoint: checkpointOf(r) };
}

export const reviseTemplate = (deps: TemplatesDeps, actor: string, templateId: string, content: TemplateContent) =>
  onExistingTemplate(deps, actor, templateId, { type: 'ReviseTemplate', content });

export const deleteTemplate = (deps: TemplatesDeps, actor: string, templateId: string) => onExistingTemplate(deps, actor, templateId, { type: 'DeleteTemplate' });

// ------------------------------------------------------------------ assignment

export interface AssignInput {
  coachId: string;
  templateId: string;
  athleteId: string;
  startDate: string;
  /** The same key (per coach) always names the same assignment: a repeat assigns nothing new. */
  idempotencyKey?: string;
  /** Who acts: the coach themselves, or a staff member on their behalf (recorded as the events' `staff` metadata). */
  actor?: string;
  /** Only the workouts from this day (and from today) on: joining a program under way (see AssignTemplate). */
  fromDate?: string;
}

/** What assignTemplate reads: a reactor passes its transaction's client as `pool`. */
export interface AssignDeps {
  pool: pg.Pool | pg.PoolClient;
  store: EventStore;
  now: () => Date;
}

export interface AssignResult {
  assignment_id: string;
  created_count: number;
  start_date: string;
  end_date: string;
  checkpoint: string | null;
  /** False when an idempotent repeat found the assignment already made. */
  created: boolean;
}

/**
 * AssignTemplate → TemplateAssigned. The workouts themselves are scheduled by the
 * assignment reactor right after; `created_count` is how many it will create.
 */
/** The assignment an idempotency key already made (what a rerun would answer), or null; `spotter assign --dry-run` asks it too. */
export async function existingAssignment(deps: Pick<TemplatesDeps, 'store'>, coachId: string, idempotencyKey: string): Promise<AssignResult | null> {
  const assignmentId = deterministicId(`assign:${coachId}:${idempotencyKey}`);
  const existing = await loadAssignment(deps.store, assignmentId);
  if (!existing.assignmentId) return null;
  return {
    assignment_id: assignmentId,
    created_count: existing.workouts.length,
    start_date: existing.startDate!,
    end_date: existing.workouts.reduce((max, w) => (w.targetDate > max ? w.targetDate : max), existing.startDate!),
    checkpoint: null,
    created: false,
  };
}

export async function assignTemplate(deps: AssignDeps, input: AssignInput): Promise<AssignResult> {
  const assignmentId = input.idempotencyKey ? deterministicId(`assign:${input.coachId}:${input.idempotencyKey}`) : randomUUID();
  if (input.idempotencyKey) {
    const existing = await existingAssignment(deps, input.coachId, input.idempotencyKey);
    if (existing) return existing;
  }
  const [template, athleteLinked, today] = await Promise.all([
    loadTemplate(deps.store, input.templateId),
    isCoachOf(deps.pool, input.coachId, input.athleteId).catch(() => false),
    todayFor(deps.pool, input.coachId, deps.now()),
  ]);
  const r = await handleCommand(
    deps.store,
    assignmentStream(assignmentId),
    assignmentDecider,
    {
      type: 'AssignTemplate',
      assignmentId,
      template,
      athleteId: input.athleteId,
      athleteLinked,
      startDate: input.startDate,
      today,
      ...(input.fromDate === undefined ? {} : { fromDate: input.fromDate }),
    },
    { userId: input.coachId, now: deps.now, ...(input.actor && input.actor !== input.coachId ? { metadata: { staff: input.actor } } : {}) },
  );
  const event = r.events[0] as Extract<AssignmentEvent, { type: 'TemplateAssigned' }>;
  return {
    assignment_id: assignmentId,
    created_count: event.data.workouts.length,
    start_date: event.data.startDate,
    end_date: event.data.endDate,
    checkpoint: checkpointOf(r),
    created: true,
  };
}

/** Logged / hand-edited / deleted marks of an assignment's workouts, from the read model. */
async function marksOf(db: pg.Pool, assignmentId: string): Promise<Record<string, WorkoutMarks>> {
  const { rows } = await db.query<{ workout_id: string; logged: boolean; hand_edited: boolean; deleted: boolean }>(
    'SELECT workout_id, logged, hand_edited, deleted FROM assignment_workouts WHERE assignment_id = $1',
    [assignmentId],
  );
  return Object.fromEntries(rows.map((r) => [r.workout_id, { logged: r.logged, handEdited: r.hand_edited, deleted: r.deleted }]));
}

async function assignmentFor(deps: TemplatesDeps, actor: string, assignmentId: string) {
  const state = await loadAssignment(deps.store, assignmentId);
  if (!state.assignmentId || state.coachId !== actor) throw new DomainError(404, 'Assignment not found.');
  return state;
}

/** Removes an assignment: its future workouts without actuals go, the rest stay. */
export async function unassignTemplate(deps: TemplatesDeps, actor: string, assignmentId: string) {
  const state = await assignmentFor(deps, actor, assignmentId);
  const [marks, today] = await Promise.all([marksOf(deps.pool, assignmentId), todayFor(deps.pool, actor, deps.now())]);
  const r = await handleCommand(deps.store, assignmentStream(assignmentId), assignmentDecider, { type: 'UnassignTemplate', marks, today }, { userId: actor, now: deps.now });
  const d = (r.events[0] as Extract<AssignmentEvent, { type: 'TemplateUnassigned' }>).data;
  return { deleted_count: d.deletedWorkoutIds.length, kept_count: d.keptCount, athlete_id: state.athleteId!, checkpoint: checkpointOf(r) };
}

/** Pushes the template's current revision to an assignment (see planResync). */
export async function resyncAssignment(deps: TemplatesDeps, actor: string, assignmentId: string) {
  const state = await assignmentFor(deps, actor, assignmentId);
  const [template, marks, today] = await Promise.all([loadTemplate(deps.store, state.templateId!), marksOf(deps.pool, assignmentId), todayFor(deps.pool, actor, deps.now())]);
  const r = await handleCommand(
    deps.store,
    assignmentStream(assignmentId),
    assignmentDecider,
    { type: 'ResyncAssignment', template, marks, today },
    { userId: actor, now: deps.now },
  );
  const e = r.events[0] as Extract<AssignmentEvent, { type: 'AssignmentResynced' }> | undefined;
  const kept: KeptWorkout[] = e?.data.kept ?? [];
  return {
    revision: e?.data.revision ?? state.revision,
    revised_count: e?.data.revised.length ?? 0,
    added_count: e?.data.added.length ?? 0,
    removed_count: e?.data.removedWorkoutIds.length ?? 0,
    kept: kept.map((k) => ({ workout_id: k.workoutId, date: k.date, reason: k.reason })),
    checkpoint: checkpointOf(r),
  };
}

export type { TemplateEvent };
