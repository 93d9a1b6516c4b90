import { describe, expect, it } from 'vitest';
import { excerptOf } from '../web/src/features/chat/utils/excerpt.ts';

describe('a search result’s excerpt', () => {
  it('marks the match as written, whatever the case searched for', () => {
    expect(excerptOf('Remember the Kettlebell complex', 'kettlebell')).toEqual({ before: 'Remember the ', match: 'Kettlebell', after: ' complex' });
  });
  it('keeps some text either side of a match deep in a long message, with ellipses where it cut', () => {
    const text = `${'a'.repeat(100)}needle${'b'.repeat(300)}`;
    const { before, match, after } = excerptOf(text, 'NEEDLE');
    expect(match).toBe('needle');
    expect(before).toBe(`…${'a'.repeat(40)}`);
    expect(after).toBe(`${'b'.repeat(114)}…`);
  });
  it('shows the start unmarked when the browser cannot find the match again', () => {
    expect(excerptOf('Straße', 'STRASSE')).toEqual({ before: '', match: '', after: 'Straße' });
  });
});
