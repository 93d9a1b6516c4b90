/** The views issue 29 added or changed: assign's summary, status's server line, templates and athletes. */
import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { AssignSummary, SchedulePreview } from '../cli/commands/assign.tsx';
import { ServerLine } from '../cli/commands/status.tsx';
import { TemplatesTable } from '../cli/commands/templates.tsx';
import { AthletesTable } from '../cli/commands/athletes.tsx';
import type { AssignLine, AssignOutcome, AssignReport } from '../cli/lib/assign.ts';

afterEach(() => cleanup());

const frame = (instance: ReturnType<typeof render>) => stripVTControlCharacters(instance.lastFrame() ?? '');

function report(lines: AssignLine[], over: Partial<AssignReport> = {}): AssignReport {
  const outcomes: AssignOutcome[] = ['assigned', 'already assigned', 'would assign', 'skipped', 'failed', 'not applied', 'not started'];
  const tally = Object.fromEntries(outcomes.map((o) => [o, lines.filter((l) => l.outcome === o).length])) as Record<AssignOutcome, number>;
  return {
    template: { id: 't', name: 'Base Block', workouts: 3 },
    startDate: '2026-12-07',
    preview: {
      days: [
        { dayKey: 'day-1', date: '2026-12-07', workouts: [{ name: 'Lower', exerciseCount: 1 }] },
        { dayKey: 'day-2', date: '2026-12-08', workouts: [{ name: 'Upper', exerciseCount: 4 }] },
      ],
      moreDays: 0,
    },
    lines,
    totals: { ...tally, athletes: lines.length, workoutsScheduled: lines.filter((l) => l.outcome === 'assigned').reduce((n, l) => n + l.workouts, 0) },
    interrupted: false,
    serverRunning: true,
    elapsedMs: 1200,
    ...over,
  };
}

const line = (n: number, outcome: AssignOutcome, over: Partial<AssignLine> = {}): AssignLine => ({
  line: n,
  email: `a${n}@x.test`,
  outcome,
  workouts: 3,
  endDate: '2026-12-14',
  ...over,
});

describe('spotter assign summary', () => {
  it('shows UNTIL on a dry run and says what is already assigned', () => {
    const out = frame(render(h(AssignSummary, { dryRun: true, report: report([line(1, 'would assign'), line(2, 'already assigned')]) })));
    expect(out).toContain('2026-12-14');
    expect(out).toContain('Dry run: 1 athlete(s) would get 3 workouts each; 1 already assigned; 0 skipped. Nothing was written.');
  });

  it('writes "1 exercise" and "4 exercises"', () => {
    const out = frame(render(h(SchedulePreview, { report: report([]) })));
    expect(out).toContain('Lower (1 exercise)');
    expect(out).toContain('Upper (4 exercises)');
  });

  it('prints a summary when interrupted, with what was not started', () => {
    const out = frame(
      render(h(AssignSummary, { dryRun: false, report: report([line(1, 'assigned'), line(2, 'not started', { workouts: 0, reason: 'interrupted' })], { interrupted: true }) })),
    );
    expect(out).toContain('Interrupted: 1 assigned (3 workouts)');
    expect(out).toContain('1 not started (run again to finish: nothing is assigned twice)');
  });

  it('says the workouts wait when no server is running', () => {
    const out = frame(render(h(AssignSummary, { dryRun: false, report: report([line(1, 'assigned')], { serverRunning: false }) })));
    expect(out).toContain('Queued; the server is not running, so nothing is scheduled or sent until it starts.');
  });

  it('says all or nothing applied nothing', () => {
    const out = frame(
      render(h(AssignSummary, { dryRun: false, report: report([line(1, 'not applied', { workouts: 0 }), line(2, 'skipped', { workouts: 0, reason: 'duplicate e-mail' })]) })),
    );
    expect(out).toContain('All or nothing: 1 line(s) unusable, so none of the 2 was assigned. Nothing was written.');
  });
});

describe('spotter status server line', () => {
  it('says whether a server is running', () => {
    expect(frame(render(h(ServerLine, { running: true })))).toContain('server: running');
    expect(frame(render(h(ServerLine, { running: false })))).toContain('server: not running; assignments and mails wait until it starts');
  });
});

describe('spotter templates and athletes', () => {
  it('list the coach’s templates with their ids', () => {
    const out = frame(
      render(
        h(TemplatesTable, {
          rows: [{ id: '0b6f0000-0000-4000-8000-000000000001', name: 'Base Block', category: 'strength', workouts: 3, days: 8, updatedAt: new Date('2026-11-02T10:00:00Z') }],
        }),
      ),
    );
    expect(out).toMatch(/Base Block\s+0b6f0000-0000-4000-8000-000000000001\s+strength\s+3\s+8\s+2026-11-02/);
    expect(frame(render(h(TemplatesTable, { rows: [] })))).toBe('This coach has no templates yet.');
  });

  it('list athletes with the next workout’s date never cut', () => {
    const out = frame(
      render(
        h(AthletesTable, {
          rows: [
            {
              email: 'ana@x.test',
              name: 'Ana',
              linkedAt: new Date('2026-10-01T00:00:00Z'),
              done28d: 11,
              nextWorkout: { date: '2026-12-01', name: 'A very long workout name that goes on' },
            },
          ],
        }),
      ),
    );
    expect(out).toContain('2026-12-01 A very long');
    expect(out).toMatch(/ana@x\.test\s+Ana\s+2026-10-01\s+11/);
  });
});
