/**
 * Crash test: a real server process under a bounded write load is killed with SIGKILL
 * and restarted on the same database. Every acknowledged command's effect must be
 * there exactly once, nothing unacknowledged may be doubled, and every read model must
 * equal a full rebuild from the events. Prints acknowledged / lost / doubled.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from '../src/platform/start.ts';
import { allProjections } from '../src/features.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { decodedEvents } from './support/decoded-events.ts';
import { ACCESS_CODE, signedInUser } from './support/server.ts';
import { processClient, spawnServer, type ServerProcess } from './support/server-process.ts';

/** Acknowledged writes before the kill (the load keeps going while the process dies). */
const ACKS_BEFORE_KILL = Number(process.env.CRASH_ACKS ?? 40);
const WORKERS = 4;

let db: TestDatabase;
let outboxDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-crash-outbox-'));
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const start = () => spawnServer({ DATABASE_URL: db.url, OUTBOX_DIR: outboxDir, SIGNUP_ACCESS_CODE: ACCESS_CODE });

const client = (server: ServerProcess) => processClient(server, outboxDir);

/** Every read-model table of a projection as sorted JSON rows. */
async function snapshot(platform: Platform, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables) {
    const { rows } = await platform.pool.query<{ r: unknown }>(`SELECT to_jsonb(x) AS r FROM ${t} x`);
    out[t] = rows.map((row) => JSON.stringify(row.r)).sort();
  }
  return out;
}

describe('a server killed with SIGKILL under load', () => {
  it('keeps every acknowledged command exactly once, and its read models equal a rebuild', { timeout: 300_000 }, async () => {
    const first = await start();
    await first.waitFor(/Spotter is running/);
    const athletes = await Promise.all(Array.from({ length: WORKERS }, (_, i) => signedInUser(client(first), `Crash Athlete ${i}`)));

    type Ack = { kind: 'schedule' | 'actual'; workoutId: string; name: string; load?: number };
    const acked: Ack[] = [];
    const sent = new Set<string>();
    let killed = false;
    let n = 0;
    const worker = async (w: number) => {
      const a = athletes[w];
      while (!killed) {
        const name = `crash-${w}-${n++}`;
        sent.add(name);
        const workout = { user_id: a.user.id, date: '2025-09-01', name, exercises: [{ exercise_name: 'Deadlift', sets: [{ reps: 3, load: 150 }] }] };
        try {
          const res = await fetch(`${first.url}/api/manage-workouts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${a.accessToken}` },
            body: JSON.stringify({ workout }),
          });
          if (res.status !== 201) continue;
          const { id } = (await res.json()) as { id: string };
          acked.push({ kind: 'schedule', workoutId: id, name });
          const load = 100 + (n % 50);
          const actual = await fetch(`${first.url}/api/athlete/workouts/${id}/actuals`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${a.accessToken}` },
            body: JSON.stringify({ exerciseIndex: 0, setIndex: 0, actual: { reps: 3, load } }),
          });
          if (actual.status === 200) acked.push({ kind: 'actual', workoutId: id, name, load });
        } catch {
          // The connection died with the process: this command is unacknowledged.
        }
        if (acked.length >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(athletes.map((_, w) => worker(w)));
    await first.exited;

    const second = await start();
    await second.waitFor(/Spotter is running/);

    // Effects in the store: acknowledged exactly once; nothing doubled, acknowledged or not.
    // Read as the application reads them: a workout's name is encrypted in the row (issue 26).
    const events = (await decodedEvents(db.pool, (e) => e.stream.startsWith('workout-'))).map((e) => {
      const data = e.data as { name?: string; actual?: { load?: number } };
      return { stream_id: e.stream, event_type: e.type, name: data.name ?? null, load: data.actual?.load ?? null };
    });
    const scheduledByName = new Map<string, number>();
    for (const e of events) if (e.event_type === 'WorkoutScheduled' && e.name) scheduledByName.set(e.name, (scheduledByName.get(e.name) ?? 0) + 1);
    const actualsByStream = new Map<string, number[]>();
    for (const e of events) if (e.event_type === 'SetActualRecorded') actualsByStream.set(e.stream_id, [...(actualsByStream.get(e.stream_id) ?? []), e.load!]);
    let lost = 0;
    let doubled = 0;
    for (const a of acked) {
      const found = a.kind === 'schedule' ? (scheduledByName.get(a.name) ?? 0) : (actualsByStream.get(`workout-${a.workoutId}`) ?? []).filter((l) => l === a.load).length;
      if (found === 0) lost++;
      if (found > 1) doubled++;
    }
    for (const name of sent) if ((scheduledByName.get(name) ?? 0) > 1 && !acked.some((a) => a.name === name)) doubled++;

    // Let the restarted server catch up, then stop it and compare every read model with a rebuild.
    const head = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
    await expect.poll(async () => (await (await fetch(`${second.url}/api/health`)).json()).projections?.every((p: { lag: number }) => p.lag === 0), { timeout: 60_000 }).toBe(true);
    second.proc.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const platform = await startPlatform({ databaseUrl: db.url, embeddedDataDir: '', eventstoreUrl: null }, { projections: allProjections, runProjections: false, log: () => {} });
    const mismatches: string[] = [];
    let rowsCompared = 0;
    try {
      for (const p of allProjections.filter((p) => !p.reactor)) {
        const tables = Object.keys(p.tables);
        const live = await snapshot(platform, tables);
        await platform.runner.rebuild(p.name);
        const rebuilt = await snapshot(platform, tables);
        rowsCompared += tables.reduce((sum, t) => sum + live[t].length, 0);
        for (const t of tables) {
          if (JSON.stringify(live[t]) !== JSON.stringify(rebuilt[t])) mismatches.push(`${p.name}.${t}: live ${live[t].length} rows, rebuilt ${rebuilt[t].length}`);
        }
      }
    } finally {
      await platform.close();
    }

    const schedules = acked.filter((a) => a.kind === 'schedule').length;
    console.log(
      `crash figures: acknowledged ${acked.length} (${schedules} workouts, ${acked.length - schedules} actuals), lost ${lost}, doubled ${doubled}, sent ${sent.size} workouts, events after restart ${head.rows[0].n}, read models equal to a rebuild: ${mismatches.length === 0 ? 'all' : mismatches.join('; ')} (${rowsCompared} rows compared)`,
    );
    expect(acked.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
    expect(mismatches).toEqual([]);
    expect(rowsCompared).toBeGreaterThan(schedules);
  });
});
