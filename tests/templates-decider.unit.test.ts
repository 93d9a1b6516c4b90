import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { templateDecider, type TemplateState } from '../src/templates/domain/template.ts';
import { assignmentDecider, planResync, slotOf, type WorkoutMarks } from '../src/templates/domain/assignment.ts';
import type { AssignedWorkout, AssignmentEvent, TemplateContent, TemplateEvent } from '../src/templates/domain/events.ts';
import { parseTemplate } from '../src/templates/domain/payload.ts';
import { assignedWorkouts, endDate, schedulePreview } from '../src/templates/domain/schedule.ts';
import { DomainError } from '../src/kernel/decider.ts';
import { workoutDecider } from '../src/training/domain/workout.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ATHLETE = '33333333-3333-4333-8333-333333333333';
const T = 'tpl-1';
const A = 'asg-1';

const squat = { exercise_name: 'Back Squat', heading: 'A1', order_index: 0, exercise_intent: 'strength' as const, sets: [{ type: 'standard' as const, reps: 5, load: 100 }] };
const content = (over: Partial<TemplateContent> = {}): TemplateContent => ({
  name: 'Base',
  description: '',
  category: 'strength',
  isPublic: false,
  workouts: { 'day-1': [{ id: 'w1', name: 'Lower', notes: null, exercises: [squat] }], 'day-3': [{ id: 'w2', name: 'Upper', notes: null, exercises: [squat] }] },
  ...over,
});
const created = (over: Partial<TemplateContent> = {}): TemplateEvent => ({ type: 'TemplateCreated', data: { templateId: T, ownerId: COACH, revision: 1, ...content(over) } });

describe('template decider', () => {
  const given = deciderSpec(templateDecider, { userId: COACH });

  it('creates a template owned by the acting coach at revision 1', () => given([]).when({ type: 'CreateTemplate', templateId: T, content: content() }).then([created()]));
  it('a copy of a public template is private', () =>
    given([])
      .when({ type: 'CreateTemplate', templateId: T, content: content({ isPublic: true }), copiedFrom: 'tpl-0' })
      .then([{ type: 'TemplateCreated', data: { templateId: T, ownerId: COACH, revision: 1, ...content(), copiedFrom: 'tpl-0' } }]));
  it('refuses to create a template twice', () =>
    given([created()]).when({ type: 'CreateTemplate', templateId: T, content: content() }).thenThrows(409, 'This template already exists.'));
  it('refuses a template without workouts', () =>
    given([])
      .when({ type: 'CreateTemplate', templateId: T, content: content({ workouts: {} }) })
      .thenThrows(400, 'A template needs at least one workout.'));
  it('refuses a blank name', () =>
    given([])
      .when({ type: 'CreateTemplate', templateId: T, content: content({ name: '  ' }) })
      .thenThrows(400, 'Template name is required.'));
  it('refuses anonymous commands', () =>
    given([]).when({ type: 'CreateTemplate', templateId: T, content: content() }, null).thenThrows(401, 'Please sign in to manage program templates.'));

  it('revises with the next revision number', () =>
    given([created()])
      .when({ type: 'ReviseTemplate', content: content({ name: 'Base 2' }) })
      .then([{ type: 'TemplateRevised', data: { templateId: T, ownerId: COACH, revision: 2, ...content({ name: 'Base 2' }) } }]));
  it('saving identical content records nothing', () => given([created()]).when({ type: 'ReviseTemplate', content: content() }).then([]));
  it("hides another coach's private template", () => given([created()]).when({ type: 'ReviseTemplate', content: content() }, OTHER).thenThrows(404, 'Template not found.'));
  it("refuses to edit another coach's public template", () =>
    given([created({ isPublic: true })])
      .when({ type: 'ReviseTemplate', content: content() }, OTHER)
      .thenThrows(403, 'Only the coach who made this template can change it. Copy it to your templates instead.'));
  it('refuses to revise a missing template', () => given([]).when({ type: 'ReviseTemplate', content: content() }).thenThrows(404, 'Template not found.'));
  it('refuses to revise without workouts', () =>
    given([created()])
      .when({ type: 'ReviseTemplate', content: content({ workouts: {} }) })
      .thenThrows(400, 'A template needs at least one workout.'));

  it('deletes its own template', () =>
    given([created()])
      .when({ type: 'DeleteTemplate' })
      .then([{ type: 'TemplateDeleted', data: { templateId: T, ownerId: COACH } }]));
  it('refuses to delete twice', () =>
    given([created(), { type: 'TemplateDeleted', data: { templateId: T, ownerId: COACH } }])
      .when({ type: 'DeleteTemplate' })
      .thenThrows(404, 'Template not found.'));
  it("refuses to delete another coach's public template", () =>
    given([created({ isPublic: true })])
      .when({ type: 'DeleteTemplate' }, OTHER)
      .thenThrows(403, 'Only the coach who made this template can change it. Copy it to your templates instead.'));
});

const templateState = (over: Partial<TemplateState> = {}): TemplateState => ({ templateId: T, ownerId: COACH, revision: 1, content: content(), deleted: false, ...over });
let seq = 0;
const ids = () => `wk-${++seq}`;

describe('assignment decider', () => {
  const given = deciderSpec(assignmentDecider, { userId: COACH, newId: () => 'wk-new' });
  const assign = (over: Record<string, unknown> = {}) => ({
    type: 'AssignTemplate' as const,
    assignmentId: A,
    template: templateState(),
    athleteId: ATHLETE,
    athleteLinked: true,
    startDate: '2025-03-03',
    today: '2025-03-01',
    ...over,
  });
  const assignedWorkoutsOf = (start: string) => assignedWorkouts(start, content().workouts, () => 'wk-new').map(slotOf);
  const assigned: AssignmentEvent = {
    type: 'TemplateAssigned',
    data: {
      assignmentId: A,
      templateId: T,
      templateName: 'Base',
      revision: 1,
      coachId: COACH,
      athleteId: ATHLETE,
      startDate: '2025-03-03',
      endDate: '2025-03-05',
      workouts: [
        { workoutId: 'wk-a', key: 'w1', dayKey: 'day-1', targetDate: '2025-03-03', name: 'Lower' },
        { workoutId: 'wk-b', key: 'w2', dayKey: 'day-3', targetDate: '2025-03-05', name: 'Upper' },
      ],
    },
  };

  it('assigns every workout on start + (day − 1), ending on the highest day', () =>
    given([])
      .when(assign())
      .then([
        {
          type: 'TemplateAssigned',
          data: {
            assignmentId: A,
            templateId: T,
            templateName: 'Base',
            revision: 1,
            coachId: COACH,
            athleteId: ATHLETE,
            startDate: '2025-03-03',
            endDate: '2025-03-05',
            workouts: assignedWorkoutsOf('2025-03-03'),
          },
        },
      ]));
  it('accepts today as the start date', () =>
    expect(assignmentDecider.decide(assign({ startDate: '2025-03-01' }), assignmentDecider.initialState(), { userId: COACH, now: new Date(), newId: ids })).toHaveLength(1));
  it('refuses an athlete who is not linked', () =>
    given([])
      .when(assign({ athleteLinked: false }))
      .thenThrows(403, 'You can only assign programs to athletes you coach.'));
  it('refuses a start date before today', () =>
    given([])
      .when(assign({ startDate: '2025-02-28' }))
      .thenThrows(400, 'Start date cannot be in the past.'));
  it('refuses a start date that is not a date', () =>
    given([])
      .when(assign({ startDate: '2025-02-30' }))
      .thenThrows(400, 'Start date must be a real calendar date (YYYY-MM-DD).'));
  it('refuses a template without workouts', () =>
    given([])
      .when(assign({ template: templateState({ content: content({ workouts: {} }) }) }))
      .thenThrows(400, 'This template has no workouts to assign.'));
  it('refuses an unknown template', () =>
    given([])
      .when(assign({ template: templateDecider.initialState() }))
      .thenThrows(404, 'Template not found.'));
  it('refuses a deleted template', () =>
    given([])
      .when(assign({ template: templateState({ deleted: true }) }))
      .thenThrows(404, 'Template not found.'));
  it("refuses another coach's private template as unknown", () =>
    given([])
      .when(assign({ template: templateState({ ownerId: OTHER }) }))
      .thenThrows(404, 'Template not found.'));
  it("refuses another coach's public template until it is copied", () =>
    given([])
      .when(assign({ template: templateState({ ownerId: OTHER, content: content({ isPublic: true }) }) }))
      .thenThrows(403, 'Copy this public template to your templates before assigning it.'));
  it('refuses the same assignment twice', () => given([assigned]).when(assign()).thenThrows(409, 'This assignment already exists.'));

  const noMarks: Record<string, WorkoutMarks> = {};
  it('unassign deletes future workouts without actuals and keeps the rest', () =>
    given([assigned])
      .when({ type: 'UnassignTemplate', marks: { 'wk-b': { logged: true, handEdited: false, deleted: false } }, today: '2025-03-03' })
      .then([{ type: 'TemplateUnassigned', data: { assignmentId: A, templateId: T, coachId: COACH, athleteId: ATHLETE, deletedWorkoutIds: ['wk-a'], keptCount: 1 } }]));
  it('unassign keeps past workouts', () =>
    given([assigned])
      .when({ type: 'UnassignTemplate', marks: noMarks, today: '2025-03-04' })
      .then([{ type: 'TemplateUnassigned', data: { assignmentId: A, templateId: T, coachId: COACH, athleteId: ATHLETE, deletedWorkoutIds: ['wk-b'], keptCount: 1 } }]));
  it('refuses to unassign twice', () =>
    given([assigned, { type: 'TemplateUnassigned', data: { assignmentId: A, templateId: T, coachId: COACH, athleteId: ATHLETE, deletedWorkoutIds: [], keptCount: 0 } }])
      .when({ type: 'UnassignTemplate', marks: noMarks, today: '2025-03-01' })
      .thenThrows(409, 'This program was already unassigned.'));
  it("hides another coach's assignment", () =>
    given([assigned]).when({ type: 'UnassignTemplate', marks: noMarks, today: '2025-03-01' }, OTHER).thenThrows(404, 'Assignment not found.'));
  it('refuses to unassign a missing assignment', () => given([]).when({ type: 'UnassignTemplate', marks: noMarks, today: '2025-03-01' }).thenThrows(404, 'Assignment not found.'));

  const revised = templateState({
    revision: 2,
    content: content({
      workouts: {
        'day-1': [{ id: 'w1', name: 'Lower v2', notes: null, exercises: [squat] }],
        'day-3': [{ id: 'w2', name: 'Upper v2', notes: null, exercises: [squat] }],
        'day-4': [{ id: 'w3', name: 'Extra', notes: null, exercises: [squat] }],
      },
    }),
  });
  it('re-sync revises untouched workouts, adds new ones and keeps the hand-edited', () =>
    given([assigned])
      .when({ type: 'ResyncAssignment', template: revised, marks: { 'wk-a': { logged: false, handEdited: true, deleted: false } }, today: '2025-03-01' })
      .then([
        {
          type: 'AssignmentResynced',
          data: {
            assignmentId: A,
            templateId: T,
            athleteId: ATHLETE,
            fromRevision: 1,
            revision: 2,
            endDate: '2025-03-06',
            revised: [{ workoutId: 'wk-b', key: 'w2', dayKey: 'day-3', targetDate: '2025-03-05', name: 'Upper v2', notes: null, exercises: [squat] }],
            added: [{ workoutId: 'wk-new', key: 'w3', dayKey: 'day-4', targetDate: '2025-03-06', name: 'Extra', notes: null, exercises: [squat] }],
            removedWorkoutIds: [],
            kept: [{ workoutId: 'wk-a', key: 'w1', date: '2025-03-03', reason: 'edited' }],
          },
        },
      ]));
  it('re-sync to the revision already followed records nothing', () =>
    given([assigned]).when({ type: 'ResyncAssignment', template: templateState(), marks: noMarks, today: '2025-03-01' }).then([]));
  it('refuses to re-sync when the template was deleted', () =>
    given([assigned])
      .when({ type: 'ResyncAssignment', template: { ...revised, deleted: true }, marks: noMarks, today: '2025-03-01' })
      .thenThrows(409, 'The template of this assignment was deleted, so there is nothing to re-sync.'));
  it('refuses to re-sync an unassigned program', () =>
    given([assigned, { type: 'TemplateUnassigned', data: { assignmentId: A, templateId: T, coachId: COACH, athleteId: ATHLETE, deletedWorkoutIds: [], keptCount: 0 } }])
      .when({ type: 'ResyncAssignment', template: revised, marks: noMarks, today: '2025-03-01' })
      .thenThrows(409, 'This program was already unassigned.'));
  it("refuses to re-sync another coach's assignment", () =>
    given([assigned]).when({ type: 'ResyncAssignment', template: revised, marks: noMarks, today: '2025-03-01' }, OTHER).thenThrows(404, 'Assignment not found.'));
});

describe('re-sync plan', () => {
  const w = (workoutId: string, key: string, targetDate: string): AssignedWorkout => ({ workoutId, key, dayKey: 'day-1', targetDate, name: key, notes: null, exercises: [squat] });
  it('removes untouched future workouts the revision dropped, keeps logged ones and leaves the past alone', () => {
    const plan = planResync(
      [w('a', 'k1', '2025-03-01'), w('b', 'k2', '2025-03-05'), w('c', 'k3', '2025-03-06')],
      [w('', 'k1', '2025-03-01')],
      { c: { logged: true, handEdited: true, deleted: false } },
      '2025-03-02',
      () => 'x',
    );
    expect(plan).toEqual({ revised: [], added: [], removedWorkoutIds: ['b'], kept: [{ workoutId: 'c', key: 'k3', date: '2025-03-06', reason: 'logged' }] });
  });
});

describe('schedule arithmetic', () => {
  const days = content().workouts;
  it('ends on start + highest day − 1', () => {
    expect(endDate('2025-03-03', days)).toBe('2025-03-05');
    expect(endDate('2025-12-30', { 'day-168': days['day-1'] })).toBe('2026-06-15');
    expect(endDate('2025-03-03', { 'day-1': days['day-1'] })).toBe('2025-03-03');
  });
  it('previews the first seven days, rest days included, and counts the days after', () => {
    const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`day-${i * 2 + 1}`, days['day-1']]));
    const preview = schedulePreview('2025-03-03', many);
    expect(preview.days.map((d) => [d.date, d.workouts.length])).toEqual([
      ['2025-03-03', 1],
      ['2025-03-04', 0],
      ['2025-03-05', 1],
      ['2025-03-06', 0],
      ['2025-03-07', 1],
      ['2025-03-08', 0],
      ['2025-03-09', 1],
    ]);
    expect(preview.days[0].workouts).toEqual([{ name: 'Lower', exerciseCount: 1 }]);
    // 19 days in all (day-19 is the last): 12 after the first seven.
    expect(preview.moreDays).toBe(12);
    expect(schedulePreview('2025-03-03', { 'day-3': days['day-1'] }).days).toHaveLength(3);
  });
});

describe('template payload', () => {
  const body = {
    name: '  Base ',
    description: ' d ',
    category: 'strength',
    workouts: {
      'day-2': [{ id: 'template-workout-1', dayKey: 'day-2', isTemplate: true, name: 'Lower', exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: '5', load: 100 }] }] }],
    },
  };
  it('trims, and validates workouts with the training rules', () => {
    const c = parseTemplate(body);
    expect(c.name).toBe('Base');
    expect(c.description).toBe('d');
    expect(c.workouts['day-2'][0]).toMatchObject({
      id: 'template-workout-1',
      name: 'Lower',
      exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 5, load: 100 }] }],
    });
  });
  const refuses = (b: unknown, message: string) => {
    let error: unknown;
    try {
      parseTemplate(b as never);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe(message);
  };
  it('refuses a blank name', () => refuses({ ...body, name: '   ' }, 'Template name is required.'));
  it('refuses an unknown category', () =>
    refuses({ ...body, category: 'yoga' }, 'Category must be one of general, strength, conditioning, rehabilitation, sport-specific, beginner, intermediate, advanced.'));
  it('refuses day keys outside day-1..day-168', () => {
    refuses({ ...body, workouts: { 'day-0': [] } }, 'Workout days must be named day-1 to day-168.');
    refuses({ ...body, workouts: { 'day-169': [] } }, 'Workout days must be named day-1 to day-168.');
    refuses({ ...body, workouts: { monday: [] } }, 'Workout days must be named day-1 to day-168.');
  });
  it('refuses negative reps with the training message', () =>
    refuses(
      { ...body, workouts: { 'day-1': [{ exercises: [{ exercise_name: 'Squat', sets: [{ reps: -1 }] }] }] } },
      'workouts.day-1[0]: exercises[0].sets[0].reps must be a number of 0 or more.',
    ));
});

describe('workout decider: what the assignment reactor sends', () => {
  const given = deciderSpec(workoutDecider, { userId: COACH });
  const content = { date: '2025-03-03', name: 'Lower', notes: null, exercises: [squat] };
  const scheduled = {
    type: 'WorkoutScheduled' as const,
    data: { workoutId: 'w-1', athleteId: ATHLETE, ...content, scheduledBy: COACH, templateId: T, assignmentId: A },
  };
  it('schedules with the template and the assignment in the event (the change digest skips those)', () =>
    given([]).when({ type: 'ScheduleWorkout', workoutId: 'w-1', athleteId: ATHLETE, content, templateId: T, assignmentId: A, mayAct: true }).then([scheduled]));
  it('scheduling an existing workout again is refused, so a replayed reactor adds nothing', () =>
    given([scheduled])
      .when({ type: 'ScheduleWorkout', workoutId: 'w-1', athleteId: ATHLETE, content, templateId: T, assignmentId: A, mayAct: true })
      .thenThrows(409, 'This workout already exists.'));
  it("a re-sync's revision names the assignment, so it is not taken for a hand edit", () =>
    given([scheduled])
      .when({ type: 'ReviseWorkout', content: { ...content, name: 'Lower v2' }, assignmentId: A, mayAct: true })
      .then([{ type: 'WorkoutRevised', data: { workoutId: 'w-1', athleteId: ATHLETE, ...content, name: 'Lower v2', assignmentId: A } }]));
  it('a hand edit carries no assignment', () =>
    given([scheduled])
      .when({ type: 'ReviseWorkout', content: { ...content, name: 'Mine' }, mayAct: true })
      .then([{ type: 'WorkoutRevised', data: { workoutId: 'w-1', athleteId: ATHLETE, ...content, name: 'Mine' } }]));
});
