/**
 * Gym mode across a real crash: a phone's queued sets, each with its own command id
 * (Idempotency-Key), are being sent when the server process is killed with SIGKILL.
 * Whatever each request had reached (not arrived, claimed, appended, answered), the
 * phone sends every one again to the restarted server: each answers success and each
 * command id has exactly one effect.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { ACCESS_CODE, signedInUser } from './support/server.ts';
import { processClient, spawnServer, type ServerProcess } from './support/server-process.ts';

const ACKS_BEFORE_KILL = 30;
const WORKERS = 4;
const IN_FLIGHT = 16;

let db: TestDatabase;
let outboxDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-gym-crash-outbox-'));
});
afterAll(async () => {
  await db?.drop();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

const start = () => spawnServer({ DATABASE_URL: db.url, OUTBOX_DIR: outboxDir, SIGNUP_ACCESS_CODE: ACCESS_CODE });

const client = (server: ServerProcess) => processClient(server, outboxDir);

interface Queued {
  key: string;
  workoutId: string;
  body: { setId: string; actual: { reps: number; load: number } };
}

function send(server: ServerProcess, token: string, q: Queued) {
  return fetch(`${server.url}/api/athlete/workouts/${q.workoutId}/actuals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': q.key },
    body: JSON.stringify(q.body),
  });
}

describe('queued sets sent while the server is killed', () => {
  it('are each applied once and each answered with success when sent again', { timeout: 300_000 }, async () => {
    const first = await start();
    await first.waitFor(/Spotter is running/);
    const athlete = await signedInUser(client(first), 'Gym Crash Athlete');
    // One workout per worker, 50 exercises of 20 sets: a set for every request.
    const exercises = Array.from({ length: 50 }, (_, i) => ({ exercise_name: `Lift ${i}`, sets: Array.from({ length: 20 }, () => ({ reps: 5, load: 100 })) }));
    const workouts: { id: string; setIds: string[] }[] = [];
    for (let w = 0; w < WORKERS; w++) {
      const created = await client(first).api(
        'POST',
        '/api/manage-workouts',
        { workout: { user_id: athlete.user.id, date: '2025-09-01', name: `Crash ${w}`, exercises } },
        athlete.accessToken,
      );
      expect(created.status).toBe(201);
      const got = await fetch(`${first.url}/api/manage-workouts/${created.body.id}`, {
        headers: { authorization: `Bearer ${athlete.accessToken}`, 'x-after-checkpoint': created.body.checkpoint },
      });
      const { workout } = (await got.json()) as { workout: { exercises: { sets: { id: string }[] }[] } };
      workouts.push({ id: created.body.id, setIds: workout.exercises.flatMap((e) => e.sets.map((s) => s.id)) });
    }

    // Many requests in flight at the kill: not yet arrived, claimed, appended, answered.
    const queued: Queued[] = [];
    let acked = 0;
    let killed = false;
    const next = (() => {
      let n = 0;
      return (): Queued | null => {
        const w = n % WORKERS;
        const k = Math.floor(n / WORKERS);
        n++;
        if (k >= workouts[w].setIds.length) return null;
        return { key: randomUUID(), workoutId: workouts[w].id, body: { setId: workouts[w].setIds[k], actual: { reps: 5, load: 100 + k } } };
      };
    })();
    const sender = async () => {
      for (let q = next(); !killed && q; q = next()) {
        queued.push(q);
        try {
          if ((await send(first, athlete.accessToken, q)).status === 200) acked++;
        } catch {
          // The connection died with the process: unanswered.
        }
        if (acked >= ACKS_BEFORE_KILL && !killed) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
    await first.exited;

    const second = await start();
    await second.waitFor(/Spotter is running/);
    // What the kill left: keys claimed and never answered, some of them applied already.
    const { rows: left } = await db.pool.query<{ running: number; applied: number }>(
      `SELECT count(*)::int AS running, count(*) FILTER (WHERE EXISTS (SELECT FROM es_events e WHERE e.metadata->>'commandId' = substring(r.idempotency_key from '[^:]+$')))::int AS applied
         FROM command_results r WHERE r.status = 0`,
    );
    // The phone sends its whole queue again, answered or not.
    const answers = await Promise.all(queued.map(async (q) => (await send(second, athlete.accessToken, q)).status));
    const { rows } = await db.pool.query<{ key: string; n: number }>(
      `SELECT metadata->>'commandId' AS key, count(*)::int AS n FROM es_events WHERE event_type = 'SetActualRecorded' GROUP BY 1`,
    );
    const effects = new Map(rows.map((r) => [r.key, r.n]));
    second.proc.kill('SIGINT');
    expect(await second.exited).toBe(0);

    const stuck = (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM command_results WHERE status = 0`)).rows[0].n;
    console.log(
      `gym crash figures: ${queued.length} queued sets, ${acked} answered before the kill, ${left[0].running} keys left running by it (${left[0].applied} of them applied), ${stuck} still running after the resends`,
    );
    expect(acked).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);
    expect(answers.filter((s) => s !== 200)).toEqual([]);
    expect(queued.filter((q) => effects.get(q.key) !== 1).map((q) => [q.key, effects.get(q.key) ?? 0])).toEqual([]);
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(queued.length);
    expect(stuck).toBe(0);
  });
});
