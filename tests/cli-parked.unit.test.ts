import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { ParkedTable, RetryLines } from '../cli/commands/parked.tsx';
import { StatusTable } from '../cli/commands/status.tsx';
import type { ProjectionStatusRow } from '../cli/lib/status.ts';

afterEach(() => cleanup());

const frame = (instance: ReturnType<typeof render>) => stripVTControlCharacters(instance.lastFrame() ?? '');

const parked = {
  id: 7,
  projection: 'training',
  generation: 1,
  checkpoint: '00000000000000000748:00000000000000000012',
  eventId: '5f0c3f5e-3d7e-4a57-9f7e-0d3c9b1f2a11',
  stream: 'workout-5f0c3f5e',
  streamVersion: 0,
  type: 'WorkoutScheduled',
  error: 'null value in column "load" violates not-null constraint (23502)',
  parkedAt: new Date('2026-11-24T00:10:00Z'),
  attempts: 2,
};

describe('spotter parked', () => {
  it('lists each parked event with projection, position, event, stream, tries and error', () => {
    const out = frame(render(h(ParkedTable, { rows: [parked] })));
    expect(out).toMatch(/ID\s+PROJECTION\s+POSITION\s+EVENT\s+STREAM\s+PARKED\s+TRIES\s+ERROR/);
    expect(out).toMatch(/7\s+training\s+748:12\s+WorkoutScheduled 5f0c3f5e-3d7e-4a57-9f7e-0d3c9b1f2a11\s+workout-5f0c3f5e@0\s+2026-11-24 00:10:00 UTC\s+2\s+null value/);
    expect(out).toContain('spotter parked --retry <id>');
  });

  it('says so when nothing is parked', () => {
    expect(frame(render(h(ParkedTable, { rows: [] })))).toContain('No parked events');
  });

  it('reports each retry: applied, still failing with the error, or no longer parked', () => {
    const out = frame(
      render(
        h(RetryLines, {
          results: [
            { id: 7, projection: 'training', eventId: 'e1', outcome: 'applied', error: null },
            { id: 8, projection: 'training', eventId: 'e2', outcome: 'failed', error: 'still broken' },
            { id: 9, projection: 'training', eventId: 'e3', outcome: 'gone', error: null },
          ],
        }),
      ),
    );
    expect(out.split('\n')).toEqual(['7 training e1: applied', '8 training e2: still failing: still broken', '9 training e3: no longer parked']);
  });

  it('spotter status shows a PARKED column once a projection has parked events', () => {
    const row: ProjectionStatusRow = {
      name: 'training', reactor: false, version: 2, codeVersion: 2, generation: 1, checkpoint: parked.checkpoint,
      lag: 0, owner: 'this process', lastError: null, parked: 3, rebuilding: null,
    };
    const out = frame(render(h(StatusTable, { rows: [row] })));
    expect(out).toMatch(/LAG\s+PARKED\s+OWNER/);
    expect(out).toMatch(/training\s+2\s+1\s+748:12\s+0\s+3\s+this process/);
    expect(out).toContain('spotter parked');
  });
});
