/**
 * DeltaSum (src/platform/projections/deltas.ts): signed rows summed per key, the ones
 * that cancel out dropped, every key shape the read models use (none, one column,
 * several), and a key's values told apart exactly.
 */
import { describe, expect, it } from 'vitest';
import { DeltaSum } from '../src/platform/projections/deltas.ts';

const byKey = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('DeltaSum', () => {
  it('sums the rows of one key and keeps keys apart', () => {
    const sum = new DeltaSum(['sets', 'volume']);
    sum.add({ athlete_id: 'a', date: '2026-01-01' }, { sets: 4, volume: 1000 }, 1);
    sum.add({ athlete_id: 'a', date: '2026-01-01' }, { sets: 2, volume: 250.5 }, 1);
    sum.add({ athlete_id: 'a', date: '2026-01-02' }, { sets: 3 }, 1);
    sum.add({ athlete_id: 'b', date: '2026-01-01' }, { sets: 1, volume: 10 }, -1);
    expect(byKey(sum.nonZero())).toEqual(
      byKey([
        { athlete_id: 'a', date: '2026-01-01', sets: 6, volume: 1250.5 },
        { athlete_id: 'a', date: '2026-01-02', sets: 3, volume: 0 },
        { athlete_id: 'b', date: '2026-01-01', sets: -1, volume: -10 },
      ]),
    );
  });

  it('drops a row whose deltas cancel out, float noise included', () => {
    const sum = new DeltaSum(['load']);
    sum.add({ athlete_id: 'a' }, { load: 0.1 }, 1);
    sum.add({ athlete_id: 'a' }, { load: 0.2 }, 1);
    sum.add({ athlete_id: 'a' }, { load: 0.3 }, -1);
    sum.add({ athlete_id: 'b' }, { load: 0.3 }, 1);
    expect(sum.nonZero()).toEqual([{ athlete_id: 'b', load: 0.3 }]);
  });

  it('sums a key of no columns into one row', () => {
    const sum = new DeltaSum(['n']);
    sum.add({}, { n: 2 }, 1);
    sum.add({}, { n: 5 }, 1);
    expect(sum.nonZero()).toEqual([{ n: 7 }]);
  });

  it('tells apart keys whose values would run together if joined', () => {
    const sum = new DeltaSum(['n']);
    sum.add({ a: 'x', b: 'yz' }, { n: 1 }, 1);
    sum.add({ a: 'xy', b: 'z' }, { n: 1 }, 1);
    sum.add({ a: 'x\u0000y', b: 'z' }, { n: 1 }, 1);
    expect(sum.nonZero()).toHaveLength(3);
  });

  it('leaves the keys it was given as they were', () => {
    const sum = new DeltaSum(['n']);
    const key = { athlete_id: 'a' };
    sum.add(key, { n: 1 }, 1);
    sum.nonZero();
    expect(key).toEqual({ athlete_id: 'a' });
  });
});
