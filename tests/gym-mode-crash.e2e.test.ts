/**
 * Gym mode against a server that dies in the middle of the sync: the athlete's phone
 * (real Chromium, a phone-sized screen) queues six sets with no signal; when the signal
 * returns and the first set is on its way, the server process is SIGKILLed and started
 * again on the same address. The outbox keeps trying with the same command ids, and
 * every set is in the workout exactly once. Needs the built app: `npm run build:web`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { freePort } from '../src/platform/db/embedded.ts';
import { CHROMIUM_ARGS } from './support/browser.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { ACCESS_CODE, signedInUser } from './support/server.ts';
import { processClient, spawnServer, type ServerProcess } from './support/server-process.ts';
import { localToday } from './support/ui.ts';

let db: TestDatabase;
let outboxDir: string;
let browser: Browser;
let server: ServerProcess | null = null;
beforeAll(async () => {
  db = await createTestDatabase();
  outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-gym-kill-outbox-'));
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  server?.proc.kill('SIGKILL');
  await server?.exited;
  await db?.drop();
  await fs.rm(outboxDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ServerProcess> {
  const s = await spawnServer({ DATABASE_URL: db.url, OUTBOX_DIR: outboxDir, SIGNUP_ACCESS_CODE: ACCESS_CODE }, { port });
  await s.waitFor(/Spotter is running/);
  return s;
}

async function logSet(page: Page, n: number, reps: string, load: string) {
  const region = page.getByRole('region', { name: 'A1 Deadlift' });
  await region.getByLabel(`Set ${n} reps`).fill(reps);
  await region.getByLabel(`Set ${n} load (lb)`).fill(load);
  await region.getByRole('button', { name: `Save set ${n}` }).click();
}

describe('gym mode when the server is killed mid-sync', () => {
  // Two servers started as processes (each loads every module): 20 s on a CI machine, past 60 s on a loaded one.
  it('applies every queued set exactly once after a SIGKILL and a restart', { timeout: 150_000 }, async () => {
    const port = await freePort();
    server = await start(port);
    const user = await signedInUser(processClient(server, outboxDir), 'Kim Kettlebell');
    const planned = await processClient(server, outboxDir).api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: user.user.id,
          date: localToday(),
          name: 'Pull Day',
          exercises: [{ exercise_name: 'Deadlift', sets: Array.from({ length: 6 }, () => ({ reps: 5, load: 300 })) }],
        },
      },
      user.accessToken,
    );
    expect(planned.status).toBe(201);
    const workoutId = planned.body.id as string;

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })).newPage();
    await page.goto(`${server.url}/signin`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');
    await page.goto(`${server.url}/training/${workoutId}`);
    await page.getByRole('region', { name: 'A1 Deadlift' }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await page.context().setOffline(true);
    for (let n = 1; n <= 6; n++) await logSet(page, n, '5', String(300 + n * 5));
    await expect.poll(() => page.getByRole('region', { name: 'Sync' }).getByRole('status').textContent()).toBe('6 sets waiting to sync');

    // Appends wait behind this lock, so the first set is surely in flight when the server dies.
    const blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE es_events IN EXCLUSIVE MODE');
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM command_results WHERE status = 0`)).rows[0].n, { timeout: 30_000 })
      .toBeGreaterThan(0);
    server.proc.kill('SIGKILL');
    await server.exited;
    await blocker.query('ROLLBACK');
    await blocker.end();

    server = await start(port);
    await expect.poll(() => page.getByRole('region', { name: 'Sync' }).getByRole('status').textContent(), { timeout: 60_000 }).toBe('All changes saved');

    const { rows } = await db.pool.query<{ load: number }>(
      `SELECT (data->'actual'->>'load')::float8 AS load FROM es_events WHERE stream_id = $1 AND event_type = 'SetActualRecorded' ORDER BY position`,
      [`workout-${workoutId}`],
    );
    expect(rows.map((r) => r.load).sort()).toEqual([305, 310, 315, 320, 325, 330]);
  });
});
