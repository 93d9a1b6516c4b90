/**
 * The group program reactor (a process manager): GroupProgramAssigned → each member's
 * own assignment, GroupProgramJoined → the joiner's. A template goes through the
 * templates context's assignTemplate (whose reactor then schedules the workouts), a
 * single workout through the training context's workout decider.
 *
 * Checkpointed like a projection; a batch that fails (or a process that dies) is
 * taken up again from the same event. Nothing doubles: each member's part is keyed by
 * (group assignment, athlete): the template assignment's id and the workout's id
 * derive from that pair, so a second try meets what the first made and adds nothing.
 */
import { WrongExpectedVersionError, type EventStore } from '../platform/eventstore/port.ts';
import type { Projection } from '../platform/projections/projection.ts';
import { deterministicId, handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { assignTemplate } from '../templates/index.ts';
import { workoutDecider, workoutStream } from '../training/index.ts';
import type { GroupEvent, GroupProgram } from './domain/events.ts';
import { linkedAmong } from './queries.ts';

export interface GroupReactorOptions {
  store: EventStore;
  now?: () => Date;
  /** Called after each member's command (tests inject a crash here). */
  afterMember?: (done: number) => void;
}

/** The workout a member gets from a group's single-workout program. */
export const groupWorkoutId = (groupAssignmentId: string, athleteId: string) => deterministicId(`group-workout:${groupAssignmentId}:${athleteId}`);

/**
 * A refusal means the part is there already or can no longer apply (the link ended,
 * the template was deleted, nothing is left from today on). A lost version race is
 * contention: marked transient (SQLSTATE class 40) so the runner retries the batch.
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

export function groupProgramReactor(opts: GroupReactorOptions): Projection {
  const now = opts.now ?? (() => new Date());
  return {
    name: 'group_program_reactor',
    version: 1,
    reactor: true,
    tables: {},
    handles: ['GroupProgramAssigned', 'GroupProgramJoined'],
    async apply(events, { tx }) {
      let done = 0;
      const give = async (coachId: string, groupAssignmentId: string, program: GroupProgram, athleteId: string, fromDate: string) => {
        const key = `group:${groupAssignmentId}:${athleteId}`;
        if (program.kind === 'template') {
          await tolerant(() =>
            assignTemplate(
              { pool: tx, store: opts.store, now },
              { coachId, templateId: program.templateId, athleteId, startDate: program.startDate, fromDate, idempotencyKey: key },
            ),
          );
        } else {
          const linked = (await linkedAmong(tx, coachId, [athleteId])).length > 0;
          const workoutId = groupWorkoutId(groupAssignmentId, athleteId);
          await tolerant(() =>
            handleCommand(
              opts.store,
              workoutStream(workoutId),
              workoutDecider,
              { type: 'ScheduleWorkout', workoutId, athleteId, content: program.workout, mayAct: linked },
              { userId: coachId, now, idempotencyKey: key },
            ),
          );
        }
        opts.afterMember?.(++done);
      };
      for (const stored of events) {
        const e = stored as unknown as GroupEvent;
        if (e.type === 'GroupProgramAssigned') {
          for (const athleteId of e.data.athleteIds) await give(e.data.coachId, e.data.groupAssignmentId, e.data.program, athleteId, e.data.program.startDate);
        } else if (e.type === 'GroupProgramJoined') {
          await give(e.data.coachId, e.data.groupAssignmentId, e.data.program, e.data.athleteId, e.data.fromDate);
        }
      }
      return [];
    },
  };
}
