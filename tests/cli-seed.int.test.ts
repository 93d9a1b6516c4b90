/**
 * `spotter seed` as a plain function against real databases: the same seed gives the
 * same events, everything goes through the store (the projections then build the
 * read models, team analytics included), and a second run of a seed is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripVTControlCharacters } from 'node:util';
import { createElement as h } from 'react';
import { cleanup, render } from 'ink-testing-library';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { WrongExpectedVersionError } from '../src/platform/eventstore/port.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { allProjections } from '../src/features.ts';
import { mailReactor } from '../src/platform/mail/reactor.ts';
import { runSeed, SeedExistsError, type SeedOptions } from '../cli/lib/seed.ts';
import { SeedSummary } from '../cli/commands/seed.tsx';
import { teamAnalytics } from '../src/team-analytics/query.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { readToHead } from './support/read-to-head.ts';

let a: TestDatabase, b: TestDatabase, c: TestDatabase;
beforeAll(async () => {
  [a, b, c] = await Promise.all([createTestDatabase(), createTestDatabase(), createTestDatabase()]);
});
afterAll(async () => {
  cleanup();
  await Promise.all([a, b, c].map((d) => d?.drop()));
});

// Batches of 5 streams, so that several batches run side by side as at full size.
const SMALL: SeedOptions = { coaches: 2, athletesPerCoach: 2, weeks: 2, seed: 7, today: '2025-06-30', batchSize: 5 };
const fixedNow = () => new Date('2025-06-30T09:00:00Z');

/** Every event as stored (ids the deciders draw, such as invites and links, included). */
async function events(db: TestDatabase) {
  const store = new PostgresEventStore(db.pool);
  const all = await readToHead(store);
  return all
    .map((e) => ({ id: e.id, stream: e.stream, version: e.streamVersion, type: e.type, data: JSON.stringify(e.data), source: e.metadata.source }))
    .sort((x, y) => x.stream.localeCompare(y.stream) || x.version - y.version);
}

describe('spotter seed', () => {
  it('creates the same accounts, links and training for the same seed', async () => {
    const first = await runSeed({ pool: a.pool, store: new PostgresEventStore(a.pool), now: fixedNow }, SMALL);
    await runSeed({ pool: b.pool, store: new PostgresEventStore(b.pool), now: fixedNow }, SMALL);
    expect(first.failures).toEqual([]);
    // 2 weeks × 4 sessions × 6 exercises × 4 sets for each of 4 athletes.
    expect(first).toMatchObject({ accounts: 6, links: 4, workouts: 32, sets: 768 });
    expect(first.loggedSets).toBeGreaterThan(0);
    const [ea, eb] = [await events(a), await events(b)];
    expect(ea.length).toBe(first.events);
    expect(ea).toEqual(eb);
    expect(new Set(ea.map((e) => e.source))).toEqual(new Set(['seed']));
    expect(first.coaches.map((x) => x.email)).toEqual(['coach1.s7@seed.spotter', 'coach2.s7@seed.spotter']);

    const other = await runSeed({ pool: c.pool, store: new PostgresEventStore(c.pool), now: fixedNow }, { ...SMALL, seed: 8 });
    const scheduled = (list: Awaited<ReturnType<typeof events>>) => list.filter((e) => e.type === 'WorkoutScheduled').map((e) => e.data.replace(/"[0-9a-f-]{36}"/g, '""'));
    expect(scheduled(await events(c))).not.toEqual(scheduled(ea));
    expect(other.workouts).toBe(32);
  });

  it('refuses to seed the same seed twice, writing nothing', async () => {
    const before = (await events(a)).length;
    await expect(runSeed({ pool: a.pool, store: new PostgresEventStore(a.pool), now: fixedNow }, SMALL)).rejects.toThrow(SeedExistsError);
    expect((await events(a)).length).toBe(before);
  });

  it('appends a batch of new streams all or nothing', async () => {
    const store = new PostgresEventStore(c.pool);
    const ev = (n: number) => [{ type: 'Noted', data: { n } }];
    const ok = await store.appendMany([
      { stream: 'note-a', events: ev(1), expected: 'no_stream' },
      { stream: 'note-b', events: ev(2), expected: 'no_stream' },
    ]);
    expect(ok.map((r) => r.nextExpectedVersion)).toEqual([0, 0]);
    await expect(
      store.appendMany([
        { stream: 'note-c', events: ev(3), expected: 'no_stream' },
        { stream: 'note-a', events: ev(4), expected: 'no_stream' },
      ]),
    ).rejects.toThrow(WrongExpectedVersionError);
    expect(await store.readStream('note-c')).toEqual([]);
    expect((await store.readStream('note-a')).map((e) => e.data)).toEqual([{ n: 1 }]);
  });

  it('leaves events the projections turn into each coach team analytics', async () => {
    const store = new PostgresEventStore(a.pool);
    const runner = new ProjectionRunner(a.pool, store, a.url, [...allProjections, mailReactor('http://localhost')], { pollMs: 20, log: () => {} });
    await runner.start();
    try {
      await runner.waitFor((await store.headCheckpoint())!, undefined, 30_000);
      const { rows } = await a.pool.query<{ user_id: string }>(`SELECT user_id FROM user_profiles WHERE email = 'coach1.s7@seed.spotter'`);
      const team = await teamAnalytics(a.pool, { coachId: rows[0].user_id, athleteIds: null, range: 'all', mode: 'sets', today: '2025-06-30' });
      expect(team.athletes.map((x) => x.athlete_name)).toHaveLength(2);
      expect(team.team_summary.total_sets).toBe(2 * 8 * 24);
      expect(team.team_summary.completed_sets).toBeGreaterThan(0);
      expect(team.team_summary.completed_sets).toBeLessThan(2 * 8 * 24);
      expect(team.exercise_rankings).toHaveLength(12);
      // No mail for made-up addresses: the mail reactor ran over every event and skipped them.
      expect((await runner.status()).find((p) => p.name === 'mail_reactor')?.lag).toBe(0);
      const mails = await a.pool.query('SELECT count(*)::int AS n FROM email_outbox');
      expect(mails.rows[0].n).toBe(0);
    } finally {
      await runner.stop();
    }
  });

  it('prints sign-in details, counts, events/s and failures', () => {
    const frame = stripVTControlCharacters(
      render(
        h(SeedSummary, {
          result: {
            coaches: [{ email: 'coach1.s7@seed.spotter', name: 'Coach Adams 1', athletes: 2 }],
            athleteEmails: ['athlete1.c1.s7@seed.spotter'],
            password: 'spotter-seed',
            accounts: 3,
            links: 2,
            workouts: 16,
            sets: 384,
            loggedSets: 20,
            events: 1234,
            seconds: 2.5,
            eventsPerSecond: 494,
            failures: ['link x@y to z@w: boom'],
          },
        }),
      ).lastFrame() ?? '',
    );
    expect(frame).toContain('coach1.s7@seed.spotter');
    expect(frame).toContain('Password for every seeded account: spotter-seed');
    expect(frame).toContain('16 workouts, 384 sets (20 logged live)');
    expect(frame).toContain('1,234 events in 2.5 s: 494 events/s');
    expect(frame).toContain('1 item(s) failed:');
    expect(frame).toContain('link x@y to z@w: boom');
  });
});
