import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { RecapSummary } from '../cli/commands/recap.tsx';
import { OutboxLine } from '../cli/commands/status.tsx';
import { ProgressBar } from '../cli/ui/progress.tsx';
import type { RecapLine } from '../cli/lib/recap.ts';

afterEach(() => cleanup());

const frame = (instance: ReturnType<typeof render>) => stripVTControlCharacters(instance.lastFrame() ?? '');

const line = (over: Partial<RecapLine>): RecapLine => ({
  athlete: 'Ana Lima',
  email: 'ana@x.test',
  week: '2026-W47',
  workouts: 4,
  duration: '3h 5m',
  streak: 3,
  nextWorkout: 'Lower on 2026-11-25',
  headline: 'Outstanding',
  outcome: 'sent',
  ...over,
});

describe('spotter recap summary', () => {
  it('lists sent, already sent and failed recaps, with the failure named', () => {
    const out = frame(
      render(h(RecapSummary, { dryRun: false, lines: [line({}), line({ athlete: 'Bo', outcome: 'already sent' }), line({ athlete: 'Cy', outcome: 'failed', error: 'boom' })] })),
    );
    expect(out).toContain('Ana Lima');
    expect(out).toContain('3h 5m');
    expect(out).toContain('failed: boom');
    expect(out).toContain('1 queued for sending, 1 already sent before, 1 failed.');
  });

  it('says a dry run sent nothing', () => {
    expect(frame(render(h(RecapSummary, { dryRun: true, lines: [line({ outcome: 'preview' })] })))).toContain('1 recap(s) previewed; nothing was sent.');
  });
});

describe('progress bar', () => {
  it('shows count, rate and time left', () => {
    const out = frame(render(h(ProgressBar, { progress: { label: 'assign', done: 50, total: 200, elapsedMs: 5000 } })));
    expect(out).toContain('50/200');
    expect(out).toContain('10/s');
    expect(out).toContain('15 s left');
  });
});

describe('spotter status outbox line', () => {
  it('shows queued, deferred, sent and failed mails', () => {
    const out = frame(render(h(OutboxLine, { outbox: { queued: 2, deferred: 1, sending: 0, sent: 40, failed: 0 } })));
    expect(out).toContain('2 queued');
    expect(out).toContain('1 deferred by the hourly limit');
    expect(out).toContain('40 sent');
  });
});
