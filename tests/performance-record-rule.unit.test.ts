import { describe, expect, it } from 'vitest';
import { beats, isRecordNews, setsPersonalBest } from '../src/performance/domain/record-rule.ts';

describe('the personal-record rule', () => {
  it('beats an earlier value when higher, or lower where lower is better; a tie never beats', () => {
    expect(beats(205, 200, false)).toBe(true);
    expect(beats(200, 200, false)).toBe(false);
    expect(beats(58.2, 60, true)).toBe(true);
    expect(beats(61, 60, true)).toBe(false);
  });

  it('counts a first value as the saver’s personal best, but not as news for others', () => {
    expect(setsPersonalBest(100, null)).toBe(true);
    expect(isRecordNews(100, null)).toBe(false);
    expect(setsPersonalBest(100, 120)).toBe(false);
    expect(isRecordNews(130, 120)).toBe(true);
  });
});
