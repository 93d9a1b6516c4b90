/** The web's unit helpers: the reader's unit, loads for reading, what a typed load sends, performance values. */
import { describe, expect, it } from 'vitest';
import { loadText, metricText, metricUnitOf, metricValue, readerUnit, setsInLbs, storedLbs, unitField } from '../web/src/lib/weight-unit.ts';

describe('the reader unit', () => {
  it('is the one chosen, whatever the locale', () => {
    expect(readerUnit('kg', 'en-US')).toBe('kg');
    expect(readerUnit('lb', 'de-DE')).toBe('lb');
  });
  it('is the locale’s until chosen', () => {
    expect(readerUnit(null, 'en-US')).toBe('lb');
    expect(readerUnit(undefined, 'de-DE')).toBe('kg');
    expect(readerUnit(null, 'en-GB')).toBe('kg');
  });
});

describe('loads for reading', () => {
  it('shows the server pounds in the reader unit, two decimals at most, thousands grouped', () => {
    expect(loadText(220.46226218487757, 'kg')).toBe('100 kg');
    expect(loadText(225, 'kg')).toBe('102.06 kg');
    expect(loadText(225, 'lb')).toBe('225 lb');
    expect(loadText(5535, 'lb', { decimals: 1 })).toBe('5,535 lb');
    expect(loadText(157.5, 'kg', { decimals: 1 })).toBe('71.4 kg');
  });
});

describe('a typed load', () => {
  it('goes with load_unit kg in kilograms, and with no unit in pounds', () => {
    expect(unitField('kg')).toEqual({ load_unit: 'kg' });
    expect(unitField('lb')).toEqual({});
  });
  it('is read back in pounds from its unit (none is pounds)', () => {
    expect(storedLbs(100, 'kg')).toBeCloseTo(220.462262, 6);
    expect(storedLbs(225, undefined)).toBe(225);
  });
  it('of a template copy is counted in pounds by the shared metric rules', () => {
    const [exercise] = setsInLbs([
      {
        exercise_name: 'Squat',
        heading: 'A',
        order_index: 0,
        exercise_intent: 'strength',
        sets: [
          { reps: 5, load: 100, drop_weight: 50, load_unit: 'kg' },
          { reps: 5, load: 225 },
        ],
      },
    ] as never);
    expect(exercise.sets[0].load).toBeCloseTo(220.462262, 6);
    expect(exercise.sets[0].drop_weight).toBeCloseTo(110.231131, 6);
    expect(exercise.sets[0]).not.toHaveProperty('load_unit');
    expect(exercise.sets[1]).toEqual({ reps: 5, load: 225 });
  });
});

describe('performance values', () => {
  it('converts strength (lbs) to the reader unit and leaves seconds and inches alone', () => {
    expect(metricText(262.5, 'lbs', 'kg')).toBe('119.07 kg');
    expect(metricText(262.5, 'lbs', 'lb')).toBe('262.5 lb');
    expect(metricText(4.52, 'seconds', 'kg')).toBe('4.52 seconds');
    expect(metricValue(100, 'inches', 'kg')).toBe(100);
    expect(metricValue(220.46226218487757, 'lbs', 'kg')).toBeCloseTo(100, 9);
    expect(metricUnitOf('lbs', 'kg')).toBe('kg');
    expect(metricUnitOf('seconds', 'kg')).toBe('seconds');
  });
});

describe('a set logged in kilograms on the phone, before the server has it', () => {
  it('is laid over the workout in pounds, as the server will answer it', async () => {
    const { withQueuedActuals } = await import('../web/src/features/athlete/api/queued-actuals.ts');
    const workout = { id: 'w1', exercises: [{ exercise_name: 'Squat', sets: [{ reps: 5, load: 200 }] }] };
    const entry = { kind: 'set-actual', status: 'pending', meta: { workoutId: 'w1', exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100, load_unit: 'kg' } } };
    const shown = withQueuedActuals(workout as unknown as Parameters<typeof withQueuedActuals>[0], [entry as never], 0);
    expect(shown.exercises[0].sets[0].actual?.load).toBeCloseTo(220.462262, 6);
    expect(loadText(shown.exercises[0].sets[0].actual?.load ?? Number.NaN, 'kg')).toBe('100 kg');
  });
});
