/**
 * A coach's groups (stream `coach-groups-<coachId>`): named sets of their athletes
 * ("Varsity", "Masters") that can be given a program in one action. Deciding only
 * records who gets what; the group program reactor hands each athlete their part
 * through the templates and training contexts, keyed by (group assignment, athlete).
 *
 * What the decider cannot know itself comes in on the command, read by the handler:
 * which athletes are linked to the coach, and the coach's today.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import type { GroupEvent, GroupProgram } from './events.ts';

export const GROUP_LIMITS = { nameLength: 60, groups: 200, members: 500, programs: 200 } as const;

export const GROUP_MESSAGES = {
  signIn: 'Please sign in.',
  notFound: 'Group not found.',
  nameRequired: 'Group name is required.',
  nameTooLong: `Group name must be at most ${GROUP_LIMITS.nameLength} characters.`,
  nameInvalid: 'Group name cannot contain control characters.',
  nameTaken: 'You already have a group with this name.',
  tooManyGroups: `You can have at most ${GROUP_LIMITS.groups} groups.`,
  tooManyMembers: `A group can have at most ${GROUP_LIMITS.members} athletes.`,
  tooManyPrograms: `A group can be given at most ${GROUP_LIMITS.programs} programs; start a new group.`,
  notLinked: 'You can only add athletes you coach to a group.',
  notMember: 'This athlete is not in the group.',
  noAthletes: 'Choose at least one athlete.',
} as const;

export interface ProgramState {
  groupAssignmentId: string;
  program: GroupProgram;
  /** Everyone who was ever given it: a removal keeps them covered, so a return adds nothing twice. */
  athleteIds: string[];
}

export interface GroupState {
  groupId: string;
  name: string;
  archived: boolean;
  members: string[];
  programs: ProgramState[];
}

export interface GroupsState {
  groups: Record<string, GroupState>;
}

export type GroupsCommand =
  | { type: 'CreateGroup'; groupId: string; name: string }
  | { type: 'RenameGroup'; groupId: string; name: string }
  | { type: 'ArchiveGroup'; groupId: string }
  | { type: 'AddAthletesToGroup'; groupId: string; athleteIds: string[]; linkedIds: string[]; today: string }
  | { type: 'RemoveAthleteFromGroup'; groupId: string; athleteId: string }
  | { type: 'AssignProgramToGroup'; groupId: string; groupAssignmentId: string; program: GroupProgram; linkedIds: string[]; today: string };

/** The name as kept: trimmed, NFC; the rules' texts name what is wrong. */
export function groupName(raw: string): string {
  const name = raw.normalize('NFC').trim();
  if (name.length === 0) throw new DomainError(400, GROUP_MESSAGES.nameRequired);
  if ([...name].length > GROUP_LIMITS.nameLength) throw new DomainError(400, GROUP_MESSAGES.nameTooLong);
  // With the u flag a lone surrogate is a code point of its own; a pair is not in the range.
  if (/\p{Cc}|[\ud800-\udfff]/u.test(name)) throw new DomainError(400, GROUP_MESSAGES.nameInvalid);
  return name;
}

const nameKey = (name: string) => name.toLocaleLowerCase('en-US');

/** The active groups (archived ones are gone for the coach). */
const activeGroups = (state: GroupsState) => Object.values(state.groups).filter((g) => !g.archived);

function activeGroup(state: GroupsState, groupId: string): GroupState {
  const g = state.groups[groupId];
  if (!g || g.archived) throw new DomainError(404, GROUP_MESSAGES.notFound);
  return g;
}

function uniqueName(state: GroupsState, name: string, except?: string): string {
  const n = groupName(name);
  if (activeGroups(state).some((g) => g.groupId !== except && nameKey(g.name) === nameKey(n))) throw new DomainError(409, GROUP_MESSAGES.nameTaken);
  return n;
}

/** A program someone joining today still gets part of: its span has not ended. */
export const isCurrent = (p: GroupProgram, today: string) => p.endDate >= today;

const later = (a: string, b: string) => (a > b ? a : b);

const update = (state: GroupsState, groupId: string, change: (g: GroupState) => GroupState): GroupsState => {
  const g = state.groups[groupId];
  return g ? { groups: { ...state.groups, [groupId]: change(g) } } : state;
};

export const groupsDecider: Decider<GroupsState, GroupsCommand, GroupEvent> = {
  initialState: () => ({ groups: {} }),

  evolve(state, event) {
    switch (event.type) {
      case 'GroupCreated':
        return { groups: { ...state.groups, [event.data.groupId]: { groupId: event.data.groupId, name: event.data.name, archived: false, members: [], programs: [] } } };
      case 'GroupRenamed':
        return update(state, event.data.groupId, (g) => ({ ...g, name: event.data.name }));
      case 'GroupArchived':
        return update(state, event.data.groupId, (g) => ({ ...g, archived: true }));
      case 'AthleteAddedToGroup':
        return update(state, event.data.groupId, (g) => ({ ...g, members: [...g.members, event.data.athleteId] }));
      case 'AthleteRemovedFromGroup':
        return update(state, event.data.groupId, (g) => ({ ...g, members: g.members.filter((id) => id !== event.data.athleteId) }));
      case 'GroupProgramAssigned': {
        const d = event.data;
        return update(state, d.groupId, (g) => ({ ...g, programs: [...g.programs, { groupAssignmentId: d.groupAssignmentId, program: d.program, athleteIds: d.athleteIds }] }));
      }
      case 'GroupProgramJoined': {
        const d = event.data;
        return update(state, d.groupId, (g) => ({
          ...g,
          programs: g.programs.map((p) => (p.groupAssignmentId === d.groupAssignmentId ? { ...p, athleteIds: [...p.athleteIds, d.athleteId] } : p)),
        }));
      }
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    const coachId = ctx.userId;
    if (!coachId) throw new DomainError(401, GROUP_MESSAGES.signIn);
    switch (command.type) {
      case 'CreateGroup': {
        if (state.groups[command.groupId]) throw new DomainError(409, GROUP_MESSAGES.nameTaken);
        const name = uniqueName(state, command.name);
        if (activeGroups(state).length >= GROUP_LIMITS.groups) throw new DomainError(409, GROUP_MESSAGES.tooManyGroups);
        return [{ type: 'GroupCreated', data: { groupId: command.groupId, coachId, name } }];
      }
      case 'RenameGroup': {
        const g = activeGroup(state, command.groupId);
        const name = uniqueName(state, command.name, g.groupId);
        return name === g.name ? [] : [{ type: 'GroupRenamed', data: { groupId: g.groupId, coachId, name } }];
      }
      case 'ArchiveGroup': {
        const g = activeGroup(state, command.groupId);
        return [{ type: 'GroupArchived', data: { groupId: g.groupId, coachId } }];
      }
      case 'AddAthletesToGroup': {
        const g = activeGroup(state, command.groupId);
        const wanted = [...new Set(command.athleteIds)];
        if (wanted.length === 0) throw new DomainError(400, GROUP_MESSAGES.noAthletes);
        const linked = new Set(command.linkedIds);
        if (wanted.some((id) => !linked.has(id))) throw new DomainError(403, GROUP_MESSAGES.notLinked);
        const added = wanted.filter((id) => !g.members.includes(id));
        if (g.members.length + added.length > GROUP_LIMITS.members) throw new DomainError(409, GROUP_MESSAGES.tooManyMembers);
        // Someone joining gets what is left of each program still under way, from today on.
        const current = g.programs.filter((p) => isCurrent(p.program, command.today));
        return added.flatMap((athleteId): GroupEvent[] => [
          { type: 'AthleteAddedToGroup', data: { groupId: g.groupId, coachId, athleteId } },
          ...current
            .filter((p) => !p.athleteIds.includes(athleteId))
            .map((p): GroupEvent => ({
              type: 'GroupProgramJoined',
              data: { groupId: g.groupId, coachId, groupAssignmentId: p.groupAssignmentId, program: p.program, athleteId, fromDate: later(p.program.startDate, command.today) },
            })),
        ]);
      }
      case 'RemoveAthleteFromGroup': {
        const g = activeGroup(state, command.groupId);
        if (!g.members.includes(command.athleteId)) throw new DomainError(404, GROUP_MESSAGES.notMember);
        // What was scheduled stays on the athlete's calendar.
        return [{ type: 'AthleteRemovedFromGroup', data: { groupId: g.groupId, coachId, athleteId: command.athleteId } }];
      }
      case 'AssignProgramToGroup': {
        const g = activeGroup(state, command.groupId);
        const linked = new Set(command.linkedIds);
        const members = g.members.filter((id) => linked.has(id));
        const existing = g.programs.find((p) => p.groupAssignmentId === command.groupAssignmentId);
        if (existing) {
          // The same assignment again: only members it has not reached yet get it.
          if (!isCurrent(existing.program, command.today)) return [];
          return members
            .filter((id) => !existing.athleteIds.includes(id))
            .map((athleteId) => ({
              type: 'GroupProgramJoined',
              data: {
                groupId: g.groupId,
                coachId,
                groupAssignmentId: existing.groupAssignmentId,
                program: existing.program,
                athleteId,
                fromDate: later(existing.program.startDate, command.today),
              },
            }));
        }
        if (g.programs.length >= GROUP_LIMITS.programs) throw new DomainError(409, GROUP_MESSAGES.tooManyPrograms);
        return [
          {
            type: 'GroupProgramAssigned',
            data: { groupId: g.groupId, coachId, groupAssignmentId: command.groupAssignmentId, program: command.program, athleteIds: members },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
