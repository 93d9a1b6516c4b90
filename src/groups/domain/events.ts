/**
 * The groups context's events: the contract between the groups decider (writer), the
 * groups projection and the group program reactor. One stream per coach,
 * `coach-groups-<coachId>`, holds all of that coach's groups, so that a name is
 * unique per coach by the decider alone.
 */
import type { WorkoutContent } from '../../training/domain/events.ts';

/**
 * What a group is given: a template from a start date, or one workout on a date.
 * `startDate`–`endDate` is its span (a workout's is its day); someone who joins the
 * group before the span ends gets the rest of it.
 */
export type GroupProgram =
  | { kind: 'template'; templateId: string; name: string; startDate: string; endDate: string }
  | { kind: 'workout'; name: string; startDate: string; endDate: string; workout: WorkoutContent };

export type GroupEvent =
  | { type: 'GroupCreated'; data: { groupId: string; coachId: string; name: string } }
  | { type: 'GroupRenamed'; data: { groupId: string; coachId: string; name: string } }
  | { type: 'GroupArchived'; data: { groupId: string; coachId: string } }
  | { type: 'AthleteAddedToGroup'; data: { groupId: string; coachId: string; athleteId: string } }
  | { type: 'AthleteRemovedFromGroup'; data: { groupId: string; coachId: string; athleteId: string } }
  | {
      type: 'GroupProgramAssigned';
      /** `athleteIds`: the members it goes to now (those still linked to the coach). */
      data: { groupId: string; coachId: string; groupAssignmentId: string; program: GroupProgram; athleteIds: string[] };
    }
  | {
      type: 'GroupProgramJoined';
      /** One more athlete gets the program, its workouts from `fromDate` on. */
      data: { groupId: string; coachId: string; groupAssignmentId: string; program: GroupProgram; athleteId: string; fromDate: string };
    };

export const GROUP_EVENT_TYPES: GroupEvent['type'][] = [
  'GroupCreated',
  'GroupRenamed',
  'GroupArchived',
  'AthleteAddedToGroup',
  'AthleteRemovedFromGroup',
  'GroupProgramAssigned',
  'GroupProgramJoined',
];

export const groupsStream = (coachId: string) => `coach-groups-${coachId}`;
