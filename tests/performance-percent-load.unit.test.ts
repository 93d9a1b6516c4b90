import { describe, expect, it } from 'vitest';
import { parseWorkout } from '../src/training/domain/payload.ts';
import { DomainError } from '../src/kernel/decider.ts';
import { formProblem, percentOf, resolvePercent, toForm, toPayload } from '../web/src/features/calendar/components/editor/workout-form.ts';

const ATHLETE = '11111111-1111-4111-8111-111111111111';
const workout = (set: Record<string, unknown>) => ({ user_id: ATHLETE, date: '2026-03-10', exercises: [{ exercise_name: 'Bench Press', heading: 'A', sets: [set] }] });

describe('load_percent in the training payload', () => {
  it('keeps the percentage and the resolved load', () => {
    const parsed = parseWorkout(workout({ reps: 5, load: 197, load_percent: 75 }), { requireUserId: true });
    expect(parsed.content.exercises[0].sets[0]).toMatchObject({ reps: 5, load: 197, load_percent: 75 });
  });
  it('keeps a percentage without a load', () => {
    const parsed = parseWorkout(workout({ reps: 5, load_percent: 75 }), { requireUserId: true });
    expect(parsed.content.exercises[0].sets[0]).toEqual({ type: 'standard', reps: 5, load_percent: 75 });
  });
  it.each([
    [0, 'greater than 0'],
    [150.5, 'at most 150'],
    [-1, '0 or more'],
  ])('refuses %s%%', (load_percent, text) => {
    expect(() => parseWorkout(workout({ reps: 5, load_percent }), { requireUserId: true })).toThrow(DomainError);
    expect(() => parseWorkout(workout({ reps: 5, load_percent }), { requireUserId: true })).toThrow(text);
  });
});

describe('the editor form with a 75% load', () => {
  it('reads percentages and rounds the resolved load to loadable plates in the coach unit', () => {
    expect(percentOf('75%')).toBe(75);
    expect(percentOf(' 82.5 % ')).toBe(82.5);
    expect(percentOf('75')).toBeNull();
    // 75% of 262.5 lb is 196.875 lb: 195 lb in 5 lb steps, or 89.3 kg → 90 kg in 2.5 kg steps.
    expect(resolvePercent(262.5, 75, 'lb')).toBe(195);
    expect(resolvePercent(262.5, 75, 'kg')).toBe(90);
  });
  it('saves both the percentage and the resolved load, or the percentage only without a record', () => {
    const form = toForm(workout({ reps: 5 }) as never, '2026-03-10', 'lb');
    form.exercises[0].sets[0].values.load = '75%';
    expect(formProblem(form)).toBeNull();
    expect(toPayload(form, ATHLETE, () => 262.5).exercises[0].sets[0]).toEqual({ type: 'standard', reps: 5, load: 195, load_percent: 75 });
    expect(toPayload(form, ATHLETE, () => null).exercises[0].sets[0]).toEqual({ type: 'standard', reps: 5, load_percent: 75 });
    form.exercises[0].sets[0].values.load = '200%';
    expect(formProblem(form)).toMatch(/at most 150%/);
  });
  it('opens a saved percentage set as the percentage typed', () => {
    const form = toForm({ ...workout({ reps: 5, load: 197, load_percent: 75 }), id: 'w1' } as never, '2026-03-10', 'kg');
    expect(form.exercises[0].sets[0].values.load).toBe('75%');
  });
});

describe('the editor form in kilograms', () => {
  const kgForm = (set: Record<string, unknown>) => toForm({ ...workout(set), id: 'w1' } as never, '2026-03-10', 'kg');

  it('shows the server pounds in kilograms, two decimals at most', () => {
    const form = kgForm({ type: 'drop', reps: 5, load: 225, drop_weight: 220.46226218487757 });
    expect(form.exercises[0].sets[0].values).toMatchObject({ load: '102.06', drop_weight: '100' });
  });
  it('sends untouched loads back exactly as the server gave them, in pounds without a unit', () => {
    const form = kgForm({ type: 'drop', reps: 5, load: 225, drop_weight: 200 });
    form.exercises[0].sets[0].values.reps = '6';
    expect(toPayload(form, ATHLETE).exercises[0].sets[0]).toEqual({ type: 'drop', reps: 6, load: 225, drop_weight: 200 });
  });
  it('sends a typed load as typed, with load_unit kg, and the untouched drop weight in kilograms unrounded', () => {
    const form = kgForm({ type: 'drop', reps: 5, load: 225, drop_weight: 200 });
    form.exercises[0].sets[0].values.load = '100';
    const sent = toPayload(form, ATHLETE).exercises[0].sets[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ load: 100, load_unit: 'kg' });
    expect(sent.drop_weight).toBeCloseTo(90.718474, 9);
  });
  it('reopens a template copy whose load was typed in kilograms at that load', () => {
    const form = toForm({ ...workout({ reps: 5, load: 100, load_unit: 'kg' }), id: 'w1' } as never, '2026-03-10', 'lb');
    expect(form.exercises[0].sets[0].values.load).toBe('220.46');
  });
});
