/** The groups decider as specifications: given the coach's history, when a command, then events (or a refusal). */
import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { groupsDecider, GROUP_MESSAGES, GROUP_LIMITS } from '../src/groups/domain/groups.ts';
import type { GroupEvent, GroupProgram } from '../src/groups/domain/events.ts';
import { assignmentDecider } from '../src/templates/domain/assignment.ts';
import { templateDecider, type TemplateState } from '../src/templates/domain/template.ts';
import type { TemplateContent } from '../src/templates/domain/events.ts';

const COACH = 'coach-1';
const G = 'group-1';
const [A, B, C] = ['athlete-a', 'athlete-b', 'athlete-c'];
const given = deciderSpec(groupsDecider, { userId: COACH });

const created = (groupId = G, name = 'Varsity'): GroupEvent => ({ type: 'GroupCreated', data: { groupId, coachId: COACH, name } });
const added = (athleteId: string): GroupEvent => ({ type: 'AthleteAddedToGroup', data: { groupId: G, coachId: COACH, athleteId } });
const program: GroupProgram = { kind: 'template', templateId: 't-1', name: 'Base', startDate: '2030-01-07', endDate: '2030-01-20' };
const assigned = (athleteIds: string[], p: GroupProgram = program): GroupEvent => ({
  type: 'GroupProgramAssigned',
  data: { groupId: G, coachId: COACH, groupAssignmentId: 'ga-1', program: p, athleteIds },
});
const joined = (athleteId: string, fromDate: string): GroupEvent => ({
  type: 'GroupProgramJoined',
  data: { groupId: G, coachId: COACH, groupAssignmentId: 'ga-1', program, athleteId, fromDate },
});

describe('CreateGroup', () => {
  it('creates a group with its trimmed name', () => given([]).when({ type: 'CreateGroup', groupId: G, name: '  Varsity ' }).then([created()]));
  it('refuses a name another active group has, whatever the case', () =>
    given([created()]).when({ type: 'CreateGroup', groupId: 'g-2', name: 'VARSITY' }).thenThrows(409, GROUP_MESSAGES.nameTaken));
  it('frees the name of an archived group', () =>
    given([created(), { type: 'GroupArchived', data: { groupId: G, coachId: COACH } }])
      .when({ type: 'CreateGroup', groupId: 'g-2', name: 'varsity' })
      .then([created('g-2', 'varsity')]));
  it('refuses an empty name', () => given([]).when({ type: 'CreateGroup', groupId: G, name: '   ' }).thenThrows(400, GROUP_MESSAGES.nameRequired));
  it('refuses a name past 60 characters', () =>
    given([])
      .when({ type: 'CreateGroup', groupId: G, name: 'x'.repeat(61) })
      .thenThrows(400, GROUP_MESSAGES.nameTooLong));
  it('counts an emoji as one character', () =>
    given([])
      .when({ type: 'CreateGroup', groupId: G, name: '💪'.repeat(60) })
      .then([created(G, '💪'.repeat(60))]));
  it('refuses NUL and lone surrogates', () => {
    given([]).when({ type: 'CreateGroup', groupId: G, name: 'Var\u0000sity' }).thenThrows(400, GROUP_MESSAGES.nameInvalid);
    given([]).when({ type: 'CreateGroup', groupId: G, name: 'Var\ud800sity' }).thenThrows(400, GROUP_MESSAGES.nameInvalid);
  });
  it(`refuses a group past ${GROUP_LIMITS.groups}`, () =>
    given(Array.from({ length: GROUP_LIMITS.groups }, (_, i) => created(`g-${i}`, `Group ${i}`)))
      .when({ type: 'CreateGroup', groupId: 'one-more', name: 'One more' })
      .thenThrows(409, GROUP_MESSAGES.tooManyGroups));
  it('needs a signed-in coach', () => given([]).when({ type: 'CreateGroup', groupId: G, name: 'Varsity' }, null).thenThrows(401, GROUP_MESSAGES.signIn));
});

describe('RenameGroup and ArchiveGroup', () => {
  it('renames', () =>
    given([created()])
      .when({ type: 'RenameGroup', groupId: G, name: 'Masters' })
      .then([{ type: 'GroupRenamed', data: { groupId: G, coachId: COACH, name: 'Masters' } }]));
  it('decides nothing for the same name', () => given([created()]).when({ type: 'RenameGroup', groupId: G, name: 'Varsity' }).then([]));
  it('refuses a name taken by another group', () =>
    given([created(), created('g-2', 'Masters')])
      .when({ type: 'RenameGroup', groupId: G, name: 'masters' })
      .thenThrows(409, GROUP_MESSAGES.nameTaken));
  it('refuses an archived group as not found', () =>
    given([created(), { type: 'GroupArchived', data: { groupId: G, coachId: COACH } }])
      .when({ type: 'ArchiveGroup', groupId: G })
      .thenThrows(404, GROUP_MESSAGES.notFound));
});

describe('AddAthletesToGroup', () => {
  it('adds linked athletes once each, skipping members', () =>
    given([created(), added(A)])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [A, B, B], linkedIds: [A, B], today: '2030-01-01' })
      .then([added(B)]));
  it('refuses the lot when one is not linked', () =>
    given([created()])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [A, C], linkedIds: [A], today: '2030-01-01' })
      .thenThrows(403, GROUP_MESSAGES.notLinked));
  it(`refuses more than ${GROUP_LIMITS.members} members`, () =>
    given([created(), ...Array.from({ length: GROUP_LIMITS.members }, (_, i) => added(`m-${i}`))])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [A], linkedIds: [A], today: '2030-01-01' })
      .thenThrows(409, GROUP_MESSAGES.tooManyMembers));
  it('gives a joiner the rest of a program under way, from today', () =>
    given([created(), added(A), assigned([A])])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [B], linkedIds: [B], today: '2030-01-10' })
      .then([added(B), joined(B, '2030-01-10')]));
  it('gives a joiner a program that starts later from its start', () =>
    given([created(), assigned([])])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [B], linkedIds: [B], today: '2030-01-01' })
      .then([added(B), joined(B, '2030-01-07')]));
  it('gives nothing of a program that has ended', () =>
    given([created(), assigned([A])])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [B], linkedIds: [B], today: '2030-01-21' })
      .then([added(B)]));
  it('gives a returning athlete nothing twice', () =>
    given([created(), added(A), assigned([A]), { type: 'AthleteRemovedFromGroup', data: { groupId: G, coachId: COACH, athleteId: A } }])
      .when({ type: 'AddAthletesToGroup', groupId: G, athleteIds: [A], linkedIds: [A], today: '2030-01-10' })
      .then([added(A)]));
});

describe('RemoveAthleteFromGroup', () => {
  it('removes a member', () =>
    given([created(), added(A)])
      .when({ type: 'RemoveAthleteFromGroup', groupId: G, athleteId: A })
      .then([{ type: 'AthleteRemovedFromGroup', data: { groupId: G, coachId: COACH, athleteId: A } }]));
  it('refuses someone who is not a member', () => given([created()]).when({ type: 'RemoveAthleteFromGroup', groupId: G, athleteId: A }).thenThrows(404, GROUP_MESSAGES.notMember));
});

describe('AssignProgramToGroup', () => {
  const assign = (linkedIds: string[], today = '2030-01-01') => ({ type: 'AssignProgramToGroup' as const, groupId: G, groupAssignmentId: 'ga-1', program, linkedIds, today });
  it('gives the program to the linked members', () =>
    given([created(), added(A), added(B), added(C)])
      .when(assign([A, B]))
      .then([assigned([A, B])]));
  it('decides nothing when rerun for the same members', () =>
    given([created(), added(A), added(B), assigned([A, B])])
      .when(assign([A, B]))
      .then([]));
  it('reaches on a rerun only the members it missed', () =>
    given([created(), added(A), added(B), assigned([A])])
      .when(assign([A, B]))
      .then([joined(B, '2030-01-07')]));
  it('refuses a group of another coach (or none) as not found', () => given([]).when(assign([])).thenThrows(404, GROUP_MESSAGES.notFound));
});

describe("joining a program under way (the templates context's AssignTemplate with a fromDate)", () => {
  const squat = { exercise_name: 'Back Squat', heading: 'A1', order_index: 0, exercise_intent: 'strength' as const, sets: [{ type: 'standard' as const, reps: 5, load: 100 }] };
  const content: TemplateContent = {
    name: 'Base',
    description: '',
    category: 'strength',
    isPublic: false,
    workouts: {
      'day-1': [{ id: 'w1', name: 'Lower', notes: null, exercises: [squat] }],
      'day-3': [{ id: 'w2', name: 'Upper', notes: null, exercises: [squat] }],
      'day-5': [{ id: 'w3', name: 'Full', notes: null, exercises: [squat] }],
    },
  };
  const template: TemplateState = templateDecider.evolve(templateDecider.initialState(), {
    type: 'TemplateCreated',
    data: { templateId: 't-1', ownerId: COACH, revision: 1, ...content },
  });
  let n = 0;
  const assign = (fromDate: string | undefined, today: string) =>
    assignmentDecider.decide(
      { type: 'AssignTemplate', assignmentId: 'a-1', template, athleteId: A, athleteLinked: true, startDate: '2030-01-07', today, ...(fromDate ? { fromDate } : {}) },
      assignmentDecider.initialState(),
      { userId: COACH, now: new Date('2030-01-01T00:00:00Z'), newId: () => `w-${n++}` },
    );
  const dates = (events: ReturnType<typeof assign>) => (events[0].type === 'TemplateAssigned' ? events[0].data.workouts.map((w) => `${w.targetDate} ${w.name}`) : []);

  it('leaves out the workouts before the later of fromDate and today', () => {
    expect(dates(assign('2030-01-08', '2030-01-08'))).toEqual(['2030-01-09 Upper', '2030-01-11 Full']);
    expect(dates(assign('2030-01-07', '2030-01-09'))).toEqual(['2030-01-09 Upper', '2030-01-11 Full']);
  });
  it('keeps the program whole from its start without a fromDate', () =>
    expect(dates(assign(undefined, '2030-01-01'))).toEqual(['2030-01-07 Lower', '2030-01-09 Upper', '2030-01-11 Full']));
  it('still refuses a past start without a fromDate', () => expect(() => assign(undefined, '2030-01-08')).toThrow('Start date cannot be in the past.'));
  it('refuses when nothing is left from today on', () => expect(() => assign('2030-01-07', '2030-01-12')).toThrow('This program has no workouts left from today on.'));
});
