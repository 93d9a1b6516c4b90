import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { exerciseType, lowerIsBetter } from '../src/performance/domain/exercise-type.ts';
import { checkEntry, PERFORMANCE_TEXTS as T, yearsBefore, type EntryInput } from '../src/performance/domain/validation.ts';
import { ENTRY_NOT_FOUND, performanceDecider } from '../src/performance/domain/entry.ts';
import type { PerformanceEvent } from '../src/performance/domain/events.ts';
import { betterRecord, bestOf, categoryOf, categoryScore, epley1RM, estimateOneRm, overallScore, percentLoad, repMaxProfile } from '../src/performance/domain/scores.ts';

const ATHLETE = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const ENTRY = '33333333-3333-4333-8333-333333333333';
const TODAY = '2026-03-15';

const squat = (over: Partial<EntryInput> = {}): EntryInput => ({ athleteId: ATHLETE, exerciseName: 'Back Squat', value: '225', reps: '5', date: '2026-03-01', ...over });
const errorOf = (input: EntryInput, today = TODAY) => {
  const r = checkEntry(input, today);
  return r.ok ? null : r.error;
};

describe('exercise type derivation', () => {
  it.each([
    ['40 Yard Dash', 'time'],
    ['100m Sprint', 'time'],
    ['Mile Run', 'time'],
    ['5K', 'time'],
    ['10k Row', 'time'],
    ['One Mile', 'time'],
    ['Vertical Jump', 'measurement'],
    ['Broad jump', 'measurement'],
    ['Shot Put Throw', 'measurement'],
    ['Back Squat (High Bar)', 'strength'],
    ['Bench Press', 'strength'],
    ['Deadlift', 'strength'],
  ])('%s is %s', (name, type) => expect(exerciseType(name)).toBe(type));

  it('only time-type records at rep_range 0 are lower-is-better', () => {
    expect(lowerIsBetter('40 Yard Dash', 0)).toBe(true);
    expect(lowerIsBetter('Vertical Jump', 0)).toBe(false);
    expect(lowerIsBetter('Back Squat', 5)).toBe(false);
  });
});

describe('performance entry validation', () => {
  it('accepts a complete strength entry and sets its unit', () => {
    expect(checkEntry(squat(), TODAY)).toEqual({
      ok: true,
      entry: { athleteId: ATHLETE, exerciseName: 'Back Squat', exerciseType: 'strength', unit: 'lbs', value: 225, reps: 5, date: '2026-03-01' },
    });
  });
  it('a time entry has no reps and is in seconds', () => {
    const r = checkEntry({ athleteId: ATHLETE, exerciseName: '40 Yard Dash', value: 4.8, date: TODAY }, TODAY);
    expect(r).toMatchObject({ ok: true, entry: { exerciseType: 'time', unit: 'seconds', reps: null, value: 4.8 } });
  });
  it('missing exercise, value or athlete: complete all required fields', () => {
    expect(errorOf(squat({ exerciseName: undefined }))).toBe(T.incomplete);
    expect(errorOf(squat({ value: '' }))).toBe(T.incomplete);
    expect(errorOf(squat({ athleteId: null }))).toBe(T.incomplete);
  });
  it('a blank exercise name is required', () => expect(errorOf(squat({ exerciseName: '   ' }))).toBe('Exercise name is required'));
  it('value must be a number', () => expect(errorOf(squat({ value: 'heavy' }))).toBe('Please enter a valid weight/value'));
  it.each([
    ['0', 'Value must be greater than 0'],
    ['-5', 'Value must be greater than 0'],
    ['2000', null],
    ['2000.01', 'Weight seems unrealistic (max 2000 lbs)'],
  ])('weight %s → %s', (value, error) => expect(errorOf(squat({ value }))).toBe(error));
  it.each([
    ['3600', null],
    ['3600.5', 'Time seems unrealistic (max 1 hour)'],
    ['0', 'Value must be greater than 0'],
  ])('time %s → %s', (value, error) => expect(errorOf({ athleteId: ATHLETE, exerciseName: 'Mile Run', value, date: TODAY })).toBe(error));
  it('a jump is not capped by the weight limit', () => expect(errorOf({ athleteId: ATHLETE, exerciseName: 'Broad Jump', value: 2100, date: TODAY })).toBeNull());
  it.each([
    ['0', 'Reps must be 1 or higher'],
    ['1', null],
    ['100', null],
    ['101', 'Rep count seems unrealistic (max 100)'],
    ['five', 'Please enter a valid rep count'],
    ['', 'Please enter a valid rep count'],
    ['2.5', 'Please enter a valid rep count'],
  ])('reps %s → %s', (reps, error) => expect(errorOf(squat({ reps }))).toBe(error));
  it.each([
    [TODAY, null],
    ['2026-03-16', 'Cannot log metrics for future dates'],
    ['2021-03-15', null],
    ['2021-03-14', 'Cannot log metrics more than 5 years in the past'],
    ['2026-02-30', 'Please enter a valid date in YYYY-MM-DD format'],
    ['15/03/2026', 'Please enter a valid date in YYYY-MM-DD format'],
    ['', 'Date is required'],
  ])('date %s → %s', (date, error) => expect(errorOf(squat({ date }))).toBe(error));
  it('five years before 29 February is 28 February', () => expect(yearsBefore('2024-02-29', 5)).toBe('2019-02-28'));
});

describe('LogPerformance / RemovePerformanceEntry', () => {
  const given = deciderSpec(performanceDecider, { userId: COACH });
  const logged: PerformanceEvent = {
    type: 'PerformanceLogged',
    data: { entryId: ENTRY, athleteId: ATHLETE, exerciseName: 'Back Squat', exerciseType: 'strength', value: 225, reps: 5, unit: 'lbs', date: '2026-03-01', loggedBy: COACH },
  };
  it('logs a valid entry with who logged it', () => given([]).when({ type: 'LogPerformance', entryId: ENTRY, input: squat(), today: TODAY }).then([logged]));
  it('refuses an invalid entry with the spec text', () =>
    given([])
      .when({ type: 'LogPerformance', entryId: ENTRY, input: squat({ date: '2026-03-16' }), today: TODAY })
      .thenThrows(400, T.futureDate));
  it('a repeated log of the same entry changes nothing', () => given([logged]).when({ type: 'LogPerformance', entryId: ENTRY, input: squat(), today: TODAY }).then([]));
  it('removes an entry', () =>
    given([logged])
      .when({ type: 'RemovePerformanceEntry', entryId: ENTRY })
      .then([{ type: 'PerformanceEntryRemoved', data: { entryId: ENTRY, athleteId: ATHLETE, removedBy: COACH } }]));
  it('removing a missing entry is 404', () => given([]).when({ type: 'RemovePerformanceEntry', entryId: ENTRY }).thenThrows(404, ENTRY_NOT_FOUND));
  it('removing twice changes nothing', () =>
    given([logged, { type: 'PerformanceEntryRemoved', data: { entryId: ENTRY, athleteId: ATHLETE, removedBy: COACH } }])
      .when({ type: 'RemovePerformanceEntry', entryId: ENTRY })
      .then([]));
});

describe('best record', () => {
  const r = (exercise_name: string, rep_range: number, best_weight: number, date_achieved: string) => ({ exercise_name, rep_range, best_weight, date_achieved });
  it('highest weight wins', () => expect(bestOf([r('Squat', 5, 200, '2026-01-02'), r('Squat', 5, 225, '2026-01-01')])).toEqual(r('Squat', 5, 225, '2026-01-01')));
  it('a tie goes to the latest date', () => expect(betterRecord(r('Squat', 5, 225, '2026-01-01'), r('Squat', 5, 225, '2026-02-01')).date_achieved).toBe('2026-02-01'));
  it('lowest time wins for time-type', () => expect(bestOf([r('40 Yard Dash', 0, 4.9, '2026-01-01'), r('40 Yard Dash', 0, 4.7, '2025-12-01')])!.best_weight).toBe(4.7));
  it('highest wins for a jump at rep_range 0', () => expect(bestOf([r('Vertical Jump', 0, 30, '2026-01-01'), r('Vertical Jump', 0, 28, '2026-01-02')])!.best_weight).toBe(30));
  it('a time tie goes to the latest date', () => expect(bestOf([r('Mile Run', 0, 360, '2026-01-03'), r('Mile Run', 0, 360, '2026-01-01')])!.date_achieved).toBe('2026-01-03'));
});

describe('category and overall scores', () => {
  it.each([
    [0, 0, 0],
    [1, 0, 20],
    [0, 3, 15],
    [2, 4, 60],
    [5, 0, 100],
    [4, 5, 100],
  ])('%i recent entries and %i metrics score %i', (recent, count, score) => expect(categoryScore(recent, count)).toBe(score));
  it('overall is the rounded mean of active categories only', () => {
    expect(
      overallScore([
        { score: 60, metricsCount: 4 },
        { score: 25, metricsCount: 1 },
        { score: 0, metricsCount: 0 },
      ]),
    ).toBe(43);
    expect(overallScore([])).toBe(0);
  });
  it('categories come from the catalogue type, else the name', () => {
    expect(categoryOf('Back Squat')).toBe('Strength');
    expect(categoryOf('40 Yard Dash')).toBe('Speed');
    expect(categoryOf('Mile Run')).toBe('Endurance');
    // A row is a pull, not rowing; a crunch is not a run (issue 24, item 7).
    expect(categoryOf('Barbell Row')).toBe('Strength');
    expect(categoryOf('Crunch')).not.toBe('Endurance');
    expect(categoryOf('Rowing 2k')).toBe('Endurance');
    expect(categoryOf('Box Jumps')).toBe('Power');
    expect(categoryOf('Vertical Jump')).toBe('Power');
    expect(categoryOf('Hamstring Stretch')).toBe('Mobility');
    expect(categoryOf('Back Squat', 'power')).toBe('Power');
  });
});

describe('1RM estimate (Epley)', () => {
  const r = (rep_range: number, best_weight: number) => ({ exercise_name: 'Bench Press', rep_range, best_weight, date_achieved: '2026-01-01' });
  it('a single is its own 1RM; 5 × 225 estimates 262.5', () => {
    expect(epley1RM(300, 1)).toBe(300);
    expect(epley1RM(225, 5)).toBe(262.5);
  });
  it('refuses more than 10 reps and zero load', () => {
    expect(epley1RM(100, 11)).toBeNull();
    expect(epley1RM(0, 5)).toBeNull();
  });
  it('takes the highest estimate and names its record', () => {
    expect(estimateOneRm([r(5, 225), r(1, 250), r(12, 200)])).toEqual({ oneRm: 262.5, source: r(5, 225) });
    expect(estimateOneRm([r(12, 200)])).toBeNull();
  });
  it('the profile lists 1–12 reps with best and estimated loads', () => {
    const p = repMaxProfile([r(5, 225)]);
    expect(p.rows).toHaveLength(12);
    expect(p.rows[0]).toEqual({ reps: 1, best: null, estimated: 262.5 });
    expect(p.rows[4]).toEqual({ reps: 5, best: r(5, 225), estimated: 225 });
  });
  it('75% of 262.5 is 197 (nearest half pound)', () => expect(percentLoad(262.5, 75)).toBe(197));
});
