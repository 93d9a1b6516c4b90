import { describe, expect, it } from 'vitest';
import { registerUpcaster, upcast } from '../src/platform/eventstore/upcasters.ts';
import type { StoredEvent } from '../src/platform/eventstore/port.ts';

const stored = (type: string, schemaVersion: number, data: unknown): StoredEvent => ({
  id: '00000000-0000-4000-8000-000000000001',
  stream: 'upcast-1',
  streamVersion: 0,
  type,
  schemaVersion,
  data,
  metadata: {},
  time: new Date(0),
  checkpoint: '00000000000000000001:00000000000000000001',
});

describe('upcasters', () => {
  registerUpcaster('UpcastTestRenamed', 1, (d: { name: string }) => ({ fullName: d.name }));
  registerUpcaster('UpcastTestRenamed', 2, (d: { fullName: string }) => ({ fullName: d.fullName, nick: null }));

  it('brings an old event through every step to the newest version', () => {
    const e = upcast(stored('UpcastTestRenamed', 1, { name: 'Ada' }));
    expect([e.schemaVersion, e.data]).toEqual([3, { fullName: 'Ada', nick: null }]);
  });

  it('starts from the version the event is stored in', () => {
    const e = upcast(stored('UpcastTestRenamed', 2, { fullName: 'Ada' }));
    expect([e.schemaVersion, e.data]).toEqual([3, { fullName: 'Ada', nick: null }]);
  });

  it('hands back the very event when its type or version has no upcaster', () => {
    const current = stored('UpcastTestRenamed', 3, { fullName: 'Ada', nick: null });
    const other = stored('UpcastTestOther', 1, { n: 1 });
    expect(upcast(current)).toBe(current);
    expect(upcast(other)).toBe(other);
  });
});
