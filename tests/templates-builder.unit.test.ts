import { describe, expect, it } from 'vitest';
import {
  addWorkout,
  capacity,
  dayCells,
  draftStats,
  emptyDraft,
  hasUnsavedChanges,
  moveWorkout,
  pasteWorkouts,
  removeWorkouts,
  restoreWorkouts,
  templateMetrics,
  toSavePayload,
} from '../web/src/features/program-templates/utils/template-draft.ts';
import type { WorkoutExercise } from '../src/training/domain/workout-rules.ts';

const exercise = (name: string, intent: WorkoutExercise['exercise_intent'], sets: { reps?: number; load?: number }[]): WorkoutExercise => ({
  exercise_name: name,
  heading: 'A1',
  order_index: 0,
  exercise_intent: intent,
  sets: sets.map((s) => ({ type: 'standard', ...s })),
});

describe('template builder state', () => {
  it('starts empty, unsaved and unmodified with the default title', () => {
    const d = emptyDraft();
    expect(d).toMatchObject({ id: null, name: 'New Program Template', description: 'Create a program template to assign to athletes', isModified: false });
    expect(hasUnsavedChanges(d)).toBe(false);
  });

  it('flags unsaved changes once it has workouts and no id, and counts days, workouts and weeks', () => {
    let d = addWorkout(emptyDraft(), 'day-1', { name: 'A', notes: null, exercises: [] });
    d = addWorkout(d, 'day-1', { name: 'B', notes: null, exercises: [] });
    d = addWorkout(d, 'day-9', { name: 'C', notes: null, exercises: [] });
    expect(d.isModified).toBe(true);
    expect(hasUnsavedChanges(d)).toBe(true);
    expect(hasUnsavedChanges({ ...d, id: 'saved' })).toBe(false);
    expect(draftStats(d)).toEqual({ days: 2, workouts: 3, weeks: 2 });
  });

  it('moves a dragged workout to the target day (not only highlighting it)', () => {
    const d = addWorkout(emptyDraft(), 'day-4', { id: 'w1', name: 'Upper', notes: null, exercises: [] });
    const moved = moveWorkout(d, 'w1', 'day-5');
    expect(moved.workouts['day-4']).toBeUndefined();
    expect(moved.workouts['day-5']).toEqual([expect.objectContaining({ id: 'w1', dayKey: 'day-5', name: 'Upper' })]);
    expect(moveWorkout(moved, 'w1', 'day-5')).toBe(moved);
  });

  it('pastes copies with new ids; an unnamed copy is a Pasted Workout', () => {
    const d = addWorkout(emptyDraft(), 'day-1', { id: 'w1', name: '', notes: null, exercises: [] });
    const pasted = pasteWorkouts(d, 'day-8', d.workouts['day-1']);
    expect(pasted.workouts['day-8']).toEqual([expect.objectContaining({ name: 'Pasted Workout', dayKey: 'day-8' })]);
    expect(pasted.workouts['day-8'][0].id).not.toBe('w1');
  });

  it('undoes a bulk delete by putting the workouts back on their days', () => {
    let d = addWorkout(emptyDraft(), 'day-1', { id: 'a', name: 'A', notes: null, exercises: [] });
    d = addWorkout(d, 'day-2', { id: 'b', name: 'B', notes: null, exercises: [] });
    const { draft, removed } = removeWorkouts(d, new Set(['a', 'b']));
    expect(draftStats(draft).workouts).toBe(0);
    const back = restoreWorkouts(draft, removed);
    expect(back.workouts['day-1'][0].id).toBe('a');
    expect(back.workouts['day-2'][0].id).toBe('b');
  });

  it('caps the Days view at 21 cells', () => {
    expect(dayCells(2)).toHaveLength(14);
    expect(dayCells(12)).toHaveLength(21);
    expect(dayCells(12).at(-1)).toBe('day-21');
  });

  it('sends the save payload trimmed and without builder-only fields', () => {
    const d = addWorkout(emptyDraft(), 'day-1', { id: 'w1', name: 'A', notes: null, exercises: [] });
    expect(toSavePayload(d, { name: ' Base ', description: ' d ', category: 'strength', isPublic: true }, 'u1')).toEqual({
      name: 'Base',
      description: 'd',
      category: 'strength',
      is_public: true,
      user_id: 'u1',
      workouts: { 'day-1': [{ id: 'w1', name: 'A', notes: null, exercises: [] }] },
    });
  });
});

describe('template analytics and capacity', () => {
  let d = addWorkout(emptyDraft(), 'day-1', {
    name: 'A',
    notes: null,
    exercises: [
      exercise('Squat', 'strength', [
        { reps: 5, load: 100 },
        { reps: 5, load: 100 },
        { reps: 0, load: 300 },
      ]),
      exercise('Plank', 'endurance', [{}]),
    ],
  });
  d = addWorkout(d, 'day-3', { name: 'B', notes: null, exercises: [exercise('Clean', 'power', [{ reps: 3, load: 60 }])] });

  it('ignores sets whose reps are 0 or absent, and counts load only with reps', () => {
    expect(templateMetrics(d)).toEqual({
      totalReps: 13,
      repsPerWorkout: 6.5,
      avgRepsPerSet: 13 / 3,
      totalVolume: 5 * 100 * 2 + 3 * 60,
      avgLoadPerSet: 260 / 3,
      totalLoad: 260,
      avgVolumePerSet: 1180 / 3,
      totalSets: 3,
      totalExercises: 3,
      totalWorkouts: 2,
    });
  });

  it('splits every planned set over the intents with percentages and a total', () => {
    const c = capacity(d);
    expect(c.total).toBe(5);
    expect(c.intents.find((i) => i.intent === 'strength')).toMatchObject({ sets: 3, percentage: 60 });
    expect(c.intents.find((i) => i.intent === 'endurance')).toMatchObject({ sets: 1, percentage: 20 });
    expect(c.intents.find((i) => i.intent === 'hypertrophy')).toMatchObject({ sets: 0, percentage: 0 });
  });
});
