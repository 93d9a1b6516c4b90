/**
 * The assignment aggregate (stream `assignment-<id>`): one template given to one
 * athlete from a start date. Deciding only records what should happen; the
 * assignment reactor (assignment-reactor.ts) turns it into workouts on the athlete's
 * calendar. Assignment adds and never replaces: existing workouts stay.
 *
 * What the decider cannot know itself comes in on the command, read by the handler:
 * the template's state, whether the athlete is linked to the coach, the coach's
 * today, and (unassign, re-sync) which workouts were logged or edited by hand.
 */
import { assertNever, DomainError, type Decider } from '../../kernel/decider.ts';
import { isCalendarDate } from '../../training/domain/workout-rules.ts';
import type { AssignedSlot, AssignedWorkout, AssignmentEvent, KeptWorkout } from './events.ts';
import { assignedWorkouts, endDate, workoutCount } from './schedule.ts';
import type { TemplateState } from './template.ts';
import { MESSAGES as TEMPLATE_MESSAGES } from './template.ts';

export interface AssignmentState {
  assignmentId: string | null;
  templateId: string | null;
  coachId: string | null;
  athleteId: string | null;
  revision: number;
  startDate: string | null;
  workouts: AssignedSlot[];
  unassigned: boolean;
}

/** What the read model knows about one of the assignment's workouts. */
export interface WorkoutMarks {
  logged: boolean;
  handEdited: boolean;
  deleted: boolean;
}

export type AssignmentCommand =
  | {
      type: 'AssignTemplate';
      assignmentId: string;
      template: TemplateState;
      athleteId: string;
      athleteLinked: boolean;
      startDate: string;
      today: string;
      /**
       * Joining a program under way (a group's, src/groups): the workouts dated before
       * this day or before today are left out, and the start date may then be past.
       */
      fromDate?: string;
    }
  | { type: 'UnassignTemplate'; marks: Record<string, WorkoutMarks>; today: string }
  | { type: 'ResyncAssignment'; template: TemplateState; marks: Record<string, WorkoutMarks>; today: string };

export const ASSIGNMENT_MESSAGES = {
  notLinked: 'You can only assign programs to athletes you coach.',
  badStart: 'Start date must be a real calendar date (YYYY-MM-DD).',
  pastStart: 'Start date cannot be in the past.',
  noWorkouts: 'This template has no workouts to assign.',
  noneLeft: 'This program has no workouts left from today on.',
  foreign: 'Copy this public template to your templates before assigning it.',
  notFound: 'Assignment not found.',
  exists: 'This assignment already exists.',
  unassigned: 'This program was already unassigned.',
  templateGone: 'The template of this assignment was deleted, so there is nothing to re-sync.',
} as const;

const initialState = (): AssignmentState => ({
  assignmentId: null,
  templateId: null,
  coachId: null,
  athleteId: null,
  revision: 0,
  startDate: null,
  workouts: [],
  unassigned: false,
});

/** The assignment exists, is still active, and the actor is the coach who made it. */
function active(
  state: AssignmentState,
  userId: string,
): asserts state is AssignmentState & { assignmentId: string; templateId: string; coachId: string; athleteId: string; startDate: string } {
  if (!state.assignmentId || state.coachId !== userId) throw new DomainError(404, ASSIGNMENT_MESSAGES.notFound);
  if (state.unassigned) throw new DomainError(409, ASSIGNMENT_MESSAGES.unassigned);
}

/** The slot without its content. */
export const slotOf = ({ workoutId, key, dayKey, targetDate, name }: AssignedSlot): AssignedSlot => ({ workoutId, key, dayKey, targetDate, name });

const NOT_MARKED: WorkoutMarks = { logged: false, handEdited: false, deleted: false };

export interface ResyncPlan {
  revised: AssignedWorkout[];
  added: AssignedWorkout[];
  removedWorkoutIds: string[];
  kept: KeptWorkout[];
}

/**
 * Which of the assignment's workouts take the new revision: future ones (today
 * counts) that were neither logged nor edited by hand. Those are revised (or
 * removed when the revision dropped them); the logged and hand-edited are kept and
 * listed. Workouts the new revision adds are scheduled if their day is not past.
 */
export function planResync(current: AssignedSlot[], next: AssignedWorkout[], marks: Record<string, WorkoutMarks>, today: string, newId: () => string): ResyncPlan {
  const plan: ResyncPlan = { revised: [], added: [], removedWorkoutIds: [], kept: [] };
  const byKey = new Map(current.map((w) => [w.key, w]));
  const nextKeys = new Set(next.map((w) => w.key));
  for (const w of current) {
    const m = marks[w.workoutId] ?? NOT_MARKED;
    if (m.deleted || w.targetDate < today) continue;
    if (m.logged || m.handEdited) {
      plan.kept.push({ workoutId: w.workoutId, key: w.key, date: w.targetDate, reason: m.logged ? 'logged' : 'edited' });
    } else if (!nextKeys.has(w.key)) {
      plan.removedWorkoutIds.push(w.workoutId);
    }
  }
  for (const n of next) {
    const old = byKey.get(n.key);
    if (!old) {
      if (n.targetDate >= today) plan.added.push({ ...n, workoutId: newId() });
      continue;
    }
    const m = marks[old.workoutId] ?? NOT_MARKED;
    if (m.deleted || m.logged || m.handEdited || old.targetDate < today) continue;
    if (n.targetDate < today) continue; // moved into the past by the revision: leave the old one where it is
    plan.revised.push({ ...n, workoutId: old.workoutId });
  }
  return plan;
}

export const assignmentDecider: Decider<AssignmentState, AssignmentCommand, AssignmentEvent> = {
  initialState,

  evolve(state, event) {
    switch (event.type) {
      case 'TemplateAssigned': {
        const d = event.data;
        return {
          ...state,
          assignmentId: d.assignmentId,
          templateId: d.templateId,
          coachId: d.coachId,
          athleteId: d.athleteId,
          revision: d.revision,
          startDate: d.startDate,
          workouts: d.workouts,
        };
      }
      case 'AssignmentResynced': {
        const d = event.data;
        const changed = new Map([...d.revised, ...d.added].map((w) => [w.workoutId, w]));
        const removed = new Set(d.removedWorkoutIds);
        const workouts = state.workouts.filter((w) => !removed.has(w.workoutId)).map((w) => slotOf(changed.get(w.workoutId) ?? w));
        return { ...state, revision: d.revision, workouts: [...workouts, ...d.added.map(slotOf)] };
      }
      case 'TemplateUnassigned':
        return { ...state, unassigned: true };
      default:
        return assertNever(event);
    }
  },

  decide(command, state, ctx) {
    if (!ctx.userId) throw new DomainError(401, TEMPLATE_MESSAGES.signIn);
    switch (command.type) {
      case 'AssignTemplate': {
        if (state.assignmentId) throw new DomainError(409, ASSIGNMENT_MESSAGES.exists);
        const t = command.template;
        if (!t.templateId || t.deleted || !t.content) throw new DomainError(404, TEMPLATE_MESSAGES.notFound);
        if (t.ownerId !== ctx.userId) {
          if (!t.content.isPublic) throw new DomainError(404, TEMPLATE_MESSAGES.notFound);
          throw new DomainError(403, ASSIGNMENT_MESSAGES.foreign);
        }
        if (!command.athleteLinked) throw new DomainError(403, ASSIGNMENT_MESSAGES.notLinked);
        if (!isCalendarDate(command.startDate)) throw new DomainError(400, ASSIGNMENT_MESSAGES.badStart);
        if (command.fromDate !== undefined && !isCalendarDate(command.fromDate)) throw new DomainError(400, ASSIGNMENT_MESSAGES.badStart);
        if (command.fromDate === undefined && command.startDate < command.today) throw new DomainError(400, ASSIGNMENT_MESSAGES.pastStart);
        if (workoutCount(t.content.workouts) === 0) throw new DomainError(400, ASSIGNMENT_MESSAGES.noWorkouts);
        const from = command.fromDate === undefined ? command.startDate : command.fromDate > command.today ? command.fromDate : command.today;
        const workouts = assignedWorkouts(command.startDate, t.content.workouts, ctx.newId).filter((w) => w.targetDate >= from);
        if (workouts.length === 0) throw new DomainError(400, ASSIGNMENT_MESSAGES.noneLeft);
        return [
          {
            type: 'TemplateAssigned',
            data: {
              assignmentId: command.assignmentId,
              templateId: t.templateId,
              templateName: t.content.name,
              revision: t.revision,
              coachId: ctx.userId,
              athleteId: command.athleteId,
              startDate: command.startDate,
              endDate: endDate(command.startDate, t.content.workouts),
              workouts: workouts.map(slotOf),
            },
          },
        ];
      }
      case 'UnassignTemplate': {
        active(state, ctx.userId);
        const deleted: string[] = [];
        let kept = 0;
        for (const w of state.workouts) {
          const m = command.marks[w.workoutId] ?? NOT_MARKED;
          if (m.deleted) continue;
          if (w.targetDate >= command.today && !m.logged) deleted.push(w.workoutId);
          else kept++;
        }
        return [
          {
            type: 'TemplateUnassigned',
            data: {
              assignmentId: state.assignmentId,
              templateId: state.templateId,
              coachId: state.coachId,
              athleteId: state.athleteId,
              deletedWorkoutIds: deleted,
              keptCount: kept,
            },
          },
        ];
      }
      case 'ResyncAssignment': {
        active(state, ctx.userId);
        const t = command.template;
        if (!t.templateId || t.deleted || !t.content || t.templateId !== state.templateId) throw new DomainError(409, ASSIGNMENT_MESSAGES.templateGone);
        if (t.revision === state.revision) return [];
        const next = assignedWorkouts(state.startDate, t.content.workouts, () => '');
        const plan = planResync(state.workouts, next, command.marks, command.today, ctx.newId);
        return [
          {
            type: 'AssignmentResynced',
            data: {
              assignmentId: state.assignmentId,
              templateId: state.templateId,
              athleteId: state.athleteId,
              fromRevision: state.revision,
              revision: t.revision,
              endDate: endDate(state.startDate, t.content.workouts),
              ...plan,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },
};
