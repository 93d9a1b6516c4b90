import { describe, expect, it } from 'vitest';
import { deciderSpec } from './support/decider-spec.ts';
import { checkInDecider, type ReadinessCommand } from '../src/readiness/domain/check-in.ts';
import type { ReadinessEvent } from '../src/readiness/domain/events.ts';
import { weeklyRecap } from '../emails/templates/weekly-recap.ts';
import { FLAG_DROP, readinessScore, readinessStatus, shiftDay, type DayScore } from '../src/readiness/domain/baseline.ts';

const ATHLETE = '11111111-1111-4111-8111-111111111111';
const given = deciderSpec(checkInDecider, { userId: ATHLETE });
const checkIn = (answers: Partial<ReadinessCommand['answers']> = {}, note: string | null = null): ReadinessCommand => ({
  type: 'CheckIn',
  athleteId: ATHLETE,
  date: '2026-03-10',
  answers: { sleep: 4, soreness: 3, stress: 5, energy: 2, ...answers },
  note,
});
const checkedIn: ReadinessEvent = { type: 'ReadinessCheckedIn', data: { athleteId: ATHLETE, date: '2026-03-10', sleep: 4, soreness: 3, stress: 5, energy: 2, note: null } };

describe('the daily check-in decider', () => {
  it('records the first answer of the day, the note trimmed', () => {
    given([])
      .when(checkIn({}, '  slept badly  '))
      .then([{ type: 'ReadinessCheckedIn', data: { ...checkedIn.data, note: 'slept badly' } }]);
  });

  it('a second answer that day replaces the first; the same answer again changes nothing', () => {
    given([checkedIn])
      .when(checkIn({ energy: 3 }))
      .then([{ type: 'ReadinessCheckInCorrected', data: { ...checkedIn.data, energy: 3 } }]);
    given([checkedIn]).when(checkIn()).then([]);
  });

  it('takes only whole scores from 1 to 5', () => {
    for (const [field, value] of [
      ['sleep', 0],
      ['soreness', 6],
      ['stress', 2.5],
      ['energy', '4'],
      ['sleep', null],
      ['energy', Number.NaN],
    ] as const) {
      given([])
        .when(checkIn({ [field]: value }))
        .thenThrows(400, `${field} must be a whole number from 1 to 5.`);
    }
    given([])
      .when(checkIn({ sleep: 1, soreness: 5, stress: 1, energy: 5 }))
      .then([{ type: 'ReadinessCheckedIn', data: { ...checkedIn.data, sleep: 1, soreness: 5, stress: 1, energy: 5 } }]);
  });

  it('takes a note of at most 500 characters (counted as characters, not UTF-16 units)', () => {
    given([])
      .when(checkIn({}, 'a'.repeat(501)))
      .thenThrows(400, 'The note must be at most 500 characters.');
    given([])
      .when(checkIn({}, '💪'.repeat(500)))
      .then([{ type: 'ReadinessCheckedIn', data: { ...checkedIn.data, note: '💪'.repeat(500) } }]);
  });

  it('refuses a check-in for somebody else', () => {
    given([]).when(checkIn(), '22222222-2222-4222-8222-222222222222').thenThrows(403, 'You can only check in for yourself.');
  });
});

const TODAY = '2026-03-31';
/** Day scores: `n` days ending `daysAgo` days before TODAY, one a day. */
const days = (n: number, score: number, endDaysAgo: number): DayScore[] => Array.from({ length: n }, (_, i) => ({ date: shiftDay(TODAY, -(endDaysAgo + i)), score }));

describe('readiness baseline and flag', () => {
  it('the score is the mean of the four answers', () => {
    expect(readinessScore({ sleep: 4, soreness: 3, stress: 5, energy: 2 })).toBe(3.5);
  });

  it('the baseline is the mean of the 28 days before the last 3, with at least 7 check-ins', () => {
    // 10 days at 4 and 10 at 3 in the window; one at 1 just outside it (31 days ago) does not count.
    const history = [...days(10, 4, 3), ...days(10, 3, 13), { date: shiftDay(TODAY, -31), score: 1 }];
    expect(readinessStatus(history, TODAY)).toEqual({ recentAverage: null, recentCheckIns: 0, baseline: 3.5, baselineCheckIns: 20, belowBaseline: false });
    expect(readinessStatus(days(6, 4, 3), TODAY).baseline).toBeNull();
    expect(readinessStatus(days(7, 4, 3), TODAY).baseline).toBe(4);
  });

  it('flags an athlete whose 3-day average is at least 0.75 below their baseline', () => {
    expect(FLAG_DROP).toBe(0.75);
    const base = days(14, 4, 3);
    // (3 + 3.25 + 3.5) / 3 = 3.25: exactly 0.75 below 4.
    const low = [...base, { date: TODAY, score: 3 }, { date: shiftDay(TODAY, -1), score: 3.25 }, { date: shiftDay(TODAY, -2), score: 3.5 }];
    expect(readinessStatus(low, TODAY)).toEqual({ recentAverage: 3.25, recentCheckIns: 3, baseline: 4, baselineCheckIns: 14, belowBaseline: true });
    // 3.5 is only 0.5 below.
    expect(readinessStatus([...base, { date: TODAY, score: 3.5 }], TODAY).belowBaseline).toBe(false);
    // Without a baseline nobody is flagged, however low.
    expect(readinessStatus([...days(6, 5, 3), { date: TODAY, score: 1 }], TODAY).belowBaseline).toBe(false);
    // One low day, two normal: 1, 4, 4 → 3.0, flagged (1.0 below).
    expect(readinessStatus([...base, { date: TODAY, score: 1 }, ...days(2, 4, 1)], TODAY).belowBaseline).toBe(true);
  });
});

describe('the weekly recap mail', () => {
  it('shows the week’s readiness when the athlete checked in, and nothing otherwise', () => {
    const data = { name: 'Ann', summary: { workoutsCompleted: 2, totalDuration: 60, streak: 1 }, link: 'https://spotter.example/training' };
    expect(weeklyRecap.text({ ...data, summary: { ...data.summary, readiness: { average: 3.82, checkIns: 7 } } })).toContain('Readiness: 3.8 / 5 on average over 7 check-ins');
    expect(weeklyRecap.text(data)).not.toContain('Readiness');
  });
});
