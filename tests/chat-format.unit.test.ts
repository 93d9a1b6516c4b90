import { describe, expect, it } from 'vitest';
import { badgeText, timeLabel } from '../web/src/features/chat/utils/format.ts';

describe('chat list labels', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it('says now, then minutes, then hours, then the date', () => {
    expect(timeLabel('2025-03-01T11:59:30Z', now)).toBe('now');
    expect(timeLabel('2025-03-01T11:55:00Z', now)).toBe('5m');
    expect(timeLabel('2025-03-01T09:00:00Z', now)).toBe('3h');
    expect(timeLabel('2025-02-27T09:00:00Z', now)).toBe(new Date('2025-02-27T09:00:00Z').toLocaleDateString());
  });
  it('caps the unread badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
