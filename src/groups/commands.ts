/**
 * The groups command handlers: read what the decider needs (the coach's links, the
 * coach's today, the template), check everything a member's own assignment would
 * check before appending anything, then load → decide → append through
 * handleCommand. The members' workouts follow from the group program reactor.
 */
import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventStore } from '../platform/eventstore/port.ts';
import { deterministicId, handleCommand } from '../platform/handle-command.ts';
import { DomainError } from '../kernel/decider.ts';
import { todayFor } from '../accounts/index.ts';
import { loadTemplate, endDate } from '../templates/index.ts';
import { assignmentDecider } from '../templates/domain/assignment.ts';
import { workoutDecider, type WorkoutContent } from '../training/index.ts';
import { groupsDecider, type GroupsCommand } from './domain/groups.ts';
import { groupsStream, type GroupProgram } from './domain/events.ts';
import { linkedAmong, linkedAthletesOf } from './queries.ts';

export interface GroupsDeps {
  pool: pg.Pool;
  store: EventStore;
  now: () => Date;
}

export const GROUP_PROGRAM_MESSAGES = {
  pastDate: 'Workout date cannot be in the past.',
} as const;

const checkpointOf = (r: { append: { checkpoint: string } | null }) => r.append?.checkpoint ?? null;

function run(deps: GroupsDeps, coachId: string, command: GroupsCommand) {
  return handleCommand(deps.store, groupsStream(coachId), groupsDecider, command, { userId: coachId, now: deps.now });
}

export async function createGroup(deps: GroupsDeps, coachId: string, name: string) {
  const groupId = randomUUID();
  const r = await run(deps, coachId, { type: 'CreateGroup', groupId, name });
  return { id: groupId, checkpoint: checkpointOf(r) };
}

export async function renameGroup(deps: GroupsDeps, coachId: string, groupId: string, name: string) {
  return { checkpoint: checkpointOf(await run(deps, coachId, { type: 'RenameGroup', groupId, name })) };
}

export async function archiveGroup(deps: GroupsDeps, coachId: string, groupId: string) {
  return { checkpoint: checkpointOf(await run(deps, coachId, { type: 'ArchiveGroup', groupId })) };
}

export async function addAthletesToGroup(deps: GroupsDeps, coachId: string, groupId: string, athleteIds: string[]) {
  const [linkedIds, today] = await Promise.all([linkedAmong(deps.pool, coachId, athleteIds), todayFor(deps.pool, coachId, deps.now())]);
  const r = await run(deps, coachId, { type: 'AddAthletesToGroup', groupId, athleteIds, linkedIds, today });
  return {
    added_count: r.events.filter((e) => e.type === 'AthleteAddedToGroup').length,
    joined_program_count: r.events.filter((e) => e.type === 'GroupProgramJoined').length,
    checkpoint: checkpointOf(r),
  };
}

export async function removeAthleteFromGroup(deps: GroupsDeps, coachId: string, groupId: string, athleteId: string) {
  return { checkpoint: checkpointOf(await run(deps, coachId, { type: 'RemoveAthleteFromGroup', groupId, athleteId })) };
}

export interface GroupAssignResult {
  group_assignment_id: string;
  /** Members who get the program from this call. */
  scheduled_count: number;
  /** Members who had it already (an earlier run of the same assignment). */
  already_count: number;
  /** Members whose link to the coach ended: they get nothing. */
  not_linked_count: number;
  start_date: string;
  end_date: string;
  checkpoint: string | null;
}

async function assignProgram(deps: GroupsDeps, coachId: string, groupId: string, groupAssignmentId: string, program: GroupProgram, today: string): Promise<GroupAssignResult> {
  // All of the coach's links (a few hundred at most): the decider keeps the members among them.
  const linkedIds = await linkedAthletesOf(deps.pool, coachId);
  const r = await run(deps, coachId, { type: 'AssignProgramToGroup', groupId, groupAssignmentId, program, linkedIds, today });
  const before = r.before.groups[groupId];
  const had = new Set(before?.programs.find((p) => p.groupAssignmentId === groupAssignmentId)?.athleteIds ?? []);
  const given = new Set(r.events.flatMap((e) => (e.type === 'GroupProgramAssigned' ? e.data.athleteIds : e.type === 'GroupProgramJoined' ? [e.data.athleteId] : [])));
  const current = before?.members ?? [];
  const already = current.filter((id) => had.has(id)).length;
  return {
    group_assignment_id: groupAssignmentId,
    scheduled_count: given.size,
    already_count: already,
    not_linked_count: current.length - already - given.size,
    start_date: program.startDate,
    end_date: program.endDate,
    checkpoint: checkpointOf(r),
  };
}

/**
 * A template to every member from a start date. The same group, template and start
 * date always name the same group assignment, so a rerun gives only members it has
 * not reached yet (none, usually).
 */
export async function assignTemplateToGroup(deps: GroupsDeps, coachId: string, groupId: string, input: { templateId: string; startDate: string }) {
  const [template, today] = await Promise.all([loadTemplate(deps.store, input.templateId), todayFor(deps.pool, coachId, deps.now())]);
  // Every rule a member's own assignment applies (ownership, dates, workouts), before anything is appended.
  assignmentDecider.decide(
    { type: 'AssignTemplate', assignmentId: groupId, template, athleteId: coachId, athleteLinked: true, startDate: input.startDate, today },
    assignmentDecider.initialState(),
    { userId: coachId, now: deps.now(), newId: randomUUID },
  );
  const content = template.content!;
  const program: GroupProgram = {
    kind: 'template',
    templateId: input.templateId,
    name: content.name,
    startDate: input.startDate,
    endDate: endDate(input.startDate, content.workouts),
  };
  const id = deterministicId(`group-program:${coachId}:${groupId}:template:${input.templateId}:${input.startDate}`);
  return assignProgram(deps, coachId, groupId, id, program, today);
}

/** One workout to every member on its date; the same group and workout (content and date) name the same group assignment. */
export async function assignWorkoutToGroup(deps: GroupsDeps, coachId: string, groupId: string, workout: WorkoutContent) {
  const today = await todayFor(deps.pool, coachId, deps.now());
  if (workout.date < today) throw new DomainError(400, GROUP_PROGRAM_MESSAGES.pastDate);
  // The workout's own rules, on the coach as a stand-in athlete, before anything is appended.
  workoutDecider.decide({ type: 'ScheduleWorkout', workoutId: groupId, athleteId: coachId, content: workout, mayAct: true }, workoutDecider.initialState(), {
    userId: coachId,
    now: deps.now(),
    newId: randomUUID,
  });
  const program: GroupProgram = { kind: 'workout', name: workout.name ?? 'Workout', startDate: workout.date, endDate: workout.date, workout };
  const hash = createHash('sha256').update(JSON.stringify(workout)).digest('hex');
  const id = deterministicId(`group-program:${coachId}:${groupId}:workout:${hash}`);
  return assignProgram(deps, coachId, groupId, id, program, today);
}
