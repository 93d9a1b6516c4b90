import { describe, it, expect } from 'vitest';
import {
  MAX_BULK_SETS,
  METRIC_GROUPS,
  METRIC_LABELS,
  SET_TYPES,
  SET_TYPE_FIELDS,
  SET_TYPE_LABELS,
  addDays,
  bulkGenerate,
  compliance,
  complianceBand,
  daysBetween,
  isCalendarDate,
  linkSuperset,
  pasteOffsets,
  placeAt,
  stripEmpty,
  unlinkSuperset,
  workoutMetrics,
  workoutStatus,
  type Workout,
  type WorkoutExercise,
  type WorkoutSet,
} from '../src/training/domain/workout-rules.ts';

function exercise(heading: string, sets: WorkoutSet[] = [{ type: 'standard', reps: 5, load: 100 }], extra: Partial<WorkoutExercise> = {}): WorkoutExercise {
  return {
    exercise_name: `Exercise ${heading}`,
    heading,
    order_index: 0,
    exercise_intent: 'strength',
    sets,
    ...extra,
  };
}

function workout(date: string, sets: WorkoutSet[]): Workout {
  return { id: 'w1', date, exercises: [exercise('A1', sets)] };
}

describe('set types', () => {
  it('lists the seven types of the spec', () => {
    expect(SET_TYPES).toEqual(['standard', 'rpe', 'tempo', 'rest', 'drop', 'super', 'time', 'warmup']);
  });

  it('gives each type its fields', () => {
    expect(SET_TYPE_FIELDS).toEqual({
      standard: ['reps', 'load'],
      rpe: ['reps', 'load', 'rpe', 'rir'],
      tempo: ['reps', 'load', 'tempo'],
      rest: ['reps', 'load', 'rest_pause'],
      drop: ['reps', 'load', 'drop_weight'],
      super: ['reps', 'load', 'superset_with'],
      time: ['time_duration', 'load'],
      warmup: ['reps', 'load'],
    });
  });

  it('labels each type with the spec name', () => {
    expect(SET_TYPES.map((type) => SET_TYPE_LABELS[type].toLowerCase())).toEqual(['standard', 'rpe', 'tempo', 'rest pause', 'drop', 'superset', 'time based', 'warm-up']);
  });
});

describe('dates', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('is not moved by daylight-saving changes', () => {
    expect(addDays('2025-03-29', 2)).toBe('2025-03-31');
    expect(daysBetween('2025-10-25', '2025-10-27')).toBe(2);
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2);
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-04-31')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('2025-1-1')).toBe(false);
    expect(isCalendarDate('2025-01-01T00:00:00Z')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('workoutStatus', () => {
  const today = '2025-06-15';
  const planned: WorkoutSet = { type: 'standard', reps: 5, load: 100 };

  it('is scheduled for today or later without actuals', () => {
    expect(workoutStatus(workout('2025-06-15', [planned]), today)).toBe('scheduled');
    expect(workoutStatus(workout('2025-06-20', [planned]), today)).toBe('scheduled');
  });

  it('is missed when the date is before today and nothing was recorded', () => {
    expect(workoutStatus(workout('2025-06-14', [planned]), today)).toBe('missed');
    expect(workoutStatus(workout('2024-12-31', [{ ...planned, actual: {} }]), today)).toBe('missed');
    expect(workoutStatus(workout('2025-06-14', [{ ...planned, actual: { reps: null, load: null } }]), today)).toBe('missed');
  });

  it('is completed when every set has actual reps and load', () => {
    const done = { ...planned, actual: { reps: 5, load: 100 } };
    expect(workoutStatus(workout('2025-06-10', [done, done]), today)).toBe('completed');
    expect(workoutStatus(workout('2025-06-20', [done]), today)).toBe('completed');
  });

  it('counts 0 as a recorded value (bodyweight load, failed set)', () => {
    expect(workoutStatus(workout('2025-06-10', [{ ...planned, actual: { reps: 0, load: 0 } }]), today)).toBe('completed');
  });

  it('is partial when only some actual values exist', () => {
    const done = { ...planned, actual: { reps: 5, load: 100 } };
    expect(workoutStatus(workout('2025-06-10', [done, planned]), today)).toBe('partial');
    expect(workoutStatus(workout('2025-06-10', [{ ...planned, actual: { reps: 5 } }]), today)).toBe('partial');
    expect(workoutStatus(workout('2025-06-20', [{ ...planned, actual: { load: 100 } }]), today)).toBe('partial');
  });

  it('looks across all exercises', () => {
    const w: Workout = {
      date: '2025-06-10',
      exercises: [exercise('A1', [{ reps: 5, actual: { reps: 5, load: 0 } }]), exercise('B1', [{ reps: 5 }])],
    };
    expect(workoutStatus(w, today)).toBe('partial');
  });

  it('completes a time-based set on its duration and load', () => {
    const timed: WorkoutSet = { type: 'time', time_duration: 60, load: 0, actual: { time_duration: 60, load: 0 } };
    expect(workoutStatus(workout('2025-06-10', [timed]), today)).toBe('completed');
    expect(workoutStatus(workout('2025-06-10', [{ ...timed, actual: { time_duration: 60 } }]), today)).toBe('partial');
  });

  it('never calls a workout without sets completed', () => {
    expect(workoutStatus({ date: '2025-06-10', exercises: [] }, today)).toBe('missed');
    expect(workoutStatus({ date: '2025-06-20', exercises: [exercise('A1', [])] }, today)).toBe('scheduled');
  });

  it('rejects dates that are not calendar dates', () => {
    expect(() => workoutStatus(workout('2025-02-30', [planned]), today)).toThrow(RangeError);
    expect(() => workoutStatus(workout('2025-06-10', [planned]), '15/06/2025')).toThrow(RangeError);
  });
});

describe('bulkGenerate', () => {
  it('generates the requested number of sets', () => {
    expect(bulkGenerate({ sets: '3', reps: '5', load: '225', type: 'standard' })).toEqual([
      { type: 'standard', reps: 5, load: 225 },
      { type: 'standard', reps: 5, load: 225 },
      { type: 'standard', reps: 5, load: 225 },
    ]);
  });

  it('accepts numbers and defaults the type to standard', () => {
    expect(bulkGenerate({ sets: 2, reps: 8, load: 95.5 })).toEqual([
      { type: 'standard', reps: 8, load: 95.5 },
      { type: 'standard', reps: 8, load: 95.5 },
    ]);
  });

  it('keeps the requested set type', () => {
    expect(bulkGenerate({ sets: 1, reps: 10, type: 'rpe' })).toEqual([{ type: 'rpe', reps: 10 }]);
  });

  it('leaves load out when it is blank', () => {
    expect(bulkGenerate({ sets: '2', reps: '12', load: '' })).toEqual([
      { type: 'standard', reps: 12 },
      { type: 'standard', reps: 12 },
    ]);
  });

  it('parses the set count as a whole number', () => {
    expect(bulkGenerate({ sets: '4.9', reps: '5' })).toHaveLength(4);
    expect(bulkGenerate({ sets: '3 sets', reps: '5' })).toHaveLength(3);
  });

  it.each(['abc', '0', '-2', 0])('falls back to one set for %j', (sets) => {
    expect(bulkGenerate({ sets, reps: '5' })).toHaveLength(1);
  });

  it('returns independent set objects', () => {
    const sets = bulkGenerate({ sets: 2, reps: 5 });
    expect(sets[0]).not.toBe(sets[1]);
  });

  it.each([
    { sets: '', reps: '5' },
    { sets: '3', reps: '' },
    { sets: '   ', reps: '5' },
    { sets: undefined, reps: '5' },
    { sets: '3', reps: null },
  ])('requires sets and reps: %j', (entry) => {
    expect(() => bulkGenerate(entry)).toThrow('Bulk entry needs both sets and reps.');
  });

  it('rejects reps and loads that are not numbers', () => {
    expect(() => bulkGenerate({ sets: 3, reps: 'five' })).toThrow('Reps must be a whole number.');
    expect(() => bulkGenerate({ sets: 3, reps: '5.5' })).toThrow('Reps must be a whole number.');
    expect(() => bulkGenerate({ sets: 3, reps: 5, load: 'heavy' })).toThrow('Load must be a number of lbs.');
    expect(() => bulkGenerate({ sets: 3, reps: 5, load: -10 })).toThrow('Load must be a number of lbs.');
  });

  it('rejects unknown set types', () => {
    expect(() => bulkGenerate({ sets: 3, reps: 5, type: 'giant' as never })).toThrow('Unknown set type');
  });

  it(`caps the count at ${MAX_BULK_SETS} sets`, () => {
    expect(bulkGenerate({ sets: MAX_BULK_SETS, reps: 1 })).toHaveLength(MAX_BULK_SETS);
    expect(() => bulkGenerate({ sets: MAX_BULK_SETS + 1, reps: 1 })).toThrow(RangeError);
  });
});

describe('linkSuperset', () => {
  const list = (): WorkoutExercise[] => [exercise('A1'), exercise('B1'), exercise('C1'), exercise('D1')];

  it('gives two neighbours the same letter, numbers 1 and 2 and a shared group, and keeps the letters consecutive', () => {
    const linked = linkSuperset(list(), 1);
    expect(linked.map((e) => e.heading)).toEqual(['A1', 'B1', 'B2', 'C1']);
    expect(linked[1].superset_group).toBeTruthy();
    expect(linked[1].superset_group).toBe(linked[2].superset_group);
    expect(linked[0].superset_group).toBeUndefined();
    expect(linked[3].superset_group).toBeUndefined();
  });

  it('does not modify its input', () => {
    const input = list();
    const snapshot = structuredClone(input);
    const linked = linkSuperset(input, 0);
    expect(input).toEqual(snapshot);
    expect(linked).not.toBe(input);
    expect(linked[3]).not.toBe(input[3]);
    expect(input[3].heading).toBe('D1');
  });

  it('uses the group id it is given', () => {
    expect(linkSuperset(list(), 0, 'g-1')[1].superset_group).toBe('g-1');
  });

  it('makes group ids unique within the workout', () => {
    const once = linkSuperset(list(), 2, 'superset-A');
    const twice = linkSuperset(once, 0);
    expect(twice[0].superset_group).not.toBe(twice[2].superset_group);
    expect(twice[0].superset_group).toBe(twice[1].superset_group);
  });

  it('merges with an existing superset into A1, A2, A3', () => {
    const linked = linkSuperset(linkSuperset(list(), 0), 1);
    expect(linked.map((e) => e.heading)).toEqual(['A1', 'A2', 'A3', 'B1']);
    expect(new Set(linked.slice(0, 3).map((e) => e.superset_group)).size).toBe(1);
  });

  it('letters exercises without a heading in order too, and keeps a custom heading', () => {
    const linked = linkSuperset([exercise(''), exercise('B1'), exercise('A1')], 0);
    expect(linked.map((e) => e.heading)).toEqual(['A1', 'A2', 'B1']);
    const custom = linkSuperset([exercise('Warm-up'), exercise('B1'), exercise('C1'), exercise('D1')], 1);
    expect(custom.map((e) => e.heading)).toEqual(['Warm-up', 'A1', 'A2', 'B1']);
  });

  it('throws when there is no next exercise', () => {
    expect(() => linkSuperset(list(), 3)).toThrow(RangeError);
    expect(() => linkSuperset(list(), -1)).toThrow(RangeError);
    expect(() => linkSuperset([], 0)).toThrow(RangeError);
  });
});

describe('unlinkSuperset', () => {
  const list = (): WorkoutExercise[] => [exercise('A1'), exercise('B1'), exercise('C1')];

  it('separates the pair and gives the second one an unused letter', () => {
    const linked = linkSuperset(list(), 0);
    expect(linked.map((e) => e.heading)).toEqual(['A1', 'A2', 'B1']);
    const unlinked = unlinkSuperset(linked, 1);
    expect(unlinked.map((e) => e.heading)).toEqual(['A1', 'B1', 'C1']);
    expect(unlinked.every((e) => !e.superset_group)).toBe(true);
  });

  it('dissolves a whole tri-set from any member', () => {
    const triset = linkSuperset(linkSuperset(list(), 0), 1);
    expect(unlinkSuperset(triset, 0).map((e) => e.heading)).toEqual(['A1', 'B1', 'C1']);
  });

  it('leaves exercises outside a superset alone', () => {
    const input = list();
    const result = unlinkSuperset(input, 1);
    expect(result).toEqual(input);
    expect(result).not.toBe(input);
  });

  it('throws for a missing index', () => {
    expect(() => unlinkSuperset(list(), 5)).toThrow(RangeError);
  });
});

describe('pasteOffsets and placeAt', () => {
  it('records offsets from the earliest workout, in input order', () => {
    expect(
      pasteOffsets([
        { id: 'b', date: '2025-03-05' },
        { id: 'a', date: '2025-03-03' },
        { id: 'c', date: '2025-03-10' },
      ]),
    ).toEqual([
      { id: 'b', originalDate: '2025-03-05', relativeOffset: 2 },
      { id: 'a', originalDate: '2025-03-03', relativeOffset: 0 },
      { id: 'c', originalDate: '2025-03-10', relativeOffset: 7 },
    ]);
  });

  it('gives a single workout offset 0', () => {
    expect(pasteOffsets([{ id: 'x', date: '2025-01-01' }])).toEqual([{ id: 'x', originalDate: '2025-01-01', relativeOffset: 0 }]);
  });

  it('returns nothing for an empty selection', () => {
    expect(pasteOffsets([])).toEqual([]);
    expect(placeAt([], '2025-01-01')).toEqual([]);
  });

  it('keeps offsets when placing at a target date, across month ends', () => {
    const selection = pasteOffsets([
      { id: 'a', date: '2025-03-03' },
      { id: 'b', date: '2025-03-05' },
      { id: 'c', date: '2025-03-10' },
    ]);
    expect(placeAt(selection, '2025-04-28').map((e) => [e.id, e.targetDate])).toEqual([
      ['a', '2025-04-28'],
      ['b', '2025-04-30'],
      ['c', '2025-05-05'],
    ]);
  });

  it('handles selections spanning a year end and daylight-saving changes', () => {
    const selection = pasteOffsets([
      { id: 'a', date: '2024-12-30' },
      { id: 'b', date: '2025-01-02' },
    ]);
    expect(selection.map((e) => e.relativeOffset)).toEqual([0, 3]);
    expect(placeAt(selection, '2025-03-29').map((e) => e.targetDate)).toEqual(['2025-03-29', '2025-04-01']);
  });

  it('rejects invalid dates and fractional offsets', () => {
    expect(() => pasteOffsets([{ id: 'a', date: '2025-02-30' }])).toThrow(RangeError);
    expect(() => placeAt([], 'tomorrow')).toThrow(RangeError);
    expect(() => placeAt([{ id: 'a', originalDate: '2025-01-01', relativeOffset: 1.5 }], '2025-01-01')).toThrow(RangeError);
  });
});

describe('compliance', () => {
  it('is the rounded share of prescribed sets with actual reps above 0', () => {
    const sets: WorkoutSet[] = [
      { reps: 5, actual: { reps: 5 } },
      { reps: 5, actual: { reps: 3 } },
      { reps: 5, actual: { reps: 0 } },
    ];
    expect(compliance(sets)).toBe(67);
  });

  it('ignores sets without prescribed reps', () => {
    const sets: WorkoutSet[] = [
      { reps: 5, actual: { reps: 5 } },
      { reps: 0, actual: { reps: 5 } },
      { type: 'time', time_duration: 60, actual: { time_duration: 60 } },
    ];
    expect(compliance(sets)).toBe(100);
  });

  it('is null when no set has reps', () => {
    expect(compliance([])).toBeNull();
    expect(compliance([{ type: 'time', time_duration: 30 }, { reps: 0 }, { reps: null }])).toBeNull();
  });

  it('is 0 when nothing was done', () => {
    expect(compliance([{ reps: 5 }, { reps: 5, actual: {} }, { reps: 5, actual: { reps: null } }])).toBe(0);
  });

  it('rounds half up', () => {
    const sets: WorkoutSet[] = Array.from({ length: 8 }, (_, i) => ({ reps: 5, actual: { reps: i < 7 ? 5 : 0 } }));
    expect(compliance(sets)).toBe(88); // 87.5
  });
});

describe('complianceBand', () => {
  it.each<[number, string]>([
    [100, 'green'],
    [90, 'green'],
    [89, 'amber'],
    [70, 'amber'],
    [69, 'red'],
    [0, 'red'],
  ])('%i%% is %s', (pct, band) => {
    expect(complianceBand(pct)).toBe(band);
  });
});

describe('workoutMetrics', () => {
  const workouts = [
    {
      date: '2025-01-06',
      exercises: [
        exercise('A1', [
          { reps: 5, load: 200 },
          { reps: 5, load: 200 },
          { reps: 0, load: 300 },
        ]),
        exercise('B1', [{ reps: 10 }, { type: 'time', time_duration: 60, load: 50 }]),
      ],
    },
    { date: '2025-01-08', exercises: [exercise('A1', [{ reps: 3, load: 100 }])] },
  ] satisfies Workout[];

  it('computes the volume, intensity and additional metrics', () => {
    expect(workoutMetrics(workouts)).toEqual({
      totalReps: 23,
      repsPerWorkout: 11.5,
      avgRepsPerSet: 23 / 4,
      totalVolume: 2300,
      avgLoadPerSet: 125,
      totalLoad: 500,
      avgVolumePerSet: 575,
      totalSets: 4,
      totalExercises: 3,
      totalWorkouts: 2,
    });
  });

  it('is all zeros with no workouts', () => {
    const metrics = workoutMetrics([]);
    expect(Object.values(metrics).every((v) => v === 0)).toBe(true);
  });

  it('treats negative, non-numeric and missing values as absent', () => {
    const metrics = workoutMetrics([
      {
        exercises: [
          {
            sets: [
              { reps: -3, load: 100 },
              { reps: 4, load: -5 },
              { reps: 2, load: null },
            ],
          },
        ],
      },
      { exercises: [{ sets: null }] },
      { exercises: null },
    ]);
    expect(metrics).toMatchObject({ totalReps: 6, totalSets: 2, totalLoad: 0, totalVolume: 0, totalExercises: 2, totalWorkouts: 3 });
  });

  it('accepts numeric strings from form payloads', () => {
    const sets = [{ reps: '5', load: '100' }] as unknown as WorkoutSet[];
    expect(workoutMetrics([{ exercises: [{ sets }] }])).toMatchObject({ totalReps: 5, totalVolume: 500 });
  });

  it('groups the metrics for the three selectors with the spec defaults', () => {
    expect(METRIC_GROUPS.volume.default).toBe('totalReps');
    expect(METRIC_GROUPS.intensity.default).toBe('avgLoadPerSet');
    expect(METRIC_GROUPS.additional.default).toBe('totalSets');
    const all = Object.values(METRIC_GROUPS).flatMap((group) => [...group.metrics]);
    expect(all.sort()).toEqual(Object.keys(workoutMetrics([])).sort());
    expect(Object.keys(METRIC_LABELS).sort()).toEqual(all.sort());
  });
});

describe('stripEmpty', () => {
  it('removes empty strings, null and undefined at every depth', () => {
    const payload = {
      user_id: 'u1',
      date: '2025-01-01',
      name: '',
      notes: null,
      extra: undefined,
      exercises: [
        {
          exercise_name: 'Bench Press',
          category: '',
          sets: [{ reps: 5, load: null, tempo: '', actual: { reps: null, load: 0 } }],
        },
      ],
    };
    expect(stripEmpty(payload)).toEqual({
      user_id: 'u1',
      date: '2025-01-01',
      exercises: [{ exercise_name: 'Bench Press', sets: [{ reps: 5, actual: { load: 0 } }] }],
    });
    expect('name' in stripEmpty(payload)).toBe(false);
  });

  it('keeps zero, false, whitespace and empty containers', () => {
    expect(stripEmpty({ a: 0, b: false, c: ' ', d: [], e: {} })).toEqual({ a: 0, b: false, c: ' ', d: [], e: {} });
  });

  it('drops empty items from arrays', () => {
    expect(stripEmpty(['a', '', null, undefined, 'b'])).toEqual(['a', 'b']);
  });

  it('does not modify its input', () => {
    const input = { a: '', b: { c: null } };
    stripEmpty(input);
    expect(input).toEqual({ a: '', b: { c: null } });
  });

  it('passes scalars and non-plain objects through', () => {
    const date = new Date(0);
    expect(stripEmpty(5)).toBe(5);
    expect(stripEmpty('x')).toBe('x');
    expect(stripEmpty({ when: date }).when).toBe(date);
  });

  it('keeps a __proto__ key as data without touching the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const result = stripEmpty(parsed);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
