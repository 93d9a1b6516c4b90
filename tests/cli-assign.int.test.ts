/**
 * `spotter assign` against a real server's database: a CSV with an unknown e-mail
 * and a duplicate, an idempotent rerun, a dry run that writes nothing, and the real
 * `spotter` binary answering JSON.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../cli/command.ts';
import { athletesFromCsv, athletesFromList } from '../cli/lib/athlete-list.ts';
import { assignExitCode, runAssign } from '../cli/lib/assign.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestServer;
let coach: User;
let ann: User;
let ben: User;
let cy: User;
const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const exercise = { exercise_name: 'Back Squat', exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] };
const tw = (id: string, name: string) => ({ id, name, isTemplate: true, exercises: [exercise] });

const deps = () => ({ pool: t.server.platform.pool, store: t.server.platform.store });
const eventCount = async (type: string) => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE event_type = $1', [type])).rows[0].n as number;
/** The assignment reactor schedules the workouts after the command answers: callers poll. */
async function workoutsOf(athleteId: string): Promise<number> {
  await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);
  return (await t.db.pool.query('SELECT count(*)::int AS n FROM workouts WHERE athlete_id = $1 AND NOT deleted', [athleteId])).rows[0].n as number;
}

beforeAll(async () => {
  t = await startTestServer();
  [coach, ann, ben, cy] = await Promise.all([signedInUser(t, 'Coach Cam'), signedInUser(t, 'Ann'), signedInUser(t, 'Ben'), signedInUser(t, 'Cy')]);
  for (const a of [ann, ben, cy]) await linkAthlete(t, coach, a);
  const saved = await t.api(
    'POST',
    '/api/program-templates',
    {
      name: 'Base Block',
      description: '',
      category: 'strength',
      is_public: false,
      workouts: { 'day-1': [tw('a', 'Lower')], 'day-3': [tw('b', 'Upper')], 'day-8': [tw('c', 'Full')] },
    },
    coach.accessToken,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  await settled(t, saved.body.checkpoint);
});

afterAll(() => t?.close());

describe('the athletes of spotter assign', () => {
  it('reads a CSV by its email column, with quotes and line numbers', () => {
    expect(athletesFromCsv('name,Email\n"Lima, Ana",Ana@X.com\n\nBo,bo@x.com\n')).toEqual([
      { line: 2, email: 'ana@x.com' },
      { line: 4, email: 'bo@x.com' },
    ]);
    // A quoted field over two lines: the next row still gets its own line number.
    expect(athletesFromCsv('name,email\n"Lima\nAna",ana@x.com\nBo,bo@x.com\n').map((e) => e.line)).toEqual([2, 4]);
    // A spreadsheet's semicolons are read as such.
    expect(athletesFromCsv('name;email\nAna;ana@x.com\n')).toEqual([{ line: 2, email: 'ana@x.com' }]);
  });

  it('gives each unusable row its line and reason', () => {
    expect(athletesFromCsv('name,email\nonly-one\nBo,\nCy,not-an-address\nDi,di@x.com\u0000\nEd,ed@x.com\n')).toEqual([
      { line: 2, email: '', problem: '1 column(s) where the header has 2, so no e-mail' },
      { line: 3, email: '', problem: 'no e-mail address in the email column' },
      { line: 4, email: 'not-an-address', problem: 'not an e-mail address: "not-an-address"' },
      { line: 5, email: 'di@x.com\u0000', problem: 'not an e-mail address (control or invalid characters)' },
      { line: 6, email: 'ed@x.com' },
    ]);
    expect(() => athletesFromCsv('email\n"ana@x.com\nbo@x.com\n')).toThrow('The athletes file cannot be read at line 2: a quote opened here is never closed');
    expect(() => athletesFromCsv('name;mail\nAna;a@x.com')).toThrow('found 2 column(s): "name", "mail".');
  });

  it('refuses a file without an email header and an empty list', () => {
    expect(() => athletesFromCsv('ana@x.com\nbo@x.com')).toThrow(UsageError);
    expect(() => athletesFromList(' , ')).toThrow('--athletes names no e-mail.');
  });
});

describe('spotter assign', () => {
  it('previews on a dry run and writes nothing', async () => {
    const before = await eventCount('TemplateAssigned');
    const report = await runAssign(deps(), { template: 'base block', coach: coach.email, start, athletes: athletesFromList(ann.email), dryRun: true });
    // The dialog's preview: the first seven days, rest days included, then how many more.
    expect(report.preview.days.map((d) => d.workouts.map((w) => w.name).join())).toEqual(['Lower', '', 'Upper', '', '', '', '']);
    expect(report.preview.moreDays).toBe(1);
    // UNTIL is known before anything is written: the last workout's day (day 8).
    expect(report.lines).toEqual([expect.objectContaining({ email: ann.email.toLowerCase(), outcome: 'would assign', workouts: 3, endDate: plusDays(start, 7) })]);
    expect(await eventCount('TemplateAssigned')).toBe(before);
  });

  it('assigns to the known athletes of a CSV, reports the unknown and duplicate lines, and schedules nothing twice on a rerun', async () => {
    const csv = `email\n${ann.email}\nnobody@example.com\n${ben.email}\n${ann.email.toUpperCase()}\n`;
    const first = await runAssign(deps(), { template: 'Base Block', coach: coach.email, start, athletes: athletesFromCsv(csv), staff: 'ops' });
    expect(first.lines.map((l) => [l.line, l.outcome, l.reason ?? null])).toEqual([
      [2, 'assigned', null],
      [3, 'skipped', 'no account with this e-mail'],
      [4, 'assigned', null],
      [5, 'skipped', 'duplicate e-mail'],
    ]);
    expect(assignExitCode(first)).toBe(1);
    await expect.poll(() => workoutsOf(ann.user.id)).toBe(3);
    await expect.poll(() => workoutsOf(ben.user.id)).toBe(3);

    const again = await runAssign(deps(), { template: 'Base Block', coach: coach.email, start, athletes: athletesFromCsv(csv), staff: 'ops' });
    expect(again.lines.filter((l) => l.outcome === 'already assigned')).toHaveLength(2);
    expect(again.lines.some((l) => l.outcome === 'assigned')).toBe(false);
    expect(await eventCount('TemplateAssigned')).toBe(2);
    await expect.poll(() => eventCount('WorkoutScheduled')).toBe(6);

    // A dry run after the real one says what a rerun would: already assigned.
    const dry = await runAssign(deps(), { template: 'Base Block', coach: coach.email, start, athletes: athletesFromCsv(csv), dryRun: true });
    expect(dry.totals).toMatchObject({ 'already assigned': 2, 'would assign': 0, skipped: 2 });
    // With --all-or-nothing the two bad lines stop everyone, and nothing is written.
    const strict = await runAssign(deps(), { template: 'Base Block', coach: coach.email, start: plusDays(start, 1), athletes: athletesFromCsv(csv), allOrNothing: true });
    expect(strict.totals).toMatchObject({ 'not applied': 2, skipped: 2, assigned: 0 });
    expect(assignExitCode(strict)).toBe(2);
    expect(await eventCount('TemplateAssigned')).toBe(2);
    expect(await workoutsOf(ann.user.id)).toBe(3);
  });

  it('refuses bad arguments before writing anything', async () => {
    const athletes = athletesFromList(cy.email);
    await expect(runAssign(deps(), { template: 'Base Block', coach: coach.email, start: '2020-01-01', athletes })).rejects.toThrow(/before today/);
    await expect(runAssign(deps(), { template: 'Base Block', coach: coach.email, start: '2026-02-30', athletes })).rejects.toThrow(/--start must be a date/);
    await expect(runAssign(deps(), { template: 'No Such', coach: coach.email, start, athletes })).rejects.toThrow(
      'The coach has no template named "No Such". Their templates: "Base Block".',
    );
    // An athlete given as the coach is told so.
    await expect(runAssign(deps(), { template: 'Base Block', coach: ann.email, start, athletes })).rejects.toThrow(`${ann.email} is not a coach`);
    await expect(runAssign(deps(), { template: 'Base Block', coach: 'ghost@example.com', start, athletes })).rejects.toBeInstanceOf(UsageError);
    expect(await workoutsOf(cy.user.id)).toBe(0);
  });

  it('runs as the real spotter binary against the server database and answers JSON', async () => {
    const run = promisify(execFile);
    const { stdout } = await run(
      'npx',
      ['spotter', 'assign', '--template', 'Base Block', '--coach', coach.email, '--start', start, '--athletes', `${cy.email},${ann.email}`, '--json'],
      {
        env: { ...process.env, DATABASE_URL: t.db.url },
      },
    );
    const report = JSON.parse(stdout);
    expect(report.lines.map((l: { email: string; outcome: string }) => [l.email, l.outcome])).toEqual([
      [cy.email.toLowerCase(), 'assigned'],
      [ann.email.toLowerCase(), 'already assigned'],
    ]);
    expect(report.totals).toMatchObject({ athletes: 2, assigned: 1, 'already assigned': 1, workoutsScheduled: 3 });
    await expect.poll(() => workoutsOf(cy.user.id)).toBe(3);
  });

  it('exits with 2 and a clear message for bad arguments', async () => {
    const run = promisify(execFile);
    const failed = await run('npx', ['spotter', 'assign', '--coach', coach.email, '--start', start, '--athletes', cy.email], {
      env: { ...process.env, DATABASE_URL: t.db.url },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('--template is required.');
  });
});
