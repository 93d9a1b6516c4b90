/**
 * `spotter backup` and `spotter restore` as an operator runs them (issue 23 item 10):
 * a backup of a live server's database, restored into a PostgreSQL of its own started
 * on a fresh data folder, gives read models equal to the source's, and accounts and
 * sessions that still work.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../src/features.ts';
import { loadConfig } from '../src/platform/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import type pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded.ts';
import { linkAthlete } from './support/coaching.ts';
import { ACCESS_CODE, signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { runSpotter } from './support/cli.ts';
import { testPool } from './support/database.ts';

let source: TestServer;
let freshServer: EmbeddedDatabase;
let fresh: { url: string; pool: pg.Pool };
let dir: string;

beforeAll(async () => {
  source = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-backup-'));
  // The embedded server runs as its own user, who must reach the folder.
  await fs.chmod(dir, 0o777);
  freshServer = await startEmbeddedPostgres(path.join(dir, 'fresh-data'));
  fresh = { url: freshServer.url, pool: testPool(freshServer.url, 2) };
});
afterAll(async () => {
  await source?.close();
  await fresh?.pool.end();
  await freshServer?.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

const spotter = (args: string[], databaseUrl: string) => runSpotter(args, { DATABASE_URL: databaseUrl });

/** Every read model's rows, sorted, without what names a position in the store (new after a restore). */
async function readModels(pool: { query: (sql: string) => Promise<{ rows: { row: Record<string, unknown> }[] }> }): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const p of allProjections.filter((x) => !x.reactor)) {
    for (const table of Object.keys(p.tables)) {
      const { rows } = await pool.query(`SELECT to_jsonb(v) AS row FROM ${table} v`);
      out[table] = rows.map((r) => JSON.stringify(Object.fromEntries(Object.entries(r.row).filter(([k]) => !/checkpoint|position|tx_id/.test(k))))).sort();
    }
  }
  return out;
}

describe('spotter backup and restore', () => {
  it('restores into a fresh data folder with read models equal to the source, and sign-ins that still work', { timeout: 180_000 }, async () => {
    const coach = await signedInUser(source, 'Backup Coach');
    const athlete = await signedInUser(source, 'Backup Athlete');
    await linkAthlete(source, coach, athlete);
    const last = await source.api('PUT', '/api/profile', { displayName: 'Restored Coach' }, coach.accessToken);
    await source.server.platform.runner.waitFor(last.body.checkpoint);

    const file = path.join(dir, 'spotter.backup');
    const backup = await spotter(['backup', file], source.db.url);
    expect(backup.out).toMatch(/^backed up \d+ events and \d+ rows of \d+ tables to /m);
    expect(backup.code).toBe(0);
    expect((await fs.stat(file)).mode & 0o077).toBe(0);

    const restore = await spotter(['restore', file], fresh.url);
    expect(restore.out).toMatch(/restored \d+ events .* read models rebuilt/);
    expect(restore.code).toBe(0);

    const expected = await readModels(source.db.pool);
    expect(Object.values(expected).flat().length).toBeGreaterThan(3);
    expect(await readModels(fresh.pool)).toEqual(expected);

    // A second restore into the same database is refused: it holds events now.
    const again = await spotter(['restore', file], fresh.url);
    expect(again.code).toBe(2);
    expect(again.out).toContain('restore refused: this database holds events already');

    // A server on the restored database: the same password signs in, and new commands
    // land after the restored events (the store's order survived the move).
    const outboxDir = await fs.mkdtemp(path.join(dir, 'outbox-'));
    const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', SIGNUP_ACCESS_CODE: ACCESS_CODE, OUTBOX_DIR: outboxDir }), databaseUrl: fresh.url };
    const restored: RunningServer = await startServer(config, { log: () => {}, rateLimitScale: 100, projections: 'in-process' });
    try {
      const signin = await fetch(`${restored.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: coach.email, password: coach.password }),
      });
      expect(signin.status).toBe(200);
      const { accessToken } = (await signin.json()) as { accessToken: string };
      const put = await fetch(`${restored.url}/api/profile`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ displayName: 'After Restore' }),
      });
      expect(put.status).toBe(200);
      const { checkpoint } = (await put.json()) as { checkpoint: string };
      const profile = await fetch(`${restored.url}/api/profile`, { headers: { authorization: `Bearer ${accessToken}`, 'x-after-checkpoint': checkpoint } });
      expect(((await profile.json()) as { profile: { display_name: string } }).profile.display_name).toBe('After Restore');
    } finally {
      await restored.close();
    }
  });
});
