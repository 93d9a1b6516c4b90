import { describe, expect, it } from 'vitest';
import { compliance, workoutMetrics, type WorkoutExercise, type WorkoutSet } from '../src/training/domain/workout-rules.ts';
import { analyticsContribution, newRecords, recordCandidates, statusOn, weekStart, workoutFigures } from '../src/training/domain/summaries.ts';
import { recentWeeks } from '../src/training/dashboard.ts';
import { keepRecordedActuals, mergeActual } from '../src/training/domain/actuals.ts';
import { parseWorkout, parseWorkoutList } from '../src/training/domain/payload.ts';
import { DEMO_ATHLETES, demoProgramme } from '../src/training/domain/demo-plan.ts';

const ATHLETE = '22222222-2222-4222-8222-222222222222';
const ex = (name: string, sets: WorkoutSet[], intent: WorkoutExercise['exercise_intent'] = 'strength'): WorkoutExercise => ({
  exercise_name: name,
  heading: 'A1',
  order_index: 0,
  exercise_intent: intent,
  sets,
});

describe('workout figures', () => {
  it('counts the compliance rule exactly as compliance() does', () => {
    const sets: WorkoutSet[] = [
      { reps: 5, actual: { reps: 5 } },
      { reps: 5, actual: { reps: 0 } },
      { reps: '3' as unknown as number, actual: { reps: '2' as unknown as number } },
      { reps: 0, actual: { reps: 5 } },
      { type: 'time', time_duration: 30, actual: { time_duration: 30 } },
      { reps: 8 },
    ];
    const f = workoutFigures([ex('Squat', sets)]);
    expect(f).toMatchObject({ setCount: 6, prescribedSets: 4, doneSets: 2, baseStatus: 'partial' });
    expect(Math.round((f.doneSets / f.prescribedSets) * 100)).toBe(compliance(sets));
  });

  it('estimates minutes from logged sets only', () => {
    const f = workoutFigures([
      ex('Plank', [
        { type: 'time', time_duration: 60, actual: { time_duration: 90 } },
        { type: 'time', time_duration: 60, actual: { load: 0 } },
        { reps: 5, actual: { reps: 5 } },
        { reps: 5 },
      ]),
    ]);
    expect(f.minutes).toBe((90 + 60 + 120) / 60);
  });

  it('says missed only for a scheduled workout dated before today', () => {
    expect(statusOn('scheduled', '2025-03-01', '2025-03-02')).toBe('missed');
    expect(statusOn('scheduled', '2025-03-02', '2025-03-02')).toBe('scheduled');
    expect(statusOn('partial', '2025-03-01', '2025-03-02')).toBe('partial');
  });

  it('sums to workoutMetrics over any split by exercise', () => {
    const exercises = [
      ex('Squat', [{ reps: 5, load: 100 }, { reps: 0, load: 300 }, { reps: 3 }]),
      ex('Squat', [{ reps: 2, load: 50 }]),
      ex('Plank', [{ type: 'time', time_duration: 30 }], 'endurance'),
    ];
    const c = analyticsContribution(exercises);
    const m = workoutMetrics([{ exercises }]);
    expect(c.totals).toEqual({ workouts: 1, exercises: m.totalExercises, sets: m.totalSets, reps: m.totalReps, load: m.totalLoad, volume: m.totalVolume });
    expect(c.byExercise.get('Squat')).toEqual({ workouts: 1, exercises: 2, sets: 3, reps: 10, load: 150, volume: 600 });
    expect(Object.fromEntries(c.setsByIntent)).toEqual({ strength: 4, endurance: 1 });
  });

  it('starts weeks on Sunday', () => {
    expect(weekStart('2025-03-09')).toBe('2025-03-09'); // a Sunday
    expect(weekStart('2025-03-15')).toBe('2025-03-09');
    expect(recentWeeks('2025-03-12', 8)).toEqual(['2025-01-19', '2025-01-26', '2025-02-02', '2025-02-09', '2025-02-16', '2025-02-23', '2025-03-02', '2025-03-09']);
  });
});

describe('personal records', () => {
  it('counts only sets with actual reps and load greater than 0', () => {
    const candidates = recordCandidates([
      ex('Bench Press', [
        { reps: 5, load: 100, actual: { reps: 5, load: 100 } },
        { reps: 5, actual: { reps: 5, load: 105 } },
        { actual: { reps: 5, load: 0 } },
        { actual: { reps: 0, load: 200 } },
        { reps: 5, load: 300 },
      ]),
      ex('bench press ', [{ actual: { reps: 3, load: 120 } }]),
    ]);
    expect(candidates).toEqual([
      { exercise_name: 'Bench Press', rep_range: 5, best_weight: 105 },
      { exercise_name: 'bench press', rep_range: 3, best_weight: 120 },
    ]);
  });

  it('is new only when heavier than before the save and than every other workout (ties are not)', () => {
    const after = [
      { exercise_name: 'Squat', rep_range: 5, best_weight: 200 },
      { exercise_name: 'Squat', rep_range: 3, best_weight: 220 },
      { exercise_name: 'Squat', rep_range: 1, best_weight: 250 },
    ];
    const before = [{ exercise_name: 'Squat', rep_range: 3, best_weight: 220 }];
    expect(
      newRecords(
        before,
        after,
        new Map([
          ['squat|5', 190],
          ['squat|1', 250],
        ]),
      ),
    ).toEqual([after[0]]);
  });
});

describe('actuals', () => {
  it('merges a recording into what was there', () => {
    expect(mergeActual({ reps: 5 }, { load: 100 })).toEqual({ reps: 5, load: 100 });
    expect(mergeActual({ reps: 5, load: 100 }, { load: null })).toEqual({ reps: 5 });
  });

  it('keeps actuals of an exercise that was removed and added back under the same name only', () => {
    const previous = [ex('Squat', [{ reps: 5, actual: { reps: 5 } }])];
    expect(keepRecordedActuals(previous, [ex('Deadlift', [{ reps: 5 }])])[0].sets[0].actual).toBeUndefined();
    expect(keepRecordedActuals(previous, [ex('squat', [{ reps: 3 }])])[0].sets[0]).toEqual({ reps: 3, actual: { reps: 5 } });
  });
});

describe('paste validation', () => {
  const valid = { user_id: ATHLETE, date: '2025-03-10', name: 'Lower', exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 100 }] }] };
  const message = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return (e as Error).message;
    }
    return 'no error';
  };

  it('fills heading, order, intent and set type, and strips empty and null values', () => {
    const parsed = parseWorkout(
      { ...valid, notes: '', exercises: [{ exercise_name: 'Box Jump', notes: null, sets: [{ reps: '5', load: '', actual: null }] }, ...valid.exercises] },
      { requireUserId: true },
    );
    expect(parsed).toEqual({
      athleteId: ATHLETE,
      content: {
        date: '2025-03-10',
        name: 'Lower',
        notes: null,
        exercises: [
          { exercise_name: 'Box Jump', heading: 'A1', order_index: 0, exercise_intent: 'power', sets: [{ type: 'standard', reps: 5 }] },
          { exercise_name: 'Back Squat', heading: 'B1', order_index: 1, exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] },
        ],
      },
    });
  });

  it('orders exercises by order_index and accepts the editor field names', () => {
    const parsed = parseWorkout(
      {
        ...valid,
        exercises: [
          { exercise_name: 'B', order_index: 2, sets: [{ type: 'rest', restPause: 15 }] },
          { exercise_name: 'A', order_index: 1, sets: [] },
        ],
      },
      { requireUserId: true },
    );
    expect(parsed.content.exercises.map((e) => [e.exercise_name, e.order_index])).toEqual([
      ['A', 0],
      ['B', 1],
    ]);
    expect(parsed.content.exercises[1].sets[0]).toEqual({ type: 'rest', rest_pause: 15 });
  });

  it.each([
    [{ ...valid, user_id: undefined }, 'user_id is required.'],
    [{ ...valid, date: undefined }, 'date is required.'],
    [{ ...valid, date: '2025-02-29' }, 'The date must be a real calendar date (YYYY-MM-DD).'],
    [{ ...valid, exercises: 'squats' }, 'exercises must be an array.'],
    [{ ...valid, exercises: [] }, 'Saving a workout needs at least one exercise.'],
    [{ ...valid, exercises: [{ sets: [] }] }, 'exercises[0].exercise_name is required.'],
    [{ ...valid, exercises: [{ exercise_name: 'Squat', sets: {} }] }, 'exercises[0].sets must be an array.'],
    [{ ...valid, exercises: [{ exercise_name: 'Squat' }] }, 'exercises[0].sets must be an array.'],
    [{ ...valid, exercises: [{ exercise_name: 'Squat', sets: [{ reps: -1 }] }] }, 'exercises[0].sets[0].reps must be a number of 0 or more.'],
    [{ ...valid, exercises: [{ exercise_name: 'Squat', sets: [{ reps: 2.5 }] }] }, 'exercises[0].sets[0].reps must be a whole number.'],
    [
      { ...valid, exercises: [{ exercise_name: 'Squat', sets: [{ type: 'cluster' }] }] },
      'exercises[0].sets[0].type must be one of standard, rpe, tempo, rest, drop, super, time, warmup.',
    ],
    [
      { ...valid, exercises: [{ exercise_name: 'Squat', exercise_intent: 'speed', sets: [] }] },
      'exercises[0].exercise_intent must be one of power, strength, hypertrophy, endurance, mobility, technique.',
    ],
    [{ ...valid, colour: 'red' }, 'Unknown field: colour.'],
  ])('refuses %j', (payload, expected) => {
    expect(message(() => parseWorkout(payload, { requireUserId: true }))).toBe(expected);
  });

  it('ignores the read-only fields of a fetched workout, so a copy can be pasted as it is', () => {
    expect(parseWorkout({ ...valid, id: 'x', status: 'completed', updated_at: 'y' }, { requireUserId: true }).athleteId).toBe(ATHLETE);
  });

  it('drops bulk entries without exercises and names the entry that fails', () => {
    expect(parseWorkoutList([valid, { user_id: ATHLETE, date: '2025-03-11' }, { ...valid, exercises: [] }])).toHaveLength(1);
    expect(message(() => parseWorkoutList([valid, { ...valid, date: 'soon' }]))).toBe('workouts[1]: The date must be a real calendar date (YYYY-MM-DD).');
    expect(message(() => parseWorkoutList([{ user_id: ATHLETE, date: '2025-03-11', exercises: [] }]))).toBe('No workouts with exercises to create.');
  });
});

describe('demo programme', () => {
  it('is the same on every run and logs only past sessions', () => {
    const a = demoProgramme(DEMO_ATHLETES[0], 1, '2025-03-12');
    expect(demoProgramme(DEMO_ATHLETES[0], 1, '2025-03-12')).toEqual(a);
    expect(a).toHaveLength(21);
    const logged = (w: (typeof a)[number]) => w.content.exercises.some((e) => e.sets.some((s) => s.actual));
    expect(a.filter((w) => !w.past).some(logged)).toBe(false);
    expect(a.filter((w) => w.past).some(logged)).toBe(true);
  });
});
