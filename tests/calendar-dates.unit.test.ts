import { describe, expect, it } from 'vitest';
import { anchorForView, shiftAnchor } from '../web/src/features/calendar/utils/dates.ts';

describe('the day a calendar view opens on', () => {
  const today = '2026-11-26';
  it('is today when the current view shows today, even after paging there by months (anchor on the 1st)', () => {
    const back = shiftAnchor('month', shiftAnchor('month', today, -1), 1);
    expect(back).toBe('2026-11-01');
    expect(anchorForView('month', back, today)).toBe(today);
    expect(anchorForView('week', '2026-11-23', today)).toBe(today);
  });
  it('is the day paged or chosen to when the view does not show today', () => {
    expect(anchorForView('month', '2027-02-01', today)).toBe('2027-02-01');
    expect(anchorForView('day', '2026-12-03', today)).toBe('2026-12-03');
  });
});
