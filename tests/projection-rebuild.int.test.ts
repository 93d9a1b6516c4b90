import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { ProjectionRunner } from '../src/platform/projections/runner.ts';
import { streamSummaries } from '../src/platform/projections/stream-summaries.ts';
import { installProjection } from '../src/platform/projections/schema.ts';
import { rebuildProjections } from '../src/platform/projections/rebuild.ts';
import type { Projection } from '../src/platform/projections/projection.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

let db: TestDatabase;
let runner: ProjectionRunner;
let store: PostgresEventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  runner = new ProjectionRunner(db.pool, store, db.url, [streamSummaries], { pollMs: 20, log: () => {} });
  await runner.start();
});
afterAll(async () => {
  await runner.stop();
  await db.drop();
});

const liveRows = () => db.pool.query('SELECT stream_id, stream_type, event_count::int, last_event FROM stream_summaries ORDER BY stream_id').then((r) => r.rows);
// What the read model must say, computed straight from the events.
const expectedRows = () =>
  db.pool
    .query(
      `SELECT stream_id, split_part(stream_id, '-', 1) AS stream_type, count(*)::int AS event_count,
              (array_agg(event_type ORDER BY stream_version DESC))[1] AS last_event
       FROM es_events GROUP BY stream_id ORDER BY stream_id`,
    )
    .then((r) => r.rows);

async function appendMany(n: number, prefix: string) {
  for (let i = 0; i < n; i += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, j) => store.append(`${prefix}-${(i + j) % 97}`, [{ type: j % 2 ? 'Odd' : 'Even', data: { i: i + j } }], 'any')));
  }
}

describe('projection rebuild', () => {
  it('builds a new generation equal to the live one row for row while queries keep answering', async () => {
    await appendMany(3000, 'before');
    await runner.waitFor((await store.headCheckpoint())!);
    const live = await liveRows();
    expect(live).toEqual(await expectedRows());

    let queries = 0;
    const failures: string[] = [];
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        try {
          const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM stream_summaries');
          if (rows[0].n < live.length) failures.push(`saw only ${rows[0].n} rows`);
          queries++;
        } catch (e) {
          failures.push((e as Error).message);
        }
      }
    })();
    const writer = appendMany(500, 'during');

    const result = await runner.rebuild('stream_summaries');
    await writer;
    rebuilding = false;
    await reader;

    expect(result).toMatchObject({ projection: 'stream_summaries', generation: 2, done: true });
    expect(failures).toEqual([]);
    expect(queries).toBeGreaterThan(0);
    await runner.waitFor((await store.headCheckpoint())!);
    expect(await liveRows()).toEqual(await expectedRows());
    const [status] = await runner.status();
    expect(status).toMatchObject({ generation: 2, lag: 0, rebuilding: null });
    // The old copy is gone.
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'stream_summaries_g1'`);
    expect(rows[0].n).toBe(0);
  });

  it('hands a projection that reads envelopes only every event without its payload, and one that reads payloads every payload', async () => {
    // A probe that records, per event it is given, whether the payload came with it.
    const probe = (name: string, envelopeOnly: boolean): Projection => ({
      name,
      version: 1,
      handles: ['*'],
      envelopeOnly,
      tables: { [name]: (t) => `CREATE TABLE ${t} (checkpoint text PRIMARY KEY, type text NOT NULL, had_data boolean NOT NULL)` },
      async apply(events, { tx, table }) {
        const rows = events.map((e) => ({ checkpoint: e.checkpoint, type: e.type, had_data: e.data !== null }));
        await tx.query(`INSERT INTO ${table(name)} SELECT * FROM json_populate_recordset(NULL::${table(name)}, $1::json)`, [JSON.stringify(rows)]);
        return [];
      },
    });
    const probes = [probe('envelope_probe', true), probe('payload_probe', false)];
    const probeRunner = new ProjectionRunner(db.pool, store, db.url, probes, { log: () => {} });
    for (const p of probes) await installProjection(db.pool, p);
    for (const p of probes) await probeRunner.rebuild(p.name);
    const seen = async (name: string) => (await db.pool.query(`SELECT count(*)::int AS events, count(*) FILTER (WHERE had_data)::int AS with_data FROM ${name}`)).rows[0];
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM es_events');
    expect(await seen('envelope_probe')).toEqual({ events: rows[0].n, with_data: 0 });
    expect(await seen('payload_probe')).toEqual({ events: rows[0].n, with_data: rows[0].n });
  });

  it('hands apply what prepare worked out ahead for the same events, batch after batch in order, and nothing where prepare failed', async () => {
    const preparedFirsts: string[] = [];
    let prepares = 0;
    const probe: Projection = {
      name: 'prepare_probe',
      version: 1,
      handles: ['*'],
      tables: { prepare_probe: (t) => `CREATE TABLE ${t} (first text PRIMARY KEY, events int NOT NULL, prepared boolean NOT NULL)` },
      prepare(events) {
        if (++prepares === 2) return Promise.reject(new Error('prepare failed'));
        preparedFirsts.push(events[0].checkpoint);
        return Promise.resolve({ first: events[0].checkpoint, events: events.length });
      },
      async apply(events, { tx, table }, prepared) {
        const ahead = prepared as { first: string; events: number } | undefined;
        if (ahead && (ahead.first !== events[0].checkpoint || ahead.events !== events.length)) throw new Error('prepared for other events');
        await tx.query(`INSERT INTO ${table('prepare_probe')} VALUES ($1, $2, $3)`, [events[0].checkpoint, events.length, ahead !== undefined]);
        return [];
      },
    };
    await installProjection(db.pool, probe);
    await rebuildProjections(db.pool, store, [probe], { batchSize: 500 });

    const { rows: total } = await db.pool.query('SELECT count(*)::int AS n FROM es_events');
    const { rows } = await db.pool.query<{ first: string; events: number; prepared: boolean }>('SELECT * FROM prepare_probe ORDER BY first');
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.reduce((n, r) => n + r.events, 0)).toBe(total[0].n);
    // The second batch's prepare failed: applied without it; every other batch with its own.
    expect(rows.map((r) => r.prepared)).toEqual(rows.map((_, i) => i !== 1));
    expect(preparedFirsts).toEqual(rows.filter((r) => r.prepared).map((r) => r.first));
  });

  it('refuses to replay a reactor', async () => {
    const reactorRunner = new ProjectionRunner(db.pool, store, db.url, [{ ...streamSummaries, name: 'some_reactor', reactor: true }], { log: () => {} });
    await expect(reactorRunner.rebuild('some_reactor')).rejects.toThrow('some_reactor is a reactor: replaying it would repeat its effects');
  });
});

describe('projection version upgrade', () => {
  it('rebuilds a projection whose code version changed while the old copy keeps serving', async () => {
    await runner.stop();
    const upgraded = new ProjectionRunner(db.pool, store, db.url, [{ ...streamSummaries, version: 2 }], { pollMs: 20, log: () => {} });
    await upgraded.start();
    await expect.poll(async () => (await upgraded.status())[0].version).toBe(2);
    await appendMany(100, 'after');
    await upgraded.waitFor((await store.headCheckpoint())!);
    expect(await liveRows()).toEqual(await expectedRows());
    await upgraded.stop();
    runner = new ProjectionRunner(db.pool, store, db.url, [{ ...streamSummaries, version: 2 }], { pollMs: 20, log: () => {} });
    await runner.start();
  });

  it('drops the view and the old copy of a table the new version retired', async () => {
    const relations = async () =>
      (await db.pool.query<{ relname: string }>(`SELECT relname FROM pg_class WHERE relname LIKE 'stream_notes%' AND relkind IN ('r', 'v') ORDER BY relname`)).rows.map(
        (r) => r.relname,
      );
    const notes = (t: string) => `CREATE TABLE ${t} (stream_id text PRIMARY KEY)`;
    const withNotes = { ...streamSummaries, name: 'summaries_with_notes', tables: { ...streamSummaries.tables, stream_notes: notes } };
    // Its own copy of stream_summaries under another name, so the suite's stays as it is.
    const own = (v: Projection): Projection => ({
      ...v,
      tables: Object.fromEntries(Object.entries(v.tables).map(([k, ddl]) => [k === 'stream_summaries' ? 'notes_summaries' : k, ddl])),
    });
    const apply: Projection['apply'] = () => Promise.resolve([]);
    const v1 = own({ ...withNotes, apply });
    await installProjection(db.pool, v1);
    expect(await relations()).toEqual(['stream_notes', 'stream_notes_g1']);

    const v2 = own({ ...withNotes, apply, version: withNotes.version + 1, tables: { stream_summaries: streamSummaries.tables.stream_summaries }, retiredTables: ['stream_notes'] });
    const upgraded = new ProjectionRunner(db.pool, store, db.url, [v2], { pollMs: 20, log: () => {} });
    await upgraded.start();
    await expect.poll(async () => (await upgraded.status())[0].version).toBe(v2.version);
    await upgraded.stop();
    expect(await relations()).toEqual([]);
  });
});
