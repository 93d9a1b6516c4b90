import { describe, expect, it } from 'vitest';
import { initialOf, initialsOf } from '../src/kernel/initials.ts';
import { initials } from '../src/accounts/display-name.ts';

describe('avatar initials', () => {
  it.each([
    ['Ava Johnson', 'A', 'AJ'],
    ['🏋️ Sam Strong', '🏋️', '🏋️S'],
    ['😀', '😀', '😀'],
    ['𝒜lex', '𝒜', '𝒜L'],
    ['Ægir', 'Æ', 'ÆG'],
    ['José Ñúñez', 'J', 'JÑ'],
    ['王小明', '王', '王小'],
    ['👨‍👩‍👧 Family', '👨‍👩‍👧', '👨‍👩‍👧F'],
  ])('%s → %s, %s', (name, one, two) => {
    expect(initialOf(name)).toBe(one);
    expect(initialsOf(name)).toBe(two);
    // Never half a surrogate pair (encodeURIComponent throws on a lone one).
    expect(() => encodeURIComponent(initialsOf(name) + initialOf(name))).not.toThrow();
  });

  it('keeps the profile’s initials of an e-mail-like name and an empty one', () => {
    expect(initials('ava.johnson@example.com')).toBe('AJ');
    expect(initials('')).toBe('?');
  });
});
