import { describe, expect, it } from 'vitest';
import { decompose, periodParts, previousParts } from '../src/team-analytics/query.ts';

describe('team analytics range parts', () => {
  it('covers an interval with whole years, whole months and edge days, exactly once', () => {
    expect(decompose('2024-11-15', '2026-03-10')).toEqual([
      { level: 'days', from: '2024-11-15', to: '2024-12-01', sign: 1 },
      { level: 'months', from: '2024-12-01', to: '2025-01-01', sign: 1 },
      { level: 'years', from: '2025-01-01', to: '2026-01-01', sign: 1 },
      { level: 'months', from: '2026-01-01', to: '2026-03-01', sign: 1 },
      { level: 'days', from: '2026-03-01', to: '2026-03-10', sign: 1 },
    ]);
    expect(decompose('2025-06-24', '2025-07-01')).toEqual([{ level: 'days', from: '2025-06-24', to: '2025-07-01', sign: 1 }]);
    expect(decompose('2025-06-01', '2025-07-01')).toEqual([{ level: 'months', from: '2025-06-01', to: '2025-07-01', sign: 1 }]);
    expect(decompose('2025-07-01', '2025-07-01')).toEqual([]);
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
      { level: 'days', from: '2023-07-02', to: '2023-08-01', sign: 1 },
      { level: 'months', from: '2023-08-01', to: '2024-07-01', sign: 1 },
    ]);
  });
});
