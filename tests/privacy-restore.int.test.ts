/**
 * Erasure reaches backups (issue 26): a backup taken before an erasure still holds the
 * person's key; `spotter restore` re-applies the erase log kept next to the backups,
 * so after backup → erase → restore the person is still erased: no key, no sign-in,
 * and not one event, decoded by a server on the restored database, holds their name,
 * address or message in plain text.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded.ts';
import { readEraseLog } from '../src/privacy/index.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { ACCESS_CODE, signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { runSpotter } from './support/cli.ts';
import { testPool } from './support/database.ts';
import { readToHead } from './support/read-to-head.ts';

let source: TestServer;
let freshServer: EmbeddedDatabase;
let fresh: { url: string; pool: pg.Pool };
let dir: string;

beforeAll(async () => {
  source = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-erase-restore-'));
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

const NAME = 'Rosalind Restorova';
const MESSAGE = 'Rosalind private message about her shoulder';

describe('erasure and restore', () => {
  it('keeps an account erased after backup, erase, restore', { timeout: 180_000 }, async () => {
    const coach = await signedInUser(source, 'Restore Coach');
    const victim = await signedInUser(source, NAME);
    await linkAthlete(source, coach, victim);
    const started = await source.api('POST', '/api/conversations', { other_user_id: coach.user.id, initial_message: MESSAGE }, victim.accessToken);
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    await settled(source, started.body.checkpoint);

    const file = path.join(dir, 'spotter.backup');
    const eraseLog = path.join(dir, 'spotter-erasures.jsonl');
    const backup = await spotter(['backup', file], source.db.url);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`erase log ${eraseLog}: 0 new erasure(s)`);

    // Erased after the backup was taken; the backup still holds the key.
    const erased = await spotter(['erase', '--user', victim.email, '--yes', '--erase-log', eraseLog], source.db.url);
    expect(erased.code, erased.out).toBe(0);
    expect((await readEraseLog(eraseLog)).map((e) => e.subject_id)).toContain(victim.user.id);

    const restore = await spotter(['restore', file], fresh.url);
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toContain('1 account(s) erased again');

    const { rows: keys } = await fresh.pool.query('SELECT count(*)::int AS n FROM personal_data_keys WHERE subject_id = $1', [victim.user.id]);
    expect(keys[0].n).toBe(0);
    const { rows: views } = await fresh.pool.query('SELECT full_name FROM user_profiles WHERE user_id = $1', [victim.user.id]);
    expect(views.map((r) => r.full_name)).not.toContain(NAME);

    const outboxDir = await fs.mkdtemp(path.join(dir, 'outbox-'));
    const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', SIGNUP_ACCESS_CODE: ACCESS_CODE, OUTBOX_DIR: outboxDir }), databaseUrl: fresh.url };
    const restored: RunningServer = await startServer(config, { log: () => {}, rateLimitScale: 100, projections: 'in-process' });
    try {
      // Every event, decoded by the restored server's store: the person's texts are gone.
      const events = await readToHead(restored.platform.store, 1_000_000);
      expect(events.length).toBeGreaterThan(5);
      const decoded = JSON.stringify(events.map((e) => [e.data, e.metadata]));
      const hits = [NAME, victim.email, MESSAGE].filter((needle) => decoded.toLowerCase().includes(needle.toLowerCase()));
      expect(hits).toEqual([]);
      expect(decoded).toContain('Deleted user');
      // The coach is still there, in plain text.
      expect(decoded).toContain('Restore Coach');

      const signin = await fetch(`${restored.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: victim.email, password: victim.password }),
      });
      expect(signin.status).toBe(401);
      const coachIn = await fetch(`${restored.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: coach.email, password: coach.password }),
      });
      expect(coachIn.status).toBe(200);
      const { accessToken } = (await coachIn.json()) as { accessToken: string };
      const conversations = await fetch(`${restored.url}/api/conversations`, { headers: { authorization: `Bearer ${accessToken}` } });
      const text = await conversations.text();
      expect(text).toContain('Deleted user');
      expect(text).not.toContain(NAME);
    } finally {
      await restored.close();
    }
  });
});
