import { describe, expect, it } from 'vitest';
import { decompose, periodParts, previousParts, type Part } from '../src/team-analytics/query.ts';
import { addDays } from '../src/training/index.ts';

/** What the parts add up to on one day: the sum of the signs of the parts whose row holds it. */
function weightOn(day: string, parts: Part[]): number {
  const key = { days: day, months: `${day.slice(0, 7)}-01`, years: `${day.slice(0, 4)}-01-01`, totals: day };
  return parts.filter((p) => key[p.level] >= p.from && key[p.level] < p.to).reduce((sum, p) => sum + p.sign, 0);
}

/** Every day from well before `a` to well after `b` is counted once inside [a, b) and never outside it. */
function expectExactCover(a: string, b: string, parts: Part[]) {
  const wrong: string[] = [];
  for (let day = addDays(a, -400); day < addDays(b, 400); day = addDays(day, 1)) {
    const want = day >= a && day < b ? 1 : 0;
    if (weightOn(day, parts) !== want) wrong.push(`${day}: ${weightOn(day, parts)}, not ${want}`);
  }
  expect(wrong).toEqual([]);
}

describe('team analytics range parts', () => {
  it('covers an interval with whole years, whole months and edge days, exactly once', () => {
    expect(decompose('2024-11-18', '2026-03-10')).toEqual([
      { level: 'days', from: '2024-11-18', to: '2024-12-01', sign: 1 },
      { level: 'months', from: '2024-12-01', to: '2025-01-01', sign: 1 },
      { level: 'years', from: '2025-01-01', to: '2026-01-01', sign: 1 },
      { level: 'months', from: '2026-01-01', to: '2026-03-01', sign: 1 },
      { level: 'days', from: '2026-03-01', to: '2026-03-10', sign: 1 },
    ]);
    expect(decompose('2025-06-24', '2025-07-01')).toEqual([{ level: 'days', from: '2025-06-24', to: '2025-07-01', sign: 1 }]);
    expect(decompose('2025-06-01', '2025-07-01')).toEqual([{ level: 'months', from: '2025-06-01', to: '2025-07-01', sign: 1 }]);
    expect(decompose('2025-07-01', '2025-07-01')).toEqual([]);
  });

  it('reads an edge that is most of its month as the month minus the days outside it', () => {
    // A 90-day range ending on the 27th: this month's row minus its last three days, not
    // 27 days of rows; and that month joins the whole months before it in one part.
    expect(decompose('2026-08-30', '2026-11-28')).toEqual([
      { level: 'days', from: '2026-08-30', to: '2026-09-01', sign: 1 },
      { level: 'months', from: '2026-09-01', to: '2026-12-01', sign: 1 },
      { level: 'days', from: '2026-11-28', to: '2026-12-01', sign: -1 },
    ]);
    // Within one month, both sides of it come off.
    expect(decompose('2026-02-03', '2026-02-26')).toEqual([
      { level: 'months', from: '2026-02-01', to: '2026-03-01', sign: 1 },
      { level: 'days', from: '2026-02-01', to: '2026-02-03', sign: -1 },
      { level: 'days', from: '2026-02-26', to: '2026-03-01', sign: -1 },
    ]);
  });

  it('covers every day of any interval exactly once, whatever parts it picks', () => {
    const starts = ['2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-15', '2024-11-02', '2025-06-30'];
    for (const a of starts) {
      for (const length of [0, 1, 6, 7, 13, 27, 28, 29, 30, 31, 45, 89, 90, 180, 364, 365, 366, 800]) {
        const b = addDays(a, length);
        expectExactCover(a, b, decompose(a, b));
        expectExactCover(a, b, periodParts({ from: a, to: addDays(b, -1) }, length > 0));
      }
    }
  });

  it('reads a long period as totals minus before and after, and its previous period as its own months and edge days', () => {
    const parts = periodParts({ from: '2024-07-01', to: '2025-06-30' }, true);
    expect(parts[0]).toEqual({ level: 'totals', from: '1900-01-01', to: '3000-01-01', sign: 1 });
    expect(parts.slice(1)).toEqual([
      { level: 'years', from: '1900-01-01', to: '2024-01-01', sign: -1 },
      { level: 'months', from: '2024-01-01', to: '2024-07-01', sign: -1 },
      { level: 'months', from: '2025-07-01', to: '2026-01-01', sign: -1 },
      { level: 'years', from: '2026-01-01', to: '3000-01-01', sign: -1 },
    ]);
    expect(previousParts({ from: '2023-07-02', to: '2024-06-30' })).toEqual([
      { level: 'months', from: '2023-07-01', to: '2024-07-01', sign: 1 },
      { level: 'days', from: '2023-07-01', to: '2023-07-02', sign: -1 },
    ]);
  });
});
