/**
 * Commands sent with an Idempotency-Key (any command, not only gym mode's durable
 * ones) when the server process is killed with SIGKILL. Each stage a command can be
 * in at the kill is made to happen for sure: answered; appended but not answered
 * (the route waits for its read model, held back here by a lock on the projection's
 * checkpoint row); claimed but not appended (appends held back by a lock on
 * es_events). The client then sends every key again to the restarted server: an
 * answered one gets its answer again, an applied one answers success, the others run
 * once; none answers 409 "still running" for ever; each key has exactly one effect.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { ACCESS_CODE, signedInUser } from './support/server.ts';
import { processClient, spawnServer, type ServerProcess } from './support/server-process.ts';

let db: TestDatabase;
let outboxDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-idem-crash-outbox-'));
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const start = () => spawnServer({ DATABASE_URL: db.url, OUTBOX_DIR: outboxDir, SIGNUP_ACCESS_CODE: ACCESS_CODE });

interface Sent {
  key: string;
  name: string;
}

type Answer = { status: number; body: unknown };

async function send(server: ServerProcess, token: string, s: Sent): Promise<Answer> {
  const res = await fetch(`${server.url}/api/manage-exercise`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': s.key },
    body: JSON.stringify({ name: s.name, pattern: 'Squat', muscles: ['Quads'] }),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Waits until `sql` counts `n`. */
async function until(sql: string, n: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if ((await db.pool.query<{ n: number }>(sql)).rows[0].n === n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never reached ${n}: ${sql}`);
}

/** A transaction holding `lock` until rolled back. */
async function holding(lock: string): Promise<pg.PoolClient> {
  const c = await db.pool.connect();
  await c.query('BEGIN');
  await c.query(lock);
  return c;
}

describe('commands with an Idempotency-Key in flight when the server is killed', () => {
  it('are each applied once, and each retry gets the first answer or runs it', { timeout: 300_000 }, async () => {
    const first = await start();
    await first.waitFor(/Spotter is running/);
    const coach = await signedInUser(processClient(first, outboxDir), 'Idempotent Crash Coach');
    const batch = (label: string, n: number): Sent[] => Array.from({ length: n }, (_, i) => ({ key: randomUUID(), name: `${label} ${i}` }));
    const answeredKeys = batch('answered', 3);
    const appliedKeys = batch('applied', 3);
    const claimedKeys = batch('claimed', 3);

    const answered = new Map<string, Answer>();
    for (const s of answeredKeys) answered.set(s.key, await send(first, coach.accessToken, s));
    expect([...answered.values()].map((a) => a.status)).toEqual([201, 201, 201]);

    const inFlight: Promise<unknown>[] = [];
    const fire = (s: Sent) => inFlight.push(send(first, coach.accessToken, s).catch(() => null));
    // Appended and committed, then held: the route waits for the exercises read model.
    const readModel = await holding(`SELECT 1 FROM projection_checkpoints WHERE projection = 'exercises' FOR UPDATE`);
    appliedKeys.forEach(fire);
    await until(`SELECT count(*)::int AS n FROM command_results WHERE status = 0 AND applied_checkpoint IS NOT NULL`, 3);
    // Claimed, then held before the append.
    const appends = await holding('LOCK TABLE es_events IN SHARE MODE');
    claimedKeys.forEach(fire);
    await until(`SELECT count(*)::int AS n FROM command_results WHERE status = 0 AND applied_checkpoint IS NULL`, 3);

    first.proc.kill('SIGKILL');
    await first.exited;
    await Promise.all(inFlight);
    // The killed process's sessions still wait for the locks (PostgreSQL notices a
    // vanished client only when it next talks to it): end them, or their appends
    // would still commit once the locks go and no command would be left unapplied.
    await db.pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    for (const c of [readModel, appends]) {
      await c.query('ROLLBACK');
      c.release();
    }

    const second = await start();
    await second.waitFor(/Spotter is running/);
    const all = [...answeredKeys, ...appliedKeys, ...claimedKeys];
    const retries = new Map(await Promise.all(all.map(async (s) => [s.key, await send(second, coach.accessToken, s)] as const)));
    const { rows } = await db.pool.query<{ name: string; n: number }>(
      `SELECT data->>'name' AS name, count(*)::int AS n FROM es_events WHERE event_type = 'ExerciseAdded' GROUP BY 1`,
    );
    const effects = new Map(rows.map((r) => [r.name, r.n]));
    const stuck = (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM command_results WHERE status = 0`)).rows[0].n;
    second.proc.kill('SIGINT');
    expect(await second.exited).toBe(0);

    // Answered before the kill: the same answer again.
    for (const s of answeredKeys) expect(retries.get(s.key)).toEqual(answered.get(s.key));
    // Applied, never answered: success with the checkpoint of its events.
    for (const s of appliedKeys) expect(retries.get(s.key)).toEqual({ status: 200, body: { success: true, checkpoint: expect.stringMatching(/^\d{20}:\d{20}$/) } });
    // Claimed, never applied: run now.
    for (const s of claimedKeys) expect(retries.get(s.key)).toMatchObject({ status: 201, body: { success: true, id: expect.any(String) } });
    expect(all.map((s) => [s.name, effects.get(s.name) ?? 0])).toEqual(all.map((s) => [s.name, 1]));
    expect(stuck).toBe(0);
  });
});
