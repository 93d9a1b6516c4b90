/** Whose fault a projection failure is (poison.ts): the event's parks it, the environment's retries. */
import { describe, expect, it } from 'vitest';
import { faultOf, shouldIsolate, UNKNOWN_FAULT_TRIES } from '../src/platform/projections/poison.ts';

const pgError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code });

describe('faultOf', () => {
  it.each([
    ['22003', 'numeric value out of range'],
    ['23505', 'unique violation'],
    ['42703', 'undefined column'],
    ['54000', 'index row too big'],
  ])('blames the event for %s (%s)', (code) => expect(faultOf(pgError(code))).toBe('event'));

  it.each([
    ['08006', 'connection failure'],
    ['40001', 'serialization failure'],
    ['40P01', 'deadlock'],
    ['53300', 'too many connections'],
    ['57P01', 'admin shutdown'],
  ])('blames the environment for %s (%s)', (code) => expect(faultOf(pgError(code))).toBe('environment'));

  it('blames the environment for a node socket error and a dropped connection, and the event for a handler that threw', () => {
    expect(faultOf(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe('environment');
    expect(faultOf(new Error('Connection terminated unexpectedly'))).toBe('environment');
    expect(faultOf(new TypeError("Cannot read properties of undefined (reading 'sets')"))).toBe('event');
  });

  it('parks an unknown class only after a few tries of the same batch', () => {
    const internal = pgError('XX000');
    expect(faultOf(internal)).toBe('unknown');
    expect(shouldIsolate(internal, UNKNOWN_FAULT_TRIES - 1)).toBe(false);
    expect(shouldIsolate(internal, UNKNOWN_FAULT_TRIES)).toBe(true);
    expect(shouldIsolate(pgError('54000'), 1)).toBe(true);
    expect(shouldIsolate(pgError('40P01'), 100)).toBe(false);
  });
});
