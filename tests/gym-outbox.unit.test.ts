/** The outbox's pure parts: UUIDv7 ids (RFC 9562 layout, in the order made) and the back-off between tries. */
import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../web/src/lib/uuid7.ts';
import { backoff } from '../web/src/lib/offline/outbox.ts';

describe('uuidv7', () => {
  it('puts the Unix milliseconds first, then version 7 and the RFC variant', () => {
    const at = Date.UTC(2025, 2, 3, 14, 2, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts in the order made, also many in one millisecond and when the clock steps back', () => {
    const at = Date.UTC(2030, 0, 1);
    const ids = [...Array.from({ length: 5000 }, () => uuidv7(at)), uuidv7(at - 1000), uuidv7(at + 5)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('backoff', () => {
  it('doubles from one second, stays between half and all of its step, and is capped at a minute', () => {
    expect(backoff(1, () => 0)).toBe(500);
    expect(backoff(1, () => 1)).toBe(1000);
    expect(backoff(3, () => 0.5)).toBe(3000);
    expect(backoff(20, () => 1)).toBe(60_000);
    expect(backoff(20, () => 0)).toBe(30_000);
  });
});
