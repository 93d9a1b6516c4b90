import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { streamSummaries } from '../src/platform/projections/stream-summaries.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { listStreams, ReadModelMissingError } from '../cli/lib/events.ts';
import { REPLAY_LOCK } from '../cli/lib/locks.ts';
import { ReactorReplayError, replay, ReplayRunningError, replayWriters, UnknownProjectionError, type RebuildProgress } from '../cli/lib/replay.ts';
import { loadStatus } from '../cli/lib/status.ts';
import { countingProjection } from './support/counting-projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
let store: PostgresEventStore;
let runners: ProjectionRunner[] = [];
let clients: pg.Client[] = [];

beforeEach(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
});
afterEach(async () => {
  for (const r of runners) await r.stop();
  for (const c of clients) await c.end();
  runners = [];
  clients = [];
  await db.drop();
});

/** What the CLI hands its logic functions; `start` plays the server, not starting plays the CLI. */
function platform(projections: Projection[] = [streamSummaries]) {
  const runner = new ProjectionRunner(db.pool, store, db.url, projections, { pollMs: 20, log: () => {} });
  runners.push(runner);
  return { pool: db.pool, store, runner };
}

async function appendWorkouts(streams: number, prefix = 'workout'): Promise<number> {
  let total = 0;
  for (let i = 0; i < streams; i++) {
    const n = (i % 5) + 1;
    await store.append(
      `${prefix}-${i}`,
      Array.from({ length: n }, (_, k) => ({ type: k === n - 1 ? 'SetActualRecorded' : 'WorkoutScheduled', data: { k } })),
      'no_stream',
    );
    total += n;
  }
  return total;
}

async function summaries() {
  const { rows } = await db.pool.query('SELECT stream_id, stream_type, event_count::int AS event_count, last_event, last_event_at FROM stream_summaries ORDER BY stream_id');
  return rows;
}

async function holdLock(namespace: number, name: string): Promise<void> {
  const c = new pg.Client({ connectionString: db.url });
  await c.connect();
  clients.push(c);
  await c.query('SELECT pg_advisory_lock($1, hashtext($2))', [namespace, name]);
}

describe('spotter replay', () => {
  it('rebuilds stream_summaries into generation 2 with the same rows, reporting progress up to the total', async () => {
    const server = platform();
    const total = (await appendWorkouts(40)) + (await appendWorkouts(10, 'athlete'));
    await server.runner.start();
    await server.runner.waitFor((await store.headCheckpoint())!);
    const before = await summaries();
    expect(before).toHaveLength(50);

    const progress: RebuildProgress[] = [];
    const [result] = await replay(server, ['stream_summaries'], (p) => progress.push(p));

    expect(await summaries()).toEqual(before);
    expect(result).toMatchObject({ projection: 'stream_summaries', generation: 2, events: total });
    expect(result.eventsPerSecond).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ done: true, eventsRead: total, totalEstimate: total });
    expect(progress.slice(0, -1).every((p) => !p.done && p.eventsRead <= total)).toBe(true);

    const [status] = await loadStatus(server);
    expect(status).toMatchObject({ name: 'stream_summaries', generation: 2, lag: 0, owner: 'this process', rebuilding: null, lastError: null });
    expect(status.checkpoint).toBe(await store.headCheckpoint());
    const { rows: tables } = await db.pool.query(`SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'stream_summaries_g%'`);
    expect(tables.map((t) => t.table_name)).toEqual(['stream_summaries_g2']);
  });

  it('keeps every event when the server appends and projects during the replay', async () => {
    const server = platform();
    await appendWorkouts(300);
    await server.runner.start();
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing || i < 50) await store.append(`live-${i++}`, [{ type: 'LiveEvent', data: {} }], 'no_stream');
      return i;
    })();
    await replay(server, ['stream_summaries'], () => {});
    writing = false;
    const live = await writer;
    // A restarted server picks up the replayed generation (the running one may not:
    // see the known problem below).
    await server.runner.stop();
    const restarted = platform();
    await restarted.runner.start();
    await expect.poll(async () => (await loadStatus(restarted))[0], { timeout: 10_000 }).toMatchObject({ generation: 2, lag: 0 });

    const { rows } = await db.pool.query('SELECT sum(event_count)::int AS events, count(*)::int AS streams FROM stream_summaries');
    const { rows: stored } = await db.pool.query('SELECT count(*)::int AS n FROM es_events');
    expect(rows[0]).toEqual({ events: stored[0].n, streams: 300 + live });
  });

  // A runner that was idle while another process switched generations must notice the
  // switch rather than write into the retired tables.
  it('lets a server that was idle during the replay go on projecting new events', async () => {
    const server = platform();
    await appendWorkouts(3);
    await server.runner.start();
    await expect.poll(async () => (await loadStatus(server))[0].lag).toBe(0);
    await replay(platform(), ['stream_summaries']);
    await store.append('workout-after', [{ type: 'WorkoutScheduled', data: {} }], 'no_stream');
    await expect.poll(async () => (await loadStatus(server))[0], { timeout: 2000 }).toMatchObject({ generation: 2, lag: 0, lastError: null });
  });

  it('replays every projection but the reactors, together, when none is named', async () => {
    // Object.assign, not a spread: the projection counts into its own `applied`.
    const mailer = Object.assign(countingProjection({ name: 'mailer' }), { reactor: true });
    const server = platform([streamSummaries, mailer, countingProjection()]);
    await appendWorkouts(5);
    await store.append('count-1', [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
    await server.runner.start();
    await expect.poll(async () => (await loadStatus(server)).map((r) => r.lag)).toEqual([0, 0, 0]);
    expect(mailer.applied).toBe(1);
    const results = await replay(server, []);
    expect(results.map((r) => [r.projection, r.generation])).toEqual([
      ['stream_summaries', 2],
      ['counting', 2],
    ]);
    expect(mailer.applied).toBe(1);
  });

  it('replays several projections through one writer when asked, to the same rows', async () => {
    const server = platform([streamSummaries, countingProjection()]);
    const total = await appendWorkouts(30);
    await store.append('count-1', [{ type: 'Counted', data: { n: 1 } }], 'no_stream');
    await server.runner.start();
    await expect.poll(async () => (await loadStatus(server)).map((r) => r.lag)).toEqual([0, 0]);
    const before = await summaries();
    const results = await replay(server, [], undefined, 1);
    expect(results.map((r) => [r.projection, r.generation, r.events])).toEqual([
      ['stream_summaries', 2, total + 1],
      ['counting', 2, total + 1],
    ]);
    expect(await summaries()).toEqual(before);
  });

  it('writes through one connection while a server runs on the database and three when none does, unless --writers says', async () => {
    const cli = platform();
    expect(await replayWriters(cli)).toBe(3);
    const server = platform();
    await server.runner.start();
    expect(await replayWriters(cli)).toBe(1);
    expect(await replayWriters(cli, 3)).toBe(3);
    await server.runner.stop();
    expect(await replayWriters(cli)).toBe(3);
    expect(await replayWriters(cli, 2)).toBe(2);
  });

  it('refuses to replay a reactor, naming the projections it can replay', async () => {
    const cli = platform([streamSummaries, { ...countingProjection({ name: 'mailer' }), reactor: true }]);
    const attempt = replay(cli, ['mailer']);
    await expect(attempt).rejects.toBeInstanceOf(ReactorReplayError);
    await expect(attempt).rejects.toThrow('mailer is a reactor: replaying it would repeat its effects. Projections you can replay: stream_summaries');
  });

  it('installs and builds a projection the server never ran', async () => {
    const total = await appendWorkouts(12);
    const cli = platform();
    expect((await loadStatus(cli))[0]).toMatchObject({ generation: 0, checkpoint: null, lag: total, owner: 'none' });
    await replay(cli, ['stream_summaries']);
    expect(await summaries()).toHaveLength(12);
    expect((await loadStatus(cli))[0]).toMatchObject({ generation: 2, lag: 0, owner: 'none' });
  });

  it('rejects an unknown projection with the names it knows', async () => {
    const cli = platform([streamSummaries, countingProjection()]);
    const attempt = replay(cli, ['nope']);
    await expect(attempt).rejects.toBeInstanceOf(UnknownProjectionError);
    await expect(attempt).rejects.toThrow('Unknown projection "nope". Known projections: counting, stream_summaries');
  });

  it('refuses to replay a projection another process is replaying', async () => {
    const server = platform();
    await server.runner.start();
    await holdLock(REPLAY_LOCK, 'stream_summaries');
    await expect(replay(platform(), ['stream_summaries'])).rejects.toBeInstanceOf(ReplayRunningError);
  });
});

describe('spotter status', () => {
  it('marks reactors', async () => {
    const cli = platform([streamSummaries, { ...countingProjection({ name: 'mailer' }), reactor: true }]);
    expect((await loadStatus(cli)).map((r) => [r.name, r.reactor])).toEqual([
      ['stream_summaries', false],
      ['mailer', true],
    ]);
  });

  it('tells this process, another process and no owner apart', async () => {
    const server = platform();
    const cli = platform();
    expect((await loadStatus(cli))[0].owner).toBe('none');
    await server.runner.start();
    expect((await loadStatus(server))[0].owner).toBe('this process');
    expect((await loadStatus(cli))[0].owner).toBe('another process');
  });

  it('shows a rebuild as running while its replay holds the lock, and as interrupted once it is gone', async () => {
    const server = platform();
    await server.runner.start();
    await db.pool.query(`INSERT INTO projection_rebuilds (projection, generation, version, checkpoint) VALUES ('stream_summaries', 2, 1, NULL)`);
    expect((await loadStatus(server))[0].rebuilding).toEqual({ generation: 2, checkpoint: null, active: false });
    await holdLock(REPLAY_LOCK, 'stream_summaries');
    expect((await loadStatus(server))[0].rebuilding).toEqual({ generation: 2, checkpoint: null, active: true });
  });

  it('reports the version of the code when it is ahead of the serving tables', async () => {
    await platform().runner.start();
    const cli = platform([{ ...streamSummaries, version: streamSummaries.version + 1 }]);
    expect((await loadStatus(cli))[0]).toMatchObject({ version: streamSummaries.version, codeVersion: streamSummaries.version + 1 });
  });
});

describe('spotter events', () => {
  it('lists the most recently active streams first, filtered by type and limited', async () => {
    const server = platform();
    await server.runner.start();
    await appendWorkouts(6);
    await appendWorkouts(2, 'athlete');
    await store.append('workout-0', [{ type: 'WorkoutCompleted', data: {} }], 0);
    await server.runner.waitFor((await store.headCheckpoint())!);

    const recent = await listStreams(db.pool, { limit: 3 });
    expect(recent.map((r) => r.stream)).toEqual(['workout-0', 'athlete-1', 'athlete-0']);
    expect(recent[0]).toMatchObject({ type: 'workout', events: 2, lastEvent: 'WorkoutCompleted' });
    expect(recent[0].lastEventAt).toBeInstanceOf(Date);

    const workouts = await listStreams(db.pool, { type: 'workout', limit: 20 });
    expect(workouts).toHaveLength(6);
    expect(workouts.every((r) => r.type === 'workout')).toBe(true);
  });

  it('says how to install the read model when it is missing', async () => {
    await expect(listStreams(db.pool, { limit: 5 })).rejects.toBeInstanceOf(ReadModelMissingError);
  });
});
