import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { StatusTable } from '../cli/commands/status.tsx';
import { ReplayProgressBar, ReplayView } from '../cli/commands/replay.tsx';
import { StreamsTable } from '../cli/commands/events.tsx';
import { shortCheckpoint, timeAgo } from '../cli/lib/format.ts';
import type { ProjectionStatusRow } from '../cli/lib/status.ts';
import type { RebuildProgress } from '../cli/lib/replay.ts';

afterEach(() => cleanup());

function frame(instance: ReturnType<typeof render>): string {
  return stripVTControlCharacters(instance.lastFrame() ?? '');
}

const healthy: ProjectionStatusRow = {
  name: 'stream_summaries',
  reactor: false,
  version: 1,
  codeVersion: 1,
  generation: 2,
  checkpoint: '00000000000000000748:00000000000000000012',
  lag: 0,
  owner: 'another process',
  lastError: null,
  parked: 0,
  rebuilding: null,
};

const progress = (p: Partial<RebuildProgress>): RebuildProgress => ({
  projection: 'stream_summaries',
  generation: 3,
  eventsRead: 2500,
  totalEstimate: 10_000,
  elapsedMs: 500,
  applyMs: 400,
  done: false,
  ...p,
});

describe('spotter status table', () => {
  it('shows name, version, generation, short position, lag and owner of each projection', () => {
    const out = frame(render(h(StatusTable, { rows: [healthy] })));
    const [header, row] = out.split('\n');
    expect(header).toMatch(/PROJECTION\s+VERSION\s+GEN\s+POSITION\s+LAG\s+OWNER\s+REBUILD\s+ERROR/);
    expect(row).toMatch(/stream_summaries\s+1\s+2\s+748:12\s+0\s+another process\s+-\s+-/);
  });

  it('shows a pending version change, the lag, an interrupted rebuild and the last error in full', () => {
    const row: ProjectionStatusRow = {
      ...healthy,
      name: 'user_profiles',
      codeVersion: 2,
      lag: 12_345,
      owner: 'this process',
      lastError: 'handler failed on 57',
      rebuilding: { generation: 3, checkpoint: '00000000000000000700:00000000000000000009', active: false },
    };
    const out = frame(render(h(StatusTable, { rows: [healthy, row] })));
    expect(out).toContain('1 → 2');
    expect(out).toContain('12,345');
    expect(out).toContain('this process');
    expect(out).toContain('gen 3 interrupted');
    // Cut in the table's last column, in full under it.
    expect(out.split('\n').at(-1)).toBe('user_profiles: handler failed on 57');
  });

  it('marks reactors as never replayed', () => {
    const out = frame(render(h(StatusTable, { rows: [{ ...healthy, name: 'mail_reactor', reactor: true }] })));
    expect(out).toMatch(/mail_reactor\s+1\s+2\s+748:12\s+0\s+another process\s+never \(reactor\)/);
  });

  it('shows where a running rebuild is', () => {
    const out = frame(render(h(StatusTable, { rows: [{ ...healthy, rebuilding: { generation: 3, checkpoint: '00000000000000000700:00000000000000000009', active: true } }] })));
    expect(out).toContain('gen 3 at 700:9');
  });

  it('lines the columns up from row to row, numbers to the right', () => {
    const other = { ...healthy, name: 'coaching_invite_acceptor', checkpoint: '00000000000012345678:00000000000987654321', lag: 987_654 };
    const [header, first, second] = frame(render(h(StatusTable, { rows: [healthy, other] }))).split('\n');
    expect(first.indexOf('another process')).toBe(header.indexOf('OWNER'));
    expect(second.indexOf('another process')).toBe(header.indexOf('OWNER'));
    expect(first.indexOf(' 0 ') + 2).toBe(header.indexOf('LAG') + 3);
    expect(second.indexOf('987,654') + 7).toBe(header.indexOf('LAG') + 3);
  });

  it('says when a projection was never installed', () => {
    const out = frame(render(h(StatusTable, { rows: [{ ...healthy, generation: 0, checkpoint: null, owner: 'none' }] })));
    expect(out).toMatch(/stream_summaries\s+1\s+-\s+not installed\s+0\s+none/);
  });
});

describe('spotter replay progress', () => {
  it('draws the bar with events read of the estimate, percentage and rate', () => {
    const out = frame(render(h(ReplayProgressBar, { progress: progress({}) })));
    expect(out).toContain('replaying stream_summaries into generation 3');
    expect(out).toContain('██████░░░░░░░░░░░░░░░░░░  25% 2,500/10,000 events · 5,000 events/s · 2 s left');
  });

  it('stops at 100% when events appended during the replay pass the estimate', () => {
    const out = frame(render(h(ReplayProgressBar, { progress: progress({ eventsRead: 10_500 }) })));
    expect(out).toContain(`${'█'.repeat(24)} 100% 10,500/10,000 events`);
  });

  it('shows the count without a percentage when the store gives no estimate', () => {
    const out = frame(render(h(ReplayProgressBar, { progress: progress({ totalEstimate: 0 }) })));
    expect(out).toContain(`${'░'.repeat(24)}    ? 2,500/? events`);
  });

  it('shows one bar, naming them all, for projections replaying together from one read', () => {
    const app = render(h(ReplayView, { completed: [], current: [progress({}), progress({ projection: 'training' })], pending: 'stream_summaries' }));
    expect(frame(app)).toContain('replaying stream_summaries, training together');
    expect(frame(app).match(/ 25% /g)).toHaveLength(1);
  });

  it('updates live and ends with one line per replayed projection', () => {
    const app = render(h(ReplayView, { completed: [], current: [], pending: 'stream_summaries' }));
    expect(frame(app)).toContain('replaying stream_summaries…');
    app.rerender(h(ReplayView, { completed: [], current: [progress({})], pending: 'stream_summaries' }));
    expect(frame(app)).toContain(' 25% ');
    app.rerender(
      h(ReplayView, {
        completed: [{ projection: 'stream_summaries', generation: 3, events: 5000, elapsedMs: 500, eventsPerSecond: 10_000 }],
        current: [],
        pending: null,
      }),
    );
    // Written once, above the live part (Ink's Static), so a long list never repeats its first lines.
    expect(frame(app).trimEnd()).toBe('replayed stream_summaries: 5000 events in 0.50 s (10000 events/s)');
  });
});

describe('spotter events table', () => {
  const now = new Date('2025-03-01T12:00:00Z');
  it('lists stream, type, events, last event and when', () => {
    const rows = [
      { stream: 'workout-42', type: 'workout', events: 1234, lastEvent: 'SetActualRecorded', lastEventAt: new Date('2025-03-01T11:55:00Z') },
      { stream: 'athlete-7', type: 'athlete', events: 3, lastEvent: 'AthleteInvited', lastEventAt: new Date('2025-02-27T09:00:00Z') },
    ];
    const [header, first, second] = frame(render(h(StreamsTable, { rows, now }))).split('\n');
    expect(header).toMatch(/STREAM\s+TYPE\s+EVENTS\s+LAST EVENT\s+WHEN/);
    expect(first).toMatch(/workout-42\s+workout\s+1,234\s+SetActualRecorded\s+5 min ago \(2025-03-01 11:55:00 UTC\)/);
    expect(second).toMatch(/athlete-7\s+athlete\s+3\s+AthleteInvited\s+2 d ago/);
  });

  it('says so when no stream matches the type', () => {
    expect(frame(render(h(StreamsTable, { rows: [], now, type: 'workout' })))).toBe('No streams of type "workout".');
  });
});

describe('formatting', () => {
  it('drops the padding of fixed-width checkpoints', () => {
    expect(shortCheckpoint('00000000000000000748:00000000000000000012')).toBe('748:12');
    expect(shortCheckpoint('00000000000000000000:00000000000000000000')).toBe('0:0');
    expect(shortCheckpoint(null)).toBe('start');
  });

  it('says how long ago in the largest whole unit', () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(timeAgo(new Date('2025-03-01T11:59:30Z'), now)).toBe('30 s ago');
    expect(timeAgo(new Date('2025-03-01T09:00:00Z'), now)).toBe('3 h ago');
  });
});
