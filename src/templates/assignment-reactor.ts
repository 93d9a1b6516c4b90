/**
 * The assignment reactor (a process manager): TemplateAssigned → one ScheduleWorkout
 * per workout, AssignmentResynced → schedule / revise / delete, TemplateUnassigned →
 * delete, all through the training context's workout decider and handleCommand.
 *
 * Checkpointed like a projection; a batch that fails (or a process that dies) is
 * taken up again from the same event. Nothing doubles on the way: each workout's id
 * was fixed in the triggering event, so scheduling it again meets its existing
 * stream and decides nothing, and every event it appends gets an id derived from
 * the assignment (or the triggering event) and the workout key, so a retried
 * append is refused rather than written twice.
 */
import { WrongExpectedVersionError, type EventStore, type StoredEvent } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projections/projection.ts';
import { handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { workoutDecider, foldWorkout, type WorkoutCommand } from '../training/index.ts';
import { workoutStream } from '../training/index.ts';
import type { AssignedWorkout, AssignmentEvent, TemplateEvent, TemplateWorkout } from './domain/events.ts';
import { templateStream } from './domain/events.ts';
import { percentLoadResolver, type LoadResolver } from './percent-loads.ts';

/**
 * The workouts of a template at one revision, by key. Revisions never change once
 * written, so they are kept (a few, least recently used first out).
 */
const revisionsByStore = new WeakMap<EventStore, Map<string, Map<string, TemplateWorkout>>>();

async function workoutsAt(store: EventStore, templateId: string, revision: number): Promise<Map<string, TemplateWorkout>> {
  let revisions = revisionsByStore.get(store);
  if (!revisions) revisionsByStore.set(store, (revisions = new Map<string, Map<string, TemplateWorkout>>()));
  const key = `${templateId}@${revision}`;
  const known = revisions.get(key);
  if (known) return known;
  const events = (await store.readStream(templateStream(templateId))) as unknown as TemplateEvent[];
  const at = events.find((e) => e.type !== 'TemplateDeleted' && e.data.revision === revision);
  const byKey = new Map<string, TemplateWorkout>();
  if (at && at.type !== 'TemplateDeleted') for (const list of Object.values(at.data.workouts)) for (const w of list) byKey.set(w.id, w);
  revisions.set(key, byKey);
  if (revisions.size > 50) revisions.delete(revisions.keys().next().value!);
  return byKey;
}

/** How many commands run at once: each workout is its own stream. */
const PARALLEL = 8;

export interface ReactorOptions {
  /** Called after each workout command (tests inject a crash here). */
  afterCommand?: (done: number) => void;
  /** Where its commands go: given by the feature's `reactors` once the store exists. */
  store: EventStore;
}

async function inGroups<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(run));
}

/**
 * A refusal means the effect is already there (scheduled, deleted) or can no longer
 * apply (deleted by hand). Losing a version race five times over is contention, not a
 * bad event: it is marked transient (SQLSTATE class 40) so the runner retries the
 * batch rather than parking the assignment (see projections/poison.ts).
 */
async function tolerant(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (e instanceof DomainError) return;
    if (e instanceof WrongExpectedVersionError) throw Object.assign(new Error(e.message), { code: '40001' });
    throw e;
  }
}

export function assignmentReactor(opts: ReactorOptions): Projection {
  return {
    name: 'template_assignment_reactor',
    version: 1,
    reactor: true,
    tables: {},
    handles: ['TemplateAssigned', 'AssignmentResynced', 'TemplateUnassigned'],
    async apply(events, { tx }) {
      const store = opts.store;
      let done = 0;
      const command = async (stored: StoredEvent, coachId: string, workoutId: string, key: string, c: WorkoutCommand) => {
        await tolerant(() =>
          handleCommand(store, workoutStream(workoutId), workoutDecider, c, {
            userId: coachId,
            correlationId: stored.metadata.correlationId,
            idempotencyKey: key,
          }),
        );
        opts.afterCommand?.(++done);
      };
      // A template's percentage loads become this athlete's loads (percent-loads.ts),
      // read from the records through the runner's transaction, once per event.
      const schedule = (stored: StoredEvent, d: { assignmentId: string; templateId: string; athleteId: string }, coachId: string, w: AssignedWorkout, loads: LoadResolver) =>
        command(stored, coachId, w.workoutId, `assignment:${d.assignmentId}:${w.key}:${w.workoutId}`, {
          type: 'ScheduleWorkout',
          workoutId: w.workoutId,
          athleteId: d.athleteId,
          content: { date: w.targetDate, name: w.name, notes: w.notes, exercises: loads(w.exercises) },
          templateId: d.templateId,
          assignmentId: d.assignmentId,
          mayAct: true,
        });
      const remove = async (stored: StoredEvent, coachId: string, workoutId: string) => {
        // What the athlete logged meanwhile is never deleted.
        const state = foldWorkout(await store.readStream(workoutStream(workoutId)));
        if (state.exercises.some((x) => x.sets.some((s) => s.actual && Object.values(s.actual).some((v) => v !== null)))) return;
        await command(stored, coachId, workoutId, `unassign:${stored.id}:${workoutId}`, { type: 'DeleteWorkout', mayAct: true });
      };

      for (const stored of events) {
        const e = stored as unknown as AssignmentEvent;
        switch (e.type) {
          case 'TemplateAssigned': {
            const content = await workoutsAt(store, e.data.templateId, e.data.revision);
            const full = e.data.workouts.flatMap((slot) => {
              const w = content.get(slot.key);
              return w ? [{ ...slot, notes: w.notes, exercises: w.exercises }] : [];
            });
            const loads = await percentLoadResolver(
              tx,
              e.data.athleteId,
              full.map((w) => w.exercises),
            );
            await inGroups(full, (w) => schedule(stored, e.data, e.data.coachId, w, loads));
            break;
          }
          case 'AssignmentResynced': {
            const coachId = stored.metadata.userId ?? '';
            const d = e.data;
            const loads = await percentLoadResolver(
              tx,
              d.athleteId,
              [...d.added, ...d.revised].map((w) => w.exercises),
            );
            await inGroups(d.added, (w) => schedule(stored, d, coachId, w, loads));
            await inGroups(d.revised, (w) =>
              command(stored, coachId, w.workoutId, `resync:${stored.id}:${w.workoutId}`, {
                type: 'ReviseWorkout',
                content: { date: w.targetDate, name: w.name, notes: w.notes, exercises: loads(w.exercises) },
                assignmentId: d.assignmentId,
                mayAct: true,
              }),
            );
            await inGroups(d.removedWorkoutIds, (id) => remove(stored, coachId, id));
            break;
          }
          case 'TemplateUnassigned':
            await inGroups(e.data.deletedWorkoutIds, (id) => remove(stored, e.data.coachId, id));
            break;
        }
      }
      return [];
    },
  };
}
