import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { RecapSummary } from '../cli/commands/recap.tsx';
import { OutboxLine } from '../cli/commands/status.tsx';
import { ProgressBar } from '../cli/ui/progress.tsx';
import type { RecapLine, RecapReport } from '../cli/lib/recap.ts';

afterEach(() => cleanup());

const frame = (instance: ReturnType<typeof render>) => stripVTControlCharacters(instance.lastFrame() ?? '');

const line = (over: Partial<RecapLine>): RecapLine => ({
  athlete: 'Ana Lima',
  email: 'ana@x.test',
  week: '2026-W47',
  from: '2026-11-16',
  to: '2026-11-22',
  workouts: 4,
  durationSeconds: 185 * 60,
  streak: 3,
  nextWorkout: 'Lower Body Strength and Conditioning on 2026-11-25',
  headline: 'Outstanding',
  outcome: 'queued',
  ...over,
});

const report = (lines: RecapLine[], over: Partial<RecapReport> = {}): RecapReport => {
  const totals = { queued: 0, resent: 0, 'already sent': 0, failed: 0, 'would queue': 0, 'would resend': 0, 'not started': 0, recaps: lines.length };
  for (const l of lines) totals[l.outcome] += 1;
  return { dryRun: false, weeks: ['2026-W47'], totals, serverRunning: true, lines, ...over };
};

describe('spotter recap summary', () => {
  it('lists queued, already sent and failed recaps, with the failure named and the week dated', () => {
    const out = frame(
      render(h(RecapSummary, { report: report([line({}), line({ athlete: 'Bo', outcome: 'already sent' }), line({ athlete: 'Cy', outcome: 'failed', error: 'boom' })]) })),
    );
    expect(out).toContain('Ana Lima');
    expect(out).toContain('2026-W47 (11-16–11-22)');
    expect(out).toContain('3h 5m');
    // The row says what the footer says: queued, not "sent".
    const results = out
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l.startsWith('Outstanding'));
    expect(results).toEqual(['Outstanding  queued', 'Outstanding  already sent', 'Outstanding  failed: boom']);
    // The next workout's date is never what gets cut.
    expect(out).toContain('2026-11-25 Lower Body');
    expect(out).toContain('failed: boom');
    expect(out).toContain('1 queued for sending, 0 resent, 1 already sent before, 1 failed.');
    expect(out).not.toContain('the server is not running');
  });

  it('says a dry run sent nothing and what a real run would do', () => {
    const out = frame(render(h(RecapSummary, { report: report([line({ outcome: 'would queue' }), line({ athlete: 'Bo', outcome: 'already sent' })], { dryRun: true }) })));
    expect(out).toContain('Dry run: 1 would be queued for sending, 0 resent, 1 already sent before. Nothing was sent.');
  });

  it('prints a summary when interrupted, with what was not started', () => {
    const out = frame(render(h(RecapSummary, { report: report([line({}), line({ athlete: 'Bo', outcome: 'not started' })]) })));
    // The frame wraps at 100 columns.
    expect(out.replace(/\n/g, ' ')).toContain(
      'Interrupted: 1 queued for sending, 0 resent, 0 already sent before, 0 failed, 1 not started (run again to finish: nothing is sent twice).',
    );
  });

  it('says the mails wait when no server is running', () => {
    const out = frame(render(h(RecapSummary, { report: report([line({})], { serverRunning: false }) })));
    expect(out).toContain('Queued; the server is not running, so nothing is scheduled or sent until it starts.');
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
