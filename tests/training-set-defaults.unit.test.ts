/** A new exercise in the editor starts with the set type its movement is planned in. */
import { describe, expect, it } from 'vitest';
import { isTimeBased } from '../src/training/domain/intents.ts';
import { newExercise, toForm } from '../web/src/features/calendar/components/editor/workout-form.ts';

const form = toForm(null, '2025-03-10', 'lb');

describe('the first set of a new exercise', () => {
  it.each([
    ['Front Plank', undefined],
    ["Farmer's Carry", undefined],
    ['Suitcase Carry', 'strength'],
    ['Hip Flexor Stretch', undefined],
    ['Thoracic Rotation', 'mobility'],
  ] as const)('is a time set for %s', (name, intent) => {
    expect(newExercise(form, name, intent).sets.map((s) => s.type)).toEqual(['time']);
  });

  it.each(['Back Squat', 'Bench Press', 'Box Jump', 'Walking Lunge'])('is reps and load for %s', (name) => {
    expect(newExercise(form, name).sets.map((s) => s.type)).toEqual(['standard']);
  });

  it('follows the intent the coach picked over the name', () => {
    expect(isTimeBased('Cossack Squat', 'mobility')).toBe(true);
    expect(isTimeBased('Cossack Squat', 'strength')).toBe(false);
  });
});
