/** The streak: planned training days logged in a row, rest days never breaking it. */
import { describe, expect, it } from 'vitest';
import { trainingDayStreaks, type StreakWorkout } from '../src/training/domain/streaks.ts';

const done = (date: string): StreakWorkout => ({ date, baseStatus: 'completed' });
const partly = (date: string): StreakWorkout => ({ date, baseStatus: 'partial' });
const open = (date: string): StreakWorkout => ({ date, baseStatus: 'scheduled' });

// Mondays, Wednesdays and Fridays of March 2025 (3rd is a Monday).
const MWF = ['2025-03-03', '2025-03-05', '2025-03-07', '2025-03-10', '2025-03-12', '2025-03-14'];

describe('training-day streaks', () => {
  it('grows past 1 with a Monday/Wednesday/Friday plan: rest days do not break it', () => {
    expect(trainingDayStreaks(MWF.map(done), '2025-03-14')).toEqual({ current: 6, best: 6 });
    // On the Saturday and Sunday after, nothing is due: the streak stands.
    expect(trainingDayStreaks(MWF.map(done), '2025-03-16')).toEqual({ current: 6, best: 6 });
  });

  it('is broken by a missed workout and counts again from the next logged one', () => {
    const plan = [done(MWF[0]), done(MWF[1]), open(MWF[2]), done(MWF[3]), partly(MWF[4])];
    expect(trainingDayStreaks(plan, '2025-03-13')).toEqual({ current: 2, best: 2 });
    expect(trainingDayStreaks([...plan.slice(0, 2), open(MWF[2])], '2025-03-08')).toEqual({ current: 0, best: 2 });
  });

  it("does not break on today's workout while today is open, and counts it once logged", () => {
    const before = [done('2025-03-10'), done('2025-03-12')];
    expect(trainingDayStreaks([...before, open('2025-03-14')], '2025-03-14')).toEqual({ current: 2, best: 2 });
    expect(trainingDayStreaks([...before, done('2025-03-14')], '2025-03-14')).toEqual({ current: 3, best: 3 });
    // The next day the unlogged Friday is missed.
    expect(trainingDayStreaks([...before, open('2025-03-14')], '2025-03-15')).toEqual({ current: 0, best: 2 });
  });

  it('counts a day of two workouts once (logged if either was), ignores future ones, and is 0 with nothing planned', () => {
    expect(trainingDayStreaks([done('2025-03-10'), done('2025-03-10'), open('2025-03-20')], '2025-03-11')).toEqual({ current: 1, best: 1 });
    expect(trainingDayStreaks([done('2025-03-07'), open('2025-03-10'), partly('2025-03-10')], '2025-03-11')).toEqual({ current: 2, best: 2 });
    expect(trainingDayStreaks([], '2025-03-11')).toEqual({ current: 0, best: 0 });
  });

  it('does not depend on the order the workouts come in', () => {
    const shuffled = [done(MWF[3]), done(MWF[0]), open(MWF[1]), done(MWF[2])];
    expect(trainingDayStreaks(shuffled, '2025-03-11')).toEqual({ current: 2, best: 2 });
  });
});
