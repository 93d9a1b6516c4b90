import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';

describe('SPOTTER_STOP_GRACE_MS', () => {
  it('is 4 s unless set, so that Ctrl-C ends within 5 s', () => {
    expect(loadConfig({}).stopGraceMs).toBe(4000);
    expect(loadConfig({ SPOTTER_STOP_GRACE_MS: ' 30000 ' }).stopGraceMs).toBe(30_000);
  });

  it.each(['abc', '999', '120001', '2500.5', 'Infinity', '4000\u0000'])('refuses %j with what it takes', (value) => {
    expect(() => loadConfig({ SPOTTER_STOP_GRACE_MS: value })).toThrow(`SPOTTER_STOP_GRACE_MS must be a whole number of milliseconds from 1000 to 120000, got "${value}"`);
  });
});
