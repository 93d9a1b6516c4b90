/**
 * The staff's terminal around the wrong database and bad arguments, with the real
 * `spotter` binary as a process: an empty database is refused and left empty, a bad
 * DATABASE_URL is one sentence naming it, every bad argument exits with 2 as the
 * README promises, `--json` on every command parses, dry runs after real runs say
 * "already", a malformed CSV names its line (and `--all-or-nothing` applies none),
 * and `db stop` under a running server asks first.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { runSpotter } from './support/cli.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { runningPort, startEmbeddedPostgres, stopEmbeddedAt } from '../src/platform/db/embedded.ts';
import { startPlatform, type Platform } from '../src/platform/start.ts';
import { weeklyRecapsProjection } from '../projections/recaps/weekly-recaps.ts';

/** `spotter <args>` with no database unless the case names one. */
const spotter = (args: string[], env: Record<string, string> = {}) => runSpotter(args, { DATABASE_URL: '', ...env });

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestServer;
let coach: User;
let ann: User;
let ben: User;
let tmp: string;
const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const exercise = { exercise_name: 'Back Squat', exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load: 100 }] };

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-guards-'));
  await fs.chmod(tmp, 0o755);
  t = await startTestServer();
  [coach, ann, ben] = await Promise.all([signedInUser(t, 'Coach Guard'), signedInUser(t, 'Ann Guard'), signedInUser(t, 'Ben Guard')]);
  for (const a of [ann, ben]) await linkAthlete(t, coach, a);
  const saved = await t.api(
    'POST',
    '/api/program-templates',
    {
      name: 'Guard Block',
      description: '',
      category: 'strength',
      is_public: false,
      workouts: { 'day-1': [{ id: 'a', name: 'Lower', isTemplate: true, exercises: [exercise] }], 'day-3': [{ id: 'b', name: 'Upper', isTemplate: true, exercises: [exercise] }] },
    },
    coach.accessToken,
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  await settled(t, saved.body.checkpoint);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stopEmbeddedAt(path.join(tmp, 'data')).catch(() => {});
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('the wrong database', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase({ migrate: false });
  });
  afterAll(() => empty?.drop());

  it('status against an empty database creates nothing and says what is wrong', { timeout: 120_000 }, async () => {
    const status = await spotter(['status'], { DATABASE_URL: empty.url });
    expect(status.code).toBe(1);
    expect(status.stderr.trim()).toMatch(/^spotter status: DATABASE_URL \(127\.0\.0\.1:\d+\/t_\w+\) holds no Spotter database: check DATABASE_URL, or run `spotter migrate`/);
    const assign = await spotter(['assign', '--template', 'x', '--coach', coach.email, '--start', start, '--athletes', ann.email], { DATABASE_URL: empty.url });
    expect(assign.code).toBe(1);
    expect(assign.stderr).not.toContain('relation');
    const { rows } = await empty.pool.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    expect(rows[0].n).toBe(0);
  });

  it('`spotter migrate` is the command that installs the schema', { timeout: 120_000 }, async () => {
    const migrated = await spotter(['migrate', '--json'], { DATABASE_URL: empty.url });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout)).toMatchObject({ installed: true, applied: expect.arrayContaining([expect.stringMatching(/^001-/)]) });
    const status = await spotter(['status', '--json'], { DATABASE_URL: empty.url });
    expect(status.code, status.stderr).toBe(0);
    // No server runs on it: status says so.
    expect(JSON.parse(status.stdout).server).toEqual({ running: false });
  });

  it('a bad DATABASE_URL is one sentence that names it', { timeout: 120_000 }, async () => {
    const unknownHost = await spotter(['status'], { DATABASE_URL: 'postgres://spotter:x@no-such-host.invalid:5432/spotter' });
    expect(unknownHost.code).toBe(1);
    expect(unknownHost.stderr.trim()).toBe(
      'spotter status: Cannot connect to DATABASE_URL (no-such-host.invalid:5432/spotter): its host name does not resolve; check DATABASE_URL.',
    );
    const refused = await spotter(['events'], { DATABASE_URL: 'postgres://spotter:x@127.0.0.1:1/spotter' });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('spotter events: Cannot connect to DATABASE_URL (127.0.0.1:1/spotter): nothing accepts connections at that address; check DATABASE_URL.');
  });
});

describe('exit codes', () => {
  it('are 2 for every bad argument, as the README says', { timeout: 240_000 }, async () => {
    const db = { DATABASE_URL: t.db.url };
    const cases: [string[], RegExp][] = [
      [['nosuch'], /unknown command 'nosuch'/],
      [[], /Usage: spotter/],
      [['replay', 'nosuch'], /Unknown projection "nosuch"/],
      [['replay', '--writers', '4'], /expected a whole number from 1 to 3, got "4"/],
      [['parked', '--all'], /--all goes with --retry/],
      [['recap', '--week', '2026-W99'], /--week must be an ISO week/],
      [['events', '--limit', '0'], /expected a whole number/],
      [['db', 'start'], /expected "stop"/],
      [['templates'], /--coach is required/],
      [['athletes', '--coach', ann.email], /is not a coach \(an athlete of/],
      [['assign', '--template', 'Nope', '--coach', coach.email, '--start', start, '--athletes', ann.email], /no template named "Nope"\. Their templates: "Guard Block"/],
    ];
    // Each is refused before it writes anything, so they run side by side.
    const outcomes = await Promise.all(cases.map(([args]) => spotter(args, db)));
    cases.forEach(([args, message], i) => {
      expect({ args, code: outcomes[i].code }).toEqual({ args, code: 2 });
      expect(outcomes[i].stderr + outcomes[i].stdout).toMatch(message);
    });
  });

  it('a recap without a terminal and without --yes sends nothing', { timeout: 120_000 }, async () => {
    const r = await spotter(['recap', '--coach', coach.email], { DATABASE_URL: t.db.url });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Send 2 weekly recap mail\(s\) for \d{4}-W\d{2}\? Not confirmed: pass --yes/);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'WeeklyRecapSent'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('--json on every command', () => {
  it('parses, and dry runs after real runs say "already"', { timeout: 400_000 }, async () => {
    const db = { DATABASE_URL: t.db.url };
    const json = async (args: string[]) => {
      const r = await spotter([...args, '--json'], db);
      expect({ args, code: r.code, stderr: r.code ? r.stderr : '' }).toEqual({ args, code: 0, stderr: '' });
      return JSON.parse(r.stdout);
    };
    const assign = ['assign', '--template', 'Guard Block', '--coach', coach.email, '--start', start, '--athletes', `${ann.email},${ben.email}`];
    const real = await json(assign);
    // The server of this test runs the reactors: nothing waits.
    expect(real).toMatchObject({ totals: { athletes: 2, assigned: 2, workoutsScheduled: 4 }, serverRunning: true, interrupted: false });
    const dry = await json([...assign, '--dry-run']);
    expect(dry.totals).toMatchObject({ 'already assigned': 2, 'would assign': 0 });
    expect(dry.lines.map((l: { endDate?: string }) => l.endDate)).toEqual([real.lines[0].endDate, real.lines[1].endDate]);

    const recap = await json(['recap', '--coach', coach.email, '--yes']);
    expect(recap).toMatchObject({ dryRun: false, totals: { recaps: 2, queued: 2 } });
    expect(typeof recap.lines[0].durationSeconds).toBe('number');
    const recapDry = await json(['recap', '--coach', coach.email, '--dry-run']);
    expect(recapDry.totals).toMatchObject({ 'already sent': 2, 'would queue': 0 });

    expect((await json(['templates', '--coach', coach.email])).map((r: { name: string }) => r.name)).toEqual(['Guard Block']);
    expect((await json(['athletes', '--coach', coach.email])).map((r: { email: string }) => r.email).sort()).toEqual([ann.email, ben.email].map((e) => e.toLowerCase()).sort());
    expect((await json(['status'])).server).toEqual({ running: true });
    const streams = await json(['events', '--limit', '3']);
    expect(streams).toHaveLength(3);
    const oneStream = await json(['events', '--stream', `recap-${ann.user.id}`]);
    expect(oneStream.map((e: { type: string }) => e.type)).toEqual(['WeeklyRecapSent']);
    expect(await json(['parked'])).toEqual([]);
    expect(await json(['webhooks'])).toEqual([]);
    expect(await json(['replay', 'weekly_recaps'])).toEqual([expect.objectContaining({ projection: 'weekly_recaps', events: expect.any(Number) })]);
    expect(await json(['db', 'stop'])).toMatchObject({ stopped: false, message: 'DATABASE_URL is set: that PostgreSQL is not ours to stop.' });
    expect(await json(['migrate'])).toMatchObject({ installed: false, applied: [] });
    // seed refuses a database with real accounts unless told; told, it writes and answers JSON.
    const refused = await spotter(['seed', '--coaches', '1', '--athletes-per-coach', '1', '--weeks', '1', '--yes', '--json'], db);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/holds \d+ real account\(s\).*--allow-real-users/);
    const seeded = await json(['seed', '--coaches', '1', '--athletes-per-coach', '1', '--weeks', '1', '--seed', '5', '--yes', '--allow-real-users']);
    expect(seeded.coaches).toHaveLength(1);
  });
});

describe('the athletes file', () => {
  it('names the line and reason of a malformed row, and applies nothing with --all-or-nothing', { timeout: 120_000 }, async () => {
    const file = path.join(tmp, 'team.csv');
    const db = { DATABASE_URL: t.db.url };
    const args = ['assign', '--template', 'Guard Block', '--coach', coach.email, '--start', start];
    const before = (await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'TemplateAssigned'`)).rows[0].n as number;

    await fs.writeFile(file, `name,email\n"Ann ${ann.email}\nBen,${ben.email}\n`);
    const unclosed = await spotter([...args, '--athletes-file', file], db);
    expect(unclosed.code).toBe(2);
    expect(unclosed.stderr).toContain('The athletes file cannot be read at line 2: a quote opened here is never closed (nothing was assigned).');

    await fs.writeFile(file, 'name;mail\nAnn;a@x.com\n');
    const semicolons = await spotter([...args, '--athletes-file', file], db);
    expect(semicolons.code).toBe(2);
    expect(semicolons.stderr).toContain('needs a header line with an "email" column; found 2 column(s): "name", "mail".');

    await fs.writeFile(file, `name,email\nBen,${ben.email}\nonly-one-column\n`);
    const strict = await spotter([...args, '--start', addOne(start), '--athletes-file', file, '--all-or-nothing', '--json'], db);
    expect(strict.code).toBe(2);
    const report = JSON.parse(strict.stdout);
    expect(report.lines.map((l: { line: number; outcome: string; reason: string }) => [l.line, l.outcome, l.reason])).toEqual([
      [2, 'not applied', 'another line is unusable (--all-or-nothing)'],
      [3, 'skipped', '1 column(s) where the header has 2, so no e-mail'],
    ]);
    expect((await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type = 'TemplateAssigned'`)).rows[0].n).toBe(before);
  });
});

describe('db stop under a running server', () => {
  let server: Platform | null = null;
  afterAll(() => server?.close());

  it('asks first, and stops only when told', { timeout: 240_000 }, async () => {
    const dataDir = path.join(tmp, 'data');
    const db = await startEmbeddedPostgres(dataDir);
    // A "server": a platform that runs a projection, and so holds its ownership lock.
    server = await startPlatform({ databaseUrl: db.url, embeddedDataDir: dataDir, eventstoreUrl: null }, { projections: [weeklyRecapsProjection], log: () => {}, poolSize: 2 });
    const env = { SPOTTER_DATA_DIR: dataDir };
    const asked = await spotter(['db', 'stop'], env);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/A Spotter server is running on this database .* Stop it anyway\? Not confirmed: pass --yes/);
    expect(await runningPort(dataDir)).not.toBeNull();

    await server.runner.stop();
    await server.close().catch(() => {});
    server = null;
    const stopped = await spotter(['db', 'stop', '--json'], env);
    expect(stopped.code, stopped.stderr).toBe(0);
    expect(JSON.parse(stopped.stdout)).toMatchObject({ stopped: true, serverWasRunning: false });
    expect(await runningPort(dataDir)).toBeNull();
    await db.stop().catch(() => {});
  });
});

function addOne(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
