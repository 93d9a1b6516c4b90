import { describe, expect, it } from 'vitest';
import { complianceBand } from '../web/src/features/clients/components/compliance.tsx';

describe('complianceBand (spec §9 colours)', () => {
  it.each([
    [100, 'good'],
    [90, 'good'],
    [89.6, 'good'],
    [89, 'warning'],
    [70, 'warning'],
    [69.4, 'bad'],
    [0, 'bad'],
    [null, 'none'],
  ] as const)('%s → %s', (value, band) => {
    expect(complianceBand(value)).toBe(band);
  });
});
