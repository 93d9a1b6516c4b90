/**
 * Stable set ids and gym mode's rules in the workout decider, as specifications:
 * given(events).when(command).then(events) | .thenThrows(status, message).
 */
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/kernel/decider.ts';
import type { TrainingEvent } from '../src/training/domain/events.ts';
import { foldWorkout, MESSAGES, workoutDecider, type WorkoutCommand } from '../src/training/domain/workout.ts';
import type { WorkoutExercise, WorkoutSet } from '../src/training/domain/workout-rules.ts';
import { scheduledSetId } from '../src/training/domain/set-ids.ts';

const COACH = '11111111-1111-4111-8111-111111111111';
const ATHLETE = '22222222-2222-4222-8222-222222222222';
const W = '33333333-3333-4333-8333-333333333333';
const NEW = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002', 'aaaaaaaa-0000-4000-8000-000000000003'];

const exercise = (name: string, sets: WorkoutSet[], order = 0): WorkoutExercise => ({
  exercise_name: name,
  heading: `${'ABC'[order]}1`,
  order_index: order,
  exercise_intent: 'strength',
  sets,
});
const content = (exercises: WorkoutExercise[]) => ({ date: '2025-03-10', name: 'Lower', notes: null, exercises });
const plan = () => [
  exercise('Back Squat', [
    { type: 'standard', reps: 5, load: 100 },
    { type: 'standard', reps: 5, load: 110 },
  ]),
  exercise('Bench Press', [{ type: 'standard', reps: 8, load: 60 }], 1),
];
const scheduled: TrainingEvent = { type: 'WorkoutScheduled', data: { workoutId: W, athleteId: ATHLETE, scheduledBy: COACH, ...content(plan()) } };
const revised = (exercises: WorkoutExercise[]): TrainingEvent => ({ type: 'WorkoutRevised', data: { workoutId: W, athleteId: ATHLETE, ...content(exercises) } });
const recorded = (exerciseIndex: number, setIndex: number, actual: object, extra: object = {}, exerciseName = 'Back Squat'): TrainingEvent => ({
  type: 'SetActualRecorded',
  data: { workoutId: W, athleteId: ATHLETE, date: '2025-03-10', exerciseIndex, exerciseName, setIndex, ...extra, actual },
});

/** The ids the workout's sets have after these events. */
const idsAfter = (...events: TrainingEvent[]) => foldWorkout(events).setIds;

function given(...history: TrainingEvent[]) {
  return {
    when(command: WorkoutCommand, actor: string = COACH) {
      let n = 0;
      const decide = () => workoutDecider.decide(command, foldWorkout(history), { userId: actor, now: new Date('2025-03-10T18:00:00Z'), newId: () => NEW[n++] });
      return {
        then: (expected: TrainingEvent[]) => expect(decide()).toEqual(expected),
        thenThrows(status: number, message: string, code?: string) {
          let error: unknown;
          try {
            decide();
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(DomainError);
          expect(error).toMatchObject({ status, message, ...(code ? { code } : {}) });
        },
      };
    },
  };
}

const [[squat1, squat2], [bench1]] = idsAfter(scheduled);
const withId = (id: string, set: WorkoutSet): WorkoutSet => ({ id, ...set });

describe('set ids when scheduling', () => {
  it('gives every set an id derived from the workout and its place: the same on every fold', () => {
    expect(idsAfter(scheduled)).toEqual([[expect.stringMatching(/^[0-9a-f-]{36}$/), expect.any(String)], [expect.any(String)]]);
    expect(new Set([squat1, squat2, bench1]).size).toBe(3);
    expect(idsAfter(scheduled)).toEqual(idsAfter(scheduled));
    expect(idsAfter({ ...scheduled, data: { ...scheduled.data, workoutId: ATHLETE } })[0][0]).not.toBe(squat1);
  });

  it('derives the ids stored workouts already have: never a new rule for old events', () => {
    // sha256 of "set:<workout id>:<exercise>:<set>", UUID-shaped; computed once with createHash.
    expect(scheduledSetId('5f0c2a8e-1111-4222-8333-444455556666')(1, 2, 0)).toBe('3f14797c-05e1-46ee-8678-43fc33a2852d');
  });

  it('keeps the ids a pasted workout carries, and gives a copied set its own', () => {
    const pasted = plan();
    pasted[0].sets = [withId(NEW[0], pasted[0].sets[0]), withId(NEW[0], pasted[0].sets[1])];
    const ids = idsAfter({ ...scheduled, data: { ...scheduled.data, exercises: pasted } });
    expect(ids[0][0]).toBe(NEW[0]);
    expect(ids[0][1]).not.toBe(NEW[0]);
  });

  it('keeps the sets in the state without their ids (those are beside them)', () => {
    expect(foldWorkout([scheduled]).exercises[0].sets[0]).toEqual({ type: 'standard', reps: 5, load: 100 });
  });
});

describe('set ids when revising', () => {
  const revise = (exercises: WorkoutExercise[]): WorkoutCommand => ({ type: 'ReviseWorkout', content: content(exercises), mayAct: true });

  it('keeps every id through a save that sends none, and writes none into the event', () => {
    const heavier = plan();
    heavier[0].sets[1] = { ...heavier[0].sets[1], load: 115 };
    given(scheduled)
      .when(revise(heavier))
      .then([revised(heavier)]);
    expect(idsAfter(scheduled, revised(heavier))).toEqual(idsAfter(scheduled));
  });

  it('gives a new set a new id, written into the event', () => {
    const more = plan();
    more[1].sets.push({ type: 'standard', reps: 8, load: 65 });
    const expected = plan();
    expected[1].sets.push({ id: NEW[0], type: 'standard', reps: 8, load: 65 });
    given(scheduled)
      .when(revise(more))
      .then([revised(expected)]);
    expect(idsAfter(scheduled, revised(expected))).toEqual([
      [squat1, squat2],
      [bench1, NEW[0]],
    ]);
  });

  it('follows sets the editor sends with their ids: reordered, moved to another exercise, one removed', () => {
    const p = plan();
    const moved = [exercise('Bench Press', [withId(bench1, p[1].sets[0]), withId(squat1, p[0].sets[0])]), exercise('Back Squat', [{ type: 'standard', reps: 3, load: 120 }], 1)];
    const decided = workoutDecider.decide(revise(moved), foldWorkout([scheduled]), { userId: COACH, now: new Date(), newId: () => NEW[1] });
    expect(idsAfter(scheduled, ...decided)).toEqual([[bench1, squat1], [NEW[1]]]);
  });

  it("keeps the athlete's actual on its set wherever the coach moved it", () => {
    const p = plan();
    const reordered = [exercise('Back Squat', [withId(squat2, p[0].sets[1]), withId(squat1, p[0].sets[0])]), p[1]];
    const expected = [exercise('Back Squat', [withId(squat2, p[0].sets[1]), withId(squat1, { ...p[0].sets[0], actual: { reps: 5, load: 100 } })]), p[1]];
    given(scheduled, recorded(0, 0, { reps: 5, load: 100 }))
      .when(revise(reordered))
      .then([revised(expected)]);
  });

  it('decides nothing when the editor sends the workout back unchanged, ids and all', () => {
    const p = plan();
    const same = [exercise('Back Squat', [withId(squat1, p[0].sets[0]), withId(squat2, p[0].sets[1])]), exercise('Bench Press', [withId(bench1, p[1].sets[0])], 1)];
    given(scheduled).when(revise(same)).then([]);
  });

  it('derives the same ids for a revision written before set ids existed, on every fold', () => {
    const old = plan();
    old[0].sets.unshift({ type: 'standard', reps: 5, load: 60 });
    const first = idsAfter(scheduled, revised(old));
    expect(first).toEqual(idsAfter(scheduled, revised(old)));
    // Positions decide for an id-less revision: the inserted set takes the first id, a new one the last place.
    expect(first[0].slice(0, 2)).toEqual([squat1, squat2]);
    expect([squat1, squat2, bench1]).not.toContain(first[0][2]);
  });
});

describe('RecordSetActual by set id', () => {
  const bySetId = (setId: string, actual: object, over: Partial<Extract<WorkoutCommand, { type: 'RecordSetActual' }>> = {}): WorkoutCommand => ({
    type: 'RecordSetActual',
    setId,
    actual,
    mayAct: true,
    ...over,
  });
  const p = plan();
  const moved = revised([
    exercise(
      'Bench Press',
      p[1].sets.map((s) => withId(bench1, s)),
    ),
    exercise('Back Squat', [{ type: 'standard', reps: 3, load: 90 }, withId(squat2, p[0].sets[1]), withId(squat1, p[0].sets[0])], 1),
  ]);

  it('records on the set wherever it is now, naming its place and its id', () =>
    given(scheduled, moved)
      .when(bySetId(squat1, { reps: 5 }), ATHLETE)
      .then([recorded(1, 2, { reps: 5 }, { setId: squat1 })]));
  it('takes the id over the positions the phone also sent', () =>
    given(scheduled, moved)
      .when(bySetId(squat1, { reps: 5 }, { exerciseIndex: 0, setIndex: 0 }), ATHLETE)
      .then([recorded(1, 2, { reps: 5 }, { setId: squat1 })]));
  it('refuses a set the coach removed with 409 set_removed', () =>
    given(scheduled, revised([p[1]]))
      .when(bySetId(squat1, { reps: 5 }), ATHLETE)
      .thenThrows(409, MESSAGES.setRemoved, 'set_removed'));
  it('refuses an id the workout never had the same way', () =>
    given(scheduled)
      .when(bySetId(NEW[2], { reps: 5 }), ATHLETE)
      .thenThrows(409, 'Not applied: your coach removed this set', 'set_removed'));
  it('still refuses a deleted workout first (409 workout_deleted)', () =>
    given(scheduled, { type: 'WorkoutDeleted', data: { workoutId: W, athleteId: ATHLETE, date: '2025-03-10' } })
      .when(bySetId(NEW[2], { reps: 5 }), ATHLETE)
      .thenThrows(409, MESSAGES.deleted, 'workout_deleted'));
  it('folds onto the set the event names by position', () => {
    const state = foldWorkout([scheduled, moved, recorded(1, 2, { reps: 5 }, { setId: squat1 })]);
    expect(state.exercises[1].sets[2].actual).toEqual({ reps: 5 });
    expect(state.setIds[1][2]).toBe(squat1);
  });
});

describe('RecordSetActual with the time the athlete did it (doneAt)', () => {
  // The decider's clock: 2025-03-10T18:00:00Z.
  const withDoneAt = (doneAt: string): WorkoutCommand => ({ type: 'RecordSetActual', exerciseIndex: 0, setIndex: 0, actual: { reps: 5 }, doneAt, mayAct: true });

  it('keeps a time within the window, in UTC', () =>
    given(scheduled)
      .when(withDoneAt('2025-03-10T19:30:00+02:00'), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, { doneAt: '2025-03-10T17:30:00.000Z' })]));
  it('keeps a time up to 5 minutes ahead of the server (a phone clock a little fast)', () =>
    given(scheduled)
      .when(withDoneAt('2025-03-10T18:05:00Z'), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, { doneAt: '2025-03-10T18:05:00.000Z' })]));
  it('clamps a time further ahead to 5 minutes ahead', () =>
    given(scheduled)
      .when(withDoneAt('2025-03-11T09:00:00Z'), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, { doneAt: '2025-03-10T18:05:00.000Z' })]));
  it('keeps a set done 14 days ago and clamps an older one to 14 days ago', () => {
    given(scheduled)
      .when(withDoneAt('2025-02-24T18:00:00Z'), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, { doneAt: '2025-02-24T18:00:00.000Z' })]);
    given(scheduled)
      .when(withDoneAt('2024-12-01T08:00:00Z'), ATHLETE)
      .then([recorded(0, 0, { reps: 5 }, { doneAt: '2025-02-24T18:00:00.000Z' })]);
  });
  it('refuses a time without a zone or that is no time at all', () => {
    given(scheduled).when(withDoneAt('2025-03-10T18:00:00'), ATHLETE).thenThrows(400, MESSAGES.badDoneAt);
    given(scheduled).when(withDoneAt('yesterday'), ATHLETE).thenThrows(400, MESSAGES.badDoneAt);
  });
  it('leaves doneAt out when the phone sent none (the event time stands)', () =>
    given(scheduled)
      .when({ type: 'RecordSetActual', exerciseIndex: 0, setIndex: 0, actual: { reps: 5 }, mayAct: true }, ATHLETE)
      .then([recorded(0, 0, { reps: 5 })]));
});
