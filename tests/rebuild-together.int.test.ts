/**
 * `spotter replay` rebuilds every read model together from one read of the store
 * (src/platform/projections/rebuild.ts): each batch's events are shared by every
 * projection, so one that changed an event it was handed would change what the others
 * build. The demo's history (accounts, links, workouts, actuals, records, compliance,
 * team analytics) rebuilt together must equal what the live runner built event by event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CODE, startTestServer, type TestServer } from './support/server.ts';
import { seedDemo } from '../src/training/demo-seed.ts';
import { rebuildProjections } from '../src/platform/projections/rebuild.ts';
import { TRAINING_EVENT_TYPES } from '../src/training/domain/events.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  await seedDemo(t.server, { accessCode: ACCESS_CODE });
  await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!, undefined, 15_000);
});
afterAll(async () => t.close());

/** Every table of the read models as sorted JSON rows, by logical name (the views follow the switch). */
async function snapshot(tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    // The calendar's JSON text of a workout (without its closing brace) as a value: the
    // order of its keys follows how the fold met the row (read back from jsonb, or still
    // in memory within a batch), which batches decide, and no reader depends on it.
    const row = table === 'workouts' ? `to_jsonb(x) || jsonb_build_object('calendar_json', (x.calendar_json || '}')::jsonb)` : 'to_jsonb(x)';
    const { rows } = await t.db.pool.query<{ r: unknown }>(`SELECT ${row} AS r FROM ${table} x`);
    out[table] = rows.map((row) => JSON.stringify(row.r)).sort();
  }
  return out;
}

describe('rebuilding every read model together', () => {
  it('builds the same rows as the live runner, each projection in its next generation', { timeout: 120_000 }, async () => {
    const { runner } = t.server.platform;
    const readModels = runner.projections().filter((p) => !p.reactor);
    const tables = readModels.flatMap((p) => Object.keys(p.tables));
    const live = await snapshot(tables);
    const { rows: before } = await t.db.pool.query<{ projection: string; generation: number }>('SELECT projection, generation FROM projection_checkpoints');
    const { rows: stored } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');

    const results = await runner.rebuildTogether(readModels.map((p) => p.name));

    const rebuilt = await snapshot(tables);
    expect(rebuilt).toEqual(live);
    // Not an empty comparison: the demo's workouts and their sets are there.
    expect(live.workouts.length).toBeGreaterThan(80);
    expect(results.map((r) => r.projection)).toEqual(readModels.map((p) => p.name));
    for (const r of results) {
      expect(r).toMatchObject({ done: true, generation: before.find((b) => b.projection === r.projection)!.generation + 1 });
      expect(r.eventsRead).toBeGreaterThanOrEqual(stored[0].n);
    }
  });

  // In one batch of the rebuild above every workout starts in the batch, which is what
  // a projection's prepare may work out ahead (training's does, projections/training/
  // workouts.ts); in small batches most of a logged workout's events continue a row an
  // earlier batch wrote, and the two kinds meet in one batch.
  it('builds the same rows in batches small enough that workouts continue from one batch to the next', { timeout: 120_000 }, async () => {
    const { runner, store } = t.server.platform;
    const readModels = runner.projections().filter((p) => !p.reactor);
    const tables = readModels.flatMap((p) => Object.keys(p.tables));
    const live = await snapshot(tables);
    const BATCH = 16;
    const { rows: spread } = await t.db.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT stream_id FROM es_events WHERE event_type = ANY($1) GROUP BY stream_id HAVING max(position) - min(position) >= $2
       ) s`,
      [TRAINING_EVENT_TYPES, BATCH],
    );
    // Not a batch size that leaves every workout within one batch.
    expect(spread[0].n).toBeGreaterThan(0);

    await rebuildProjections(t.db.pool, store, readModels, { batchSize: BATCH });

    expect(await snapshot(tables)).toEqual(live);
  });
});
