import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/decider.ts';
import type { TrainingEvent, WorkoutContent } from '../src/training/domain/events.ts';
import { foldWorkout, MESSAGES, workoutDecider, type WorkoutCommand } from '../src/training/domain/workout.ts';
import type { WorkoutExercise, WorkoutSet } from '../src/training/domain/workout-rules.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '22222222-2222-4222-8222-222222222222';
const W = '33333333-3333-4333-8333-333333333333';

const squat = (
  sets: WorkoutSet[] = [
    { type: 'standard', reps: 5, load: 100 },
    { type: 'standard', reps: 5, load: 100 },
  ],
): WorkoutExercise => ({
  exercise_name: 'Back Squat',
  heading: 'A1',
  order_index: 0,
  exercise_intent: 'strength',
  sets,
});
const bench = (): WorkoutExercise => ({
  exercise_name: 'Bench Press',
  heading: 'B1',
  order_index: 1,
  exercise_intent: 'strength',
  sets: [{ type: 'standard', reps: 8, load: 60 }],
});
const content = (over: Partial<WorkoutContent> = {}): WorkoutContent => ({ date: '2025-03-10', name: 'Lower', notes: null, exercises: [squat(), bench()], ...over });

const scheduled: TrainingEvent = { type: 'WorkoutScheduled', data: { workoutId: W, athleteId: ATHLETE, scheduledBy: COACH, ...content() } };
const deleted: TrainingEvent = { type: 'WorkoutDeleted', data: { workoutId: W, athleteId: ATHLETE, date: '2025-03-10' } };
const recorded = (exerciseIndex: number, setIndex: number, actual: object, exerciseName = 'Back Squat', date = '2025-03-10'): TrainingEvent => ({
  type: 'SetActualRecorded',
  data: { workoutId: W, athleteId: ATHLETE, date, exerciseIndex, exerciseName, setIndex, actual },
});

/** given(events).when(command).then(events) | .thenThrows(status, message) */
function given(...history: TrainingEvent[]) {
  return {
    when(command: WorkoutCommand, actor: string = COACH) {
      const decide = () => workoutDecider.decide(command, foldWorkout(history), { userId: actor, now: new Date('2025-03-01T12:00:00Z'), newId: () => 'id' });
      return {
        then: (expected: TrainingEvent[]) => expect(decide()).toEqual(expected),
        thenThrows(status: number, message?: string) {
          let error: unknown;
          try {
            decide();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect((error as DomainError).status).toBe(status);
          if (message) expect((error as DomainError).message).toBe(message);
        },
      };
    },
  };
}

describe('ScheduleWorkout', () => {
  const schedule = (over: Partial<Extract<WorkoutCommand, { type: 'ScheduleWorkout' }>> = {}): WorkoutCommand => ({
    type: 'ScheduleWorkout',
    workoutId: W,
    athleteId: ATHLETE,
    content: content(),
    mayAct: true,
    ...over,
  });

  it('schedules the workout, planned by the acting user', () => given().when(schedule()).then([scheduled]));
  it('keeps the template it came from', () =>
    given()
      .when(schedule({ templateId: 't-1' }))
      .then([{ ...scheduled, data: { ...scheduled.data, templateId: 't-1' } }]));
  it('refuses a second schedule on the same stream', () => given(scheduled).when(schedule()).thenThrows(409, MESSAGES.exists));
  it('refuses someone who is neither the athlete nor a linked coach', () =>
    given()
      .when(schedule({ mayAct: false }))
      .thenThrows(403, MESSAGES.notYourAthlete));
  it('refuses a date that is not a calendar date', () =>
    given()
      .when(schedule({ content: content({ date: '2025-02-30' }) }))
      .thenThrows(400, MESSAGES.badDate));
  it('refuses a workout without exercises', () =>
    given()
      .when(schedule({ content: content({ exercises: [] }) }))
      .thenThrows(400, MESSAGES.needsExercise));
  it('refuses a load no one can lift', () =>
    given()
      .when(schedule({ content: content({ exercises: [squat([{ type: 'standard', reps: 5, load: 1e308 }])] }) }))
      .thenThrows(400, 'load must be a number from 0 to 2000.'));
  it('refuses an actual time beyond an hour', () =>
    given()
      .when(schedule({ content: content({ exercises: [squat([{ type: 'time', time_duration: 60, actual: { time_duration: 99999 } }])] }) }))
      .thenThrows(400, 'time_duration must be a number from 0 to 3600.'));
});

describe('ReviseWorkout', () => {
  const revise = (c: WorkoutContent, mayAct = true): WorkoutCommand => ({ type: 'ReviseWorkout', content: c, mayAct });
  const revised = (c: WorkoutContent): TrainingEvent => ({ type: 'WorkoutRevised', data: { workoutId: W, athleteId: ATHLETE, ...c } });

  it('revises the content', () =>
    given(scheduled)
      .when(revise(content({ name: 'Heavy lower' })))
      .then([revised(content({ name: 'Heavy lower' }))]));

  it("keeps the athlete's actual when a stale save carries none for that set", () => {
    const stale = content({ notes: 'cue: brace' });
    const expected = content({
      notes: 'cue: brace',
      exercises: [
        squat([
          { type: 'standard', reps: 5, load: 100, actual: { reps: 5, load: 100 } },
          { type: 'standard', reps: 5, load: 100 },
        ]),
        bench(),
      ],
    });
    given(scheduled, recorded(0, 0, { reps: 5, load: 100 }))
      .when(revise(stale))
      .then([revised(expected)]);
  });

  it('follows an exercise the coach moved to another position', () => {
    const reordered = content({
      exercises: [
        { ...bench(), order_index: 0 },
        { ...squat(), order_index: 1 },
      ],
    });
    const [b, s] = reordered.exercises;
    const expected = { ...reordered, exercises: [b, { ...s, sets: [{ ...s.sets[0], actual: { reps: 4 } }, s.sets[1]] }] };
    given(scheduled, recorded(0, 0, { reps: 4 }))
      .when(revise(reordered))
      .then([revised(expected)]);
  });

  it('lets an actual in the revision win: the coach logged it on purpose', () => {
    const withActual = content({
      exercises: [
        squat([
          { type: 'standard', reps: 5, load: 100, actual: { reps: 3, load: 100 } },
          { type: 'standard', reps: 5, load: 100 },
        ]),
        bench(),
      ],
    });
    given(scheduled, recorded(0, 0, { reps: 5, load: 100 }))
      .when(revise(withActual))
      .then([revised(withActual)]);
  });

  it('decides nothing when the content is unchanged, whatever the key order', () => {
    const reordered = JSON.parse(
      JSON.stringify(content(), ['notes', 'name', 'exercises', 'sets', 'load', 'reps', 'type', 'sets', 'exercise_intent', 'order_index', 'heading', 'exercise_name', 'date']),
    );
    given(scheduled).when(revise(reordered)).then([]);
  });

  it('returns 404 for a workout that does not exist', () => given().when(revise(content())).thenThrows(404, MESSAGES.notFound));
  it("returns 404 for someone else's workout", () => given(scheduled).when(revise(content(), false)).thenThrows(404, MESSAGES.notFound));
  it('returns 409 when the workout was deleted', () => given(scheduled, deleted).when(revise(content())).thenThrows(409, MESSAGES.deleted));
  it('refuses an empty revision', () =>
    given(scheduled)
      .when(revise(content({ exercises: [] })))
      .thenThrows(400, MESSAGES.needsExercise));
});

describe('MoveWorkout', () => {
  const move = (toDate: string, mayAct = true): WorkoutCommand => ({ type: 'MoveWorkout', toDate, mayAct });
  it('moves the workout to the drop date', () =>
    given(scheduled)
      .when(move('2025-03-12'))
      .then([{ type: 'WorkoutMoved', data: { workoutId: W, athleteId: ATHLETE, fromDate: '2025-03-10', toDate: '2025-03-12' } }]));
  it('decides nothing when dropped on its own day', () => given(scheduled).when(move('2025-03-10')).then([]));
  it('refuses a date that does not exist', () => given(scheduled).when(move('2025-13-01')).thenThrows(400, MESSAGES.badDate));
  it('returns 409 when the workout was deleted', () => given(scheduled, deleted).when(move('2025-03-12')).thenThrows(409));
  it("returns 404 for someone else's workout", () => given(scheduled).when(move('2025-03-12', false)).thenThrows(404));
});

describe('DeleteWorkout and RestoreWorkout', () => {
  const del = (mayAct = true): WorkoutCommand => ({ type: 'DeleteWorkout', mayAct });
  const restore = (mayAct = true): WorkoutCommand => ({ type: 'RestoreWorkout', mayAct });
  const restored: TrainingEvent = { type: 'WorkoutRestored', data: { workoutId: W, athleteId: ATHLETE, date: '2025-03-10' } };

  it('deletes the workout', () => given(scheduled).when(del()).then([deleted]));
  it('treats a second delete as done', () => given(scheduled, deleted).when(del()).then([]));
  it('returns 404 for a workout that does not exist', () => given().when(del()).thenThrows(404));
  it("returns 404 for someone else's workout", () => given(scheduled).when(del(false)).thenThrows(404));
  it('restores a deleted workout on its date (Undo)', () => given(scheduled, deleted).when(restore()).then([restored]));
  it('restores on the date it had when deleted, after a move', () => {
    const moved: TrainingEvent = { type: 'WorkoutMoved', data: { workoutId: W, athleteId: ATHLETE, fromDate: '2025-03-10', toDate: '2025-03-14' } };
    given(scheduled, moved, { ...deleted, data: { ...deleted.data, date: '2025-03-14' } })
      .when(restore())
      .then([{ ...restored, data: { ...restored.data, date: '2025-03-14' } }]);
  });
  it('refuses to restore a workout that is not deleted', () => given(scheduled).when(restore()).thenThrows(409, MESSAGES.notDeleted));
  it('refuses to restore a restored workout', () => given(scheduled, deleted, restored).when(restore()).thenThrows(409));
  it("returns 404 when restoring someone else's workout", () => given(scheduled, deleted).when(restore(false)).thenThrows(404));
  it('allows edits again once restored', () =>
    given(scheduled, deleted, restored)
      .when({ type: 'MoveWorkout', toDate: '2025-03-11', mayAct: true })
      .then([{ type: 'WorkoutMoved', data: { workoutId: W, athleteId: ATHLETE, fromDate: '2025-03-10', toDate: '2025-03-11' } }]));
});

describe('RecordSetActual', () => {
  const record = (exerciseIndex: number, setIndex: number, actual: object, mayAct = true): WorkoutCommand => ({ type: 'RecordSetActual', exerciseIndex, setIndex, actual, mayAct });

  it('records the actual with the exercise name and the workout date', () =>
    given(scheduled)
      .when(record(1, 0, { reps: 8, load: 62.5 }), ATHLETE)
      .then([recorded(1, 0, { reps: 8, load: 62.5 }, 'Bench Press')]));
  it('uses the date the workout has now, after a move', () => {
    const moved: TrainingEvent = { type: 'WorkoutMoved', data: { workoutId: W, athleteId: ATHLETE, fromDate: '2025-03-10', toDate: '2025-03-11' } };
    given(scheduled, moved)
      .when(record(0, 0, { reps: 5 }), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, 'Back Squat', '2025-03-11')]);
  });
  it('adds to what was recorded: reps now, load later', () =>
    given(scheduled, recorded(0, 1, { reps: 5 }))
      .when(record(0, 1, { load: 105 }), ATHLETE)
      .then([recorded(0, 1, { reps: 5, load: 105 })]));
  it('clears a field recorded as null', () =>
    given(scheduled, recorded(0, 1, { reps: 5, load: 100 }))
      .when(record(0, 1, { load: null }), ATHLETE)
      .then([recorded(0, 1, { reps: 5 })]));
  it('decides nothing when the values are already recorded', () =>
    given(scheduled, recorded(0, 1, { reps: 5, load: 100 }))
      .when(record(0, 1, { reps: 5 }), ATHLETE)
      .then([]));
  it('returns 404 for a set that does not exist', () =>
    given(scheduled)
      .when(record(0, 2, { reps: 5 }))
      .thenThrows(404, MESSAGES.noSuchSet));
  it('returns 404 for an exercise that does not exist', () =>
    given(scheduled)
      .when(record(5, 0, { reps: 5 }))
      .thenThrows(404, MESSAGES.noSuchSet));
  it('returns 404 for a workout that does not exist', () =>
    given()
      .when(record(0, 0, { reps: 5 }))
      .thenThrows(404, MESSAGES.notFound));
  it("returns 404 for someone else's workout", () =>
    given(scheduled)
      .when(record(0, 0, { reps: 5 }, false))
      .thenThrows(404, MESSAGES.notFound));
  it('returns 409 when the workout was deleted', () =>
    given(scheduled, deleted)
      .when(record(0, 0, { reps: 5 }))
      .thenThrows(409, MESSAGES.deleted));
  it('refuses negative values', () =>
    given(scheduled)
      .when(record(0, 0, { reps: -1 }))
      .thenThrows(400, MESSAGES.badActual));
  it('refuses an actual naming no field', () =>
    given(scheduled)
      .when(record(0, 0, {}))
      .thenThrows(400, MESSAGES.emptyActual));
});

describe('evolve', () => {
  it('folds a workout through its life', () => {
    const state = foldWorkout([
      scheduled,
      recorded(0, 0, { reps: 5, load: 100 }),
      { type: 'WorkoutMoved', data: { workoutId: W, athleteId: ATHLETE, fromDate: '2025-03-10', toDate: '2025-03-11' } },
      recorded(0, 0, {}),
      recorded(1, 0, { reps: 8 }, 'Bench Press'),
      deleted,
    ]);
    expect(state).toMatchObject({ workoutId: W, athleteId: ATHLETE, date: '2025-03-11', deleted: true });
    expect(state.exercises[0].sets[0]).toEqual({ type: 'standard', reps: 5, load: 100 });
    expect(state.exercises[1].sets[0].actual).toEqual({ reps: 8 });
  });
});
