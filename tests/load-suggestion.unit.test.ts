import { describe, expect, it } from 'vitest';
import { estimatedOneRm, isChartRpe, percentOfOneRm, rpeOfRir, suggestLoad, type RecentSet } from '../src/kernel/load-suggestion.ts';
import { KG_PER_LB, toLbs } from '../src/kernel/units.ts';

const kg = (n: number) => toLbs(n, 'kg');

describe('the RPE chart', () => {
  it('has the published percentages at its corners and along a row', () => {
    expect(percentOfOneRm(1, 10)).toBe(100);
    expect(percentOfOneRm(12, 10)).toBe(68.0);
    expect(percentOfOneRm(1, 6)).toBe(86.3);
    expect(percentOfOneRm(12, 6)).toBe(57.4);
    expect(percentOfOneRm(5, 8)).toBe(81.1);
    expect(percentOfOneRm(3, 9)).toBe(89.2);
  });

  it('each RPE point down is one rep more (RPE 10 − r leaves r reps in reserve)', () => {
    for (let reps = 1; reps <= 10; reps++) {
      expect(percentOfOneRm(reps, 8)).toBe(percentOfOneRm(reps + 2, 10));
      expect(percentOfOneRm(reps + 1, 9.5)).toBe(percentOfOneRm(reps, 8.5));
    }
  });

  it('is off the chart outside 1–12 reps and RPE 6–10 in half steps', () => {
    expect([percentOfOneRm(0, 8), percentOfOneRm(13, 8), percentOfOneRm(5, 5.5), percentOfOneRm(5, 8.25), percentOfOneRm(2.5, 8)]).toEqual([null, null, null, null, null]);
    expect([isChartRpe(6), isChartRpe(9.5), isChartRpe(10.5), isChartRpe(7.2)]).toEqual([true, true, false, false]);
    expect(rpeOfRir(2)).toBe(8);
  });
});

describe('a suggested load', () => {
  it('kg: 100 kg × 5 @ RPE 8 → e1RM 123.3 kg → 3 reps @ RPE 9 (89.2%) = 110.0 kg → 110 kg', () => {
    // By hand: 100 / 0.811 = 123.30 kg; × 0.892 = 109.99 kg; nearest 2.5 kg is 110.
    const sets: RecentSet[] = [{ load: kg(100), reps: 5, rpe: 8, date: '2026-03-02' }];
    const s = suggestLoad(sets, { reps: 3, rpe: 9 }, 'kg')!;
    expect(s.load).toBe(110);
    expect(s.percent).toBe(89.2);
    expect(s.oneRm * KG_PER_LB).toBeCloseTo(123.3, 1);
    expect(s.reason).toBe('e1RM 123.3 kg from 100 kg × 5 @ RPE 8 on 2 Mar → 3 reps @ RPE 9 = 89.2% → 110 kg');
  });

  it('lb: 225 lb × 8 with no RPE is read as RPE 10 → e1RM 286.3 lb → 5 reps @ RPE 7 (78.6%) = 225.0 lb → 225 lb', () => {
    // By hand: 225 / 0.786 = 286.26 lb; × 0.786 = 225.0 lb; nearest 5 lb is 225.
    const s = suggestLoad([{ load: 225, reps: 8, rpe: null, date: '2026-02-20' }], { reps: 5, rpe: 7 }, 'lb')!;
    expect(s.load).toBe(225);
    expect(s.reason).toBe('e1RM 286.3 lb from 225 lb × 8 @ no RPE logged, read as RPE 10 on 20 Feb → 5 reps @ RPE 7 = 78.6% → 225 lb');
  });

  it('takes the set with the best estimate, not the heaviest, and rounds to plates in the reader unit', () => {
    const sets: RecentSet[] = [
      { load: 300, reps: 1, rpe: 10, date: '2026-03-01' }, // e1RM 300
      { load: 275, reps: 5, rpe: 9, date: '2026-03-05' }, // 275 / 0.837 = 328.55
      { load: 200, reps: 20, rpe: 9, date: '2026-03-06' }, // off the chart
    ];
    expect(estimatedOneRm(275, 5, 9)).toBeCloseTo(328.55, 2);
    const lb = suggestLoad(sets, { reps: 8, rpe: 8 }, 'lb')!;
    // 8 reps @ RPE 8 is 73.9%: 328.55 × 0.739 = 242.80 lb → 245 lb.
    expect([lb.source.load, lb.percent, lb.load]).toEqual([275, 73.9, 245]);
    // In kg: 242.80 lb = 110.13 kg → 110 kg.
    expect(suggestLoad(sets, { reps: 8, rpe: 8 }, 'kg')!.load).toBe(110);
  });

  it('has nothing to say without a set or a target on the chart', () => {
    expect(suggestLoad([], { reps: 5, rpe: 8 }, 'kg')).toBeNull();
    expect(suggestLoad([{ load: 100, reps: 5, rpe: 8, date: '2026-03-01' }], { reps: 15, rpe: 8 }, 'kg')).toBeNull();
  });
});
