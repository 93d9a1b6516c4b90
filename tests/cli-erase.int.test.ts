/**
 * `spotter erase` run as staff run it, a process against the test server's database:
 * it refuses without --yes when not in a terminal and names an unknown address; with
 * --yes the person is erased (cannot sign in, their coach sees "Deleted user", no plain
 * text of their name in the events) and the erase log file next to the backups names them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkAthlete, settled } from './support/coaching.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { runSpotter } from './support/cli.ts';
import { readEraseLog } from '../src/privacy/index.ts';

let t: TestServer;
let dir: string;
beforeAll(async () => {
  t = await startTestServer();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-erase-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const spotter = (args: string[], env: Record<string, string> = {}) => runSpotter(args, { DATABASE_URL: t.db.url, ...env });

describe('spotter erase', () => {
  // Five runs of the CLI, each a process that loads the whole code (several seconds each on a busy machine).
  it('refuses without --yes outside a terminal, reports an unknown address, and erases with --yes', { timeout: 180_000 }, async () => {
    const coach = await signedInUser(t, 'Erase Coach');
    const athlete = await signedInUser(t, 'Erika Eraseme');
    await linkAthlete(t, coach, athlete);
    const started = await t.api('POST', '/api/conversations', { other_user_id: coach.user.id, initial_message: 'Hello coach from Erika' }, athlete.accessToken);
    expect(started.status, JSON.stringify(started.body)).toBeLessThan(300);
    await settled(t, started.body.checkpoint);

    const refused = await spotter(['erase', '--user', athlete.email]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('pass --yes when not in a terminal');
    expect((await t.api('GET', '/api/profile', undefined, athlete.accessToken)).status).toBe(200);

    const unknown = await spotter(['erase', '--user', 'nobody-here@example.com', '--yes']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no account with the e-mail address nobody-here@example.com');

    const bad = await spotter(['erase', '--yes']);
    expect(bad.code).toBe(2);

    const log = path.join(dir, 'erasures.jsonl');
    const erased = await spotter(['erase', '--user', athlete.email, '--yes', '--json'], { SPOTTER_ERASE_LOG: log });
    expect(erased.code, erased.stderr).toBe(0);
    const report = JSON.parse(erased.stdout) as { userId: string; erased: boolean; rebuilt: string[]; eraseLog: string };
    expect(report).toMatchObject({ userId: athlete.user.id, erased: true, eraseLog: log });
    expect(report.rebuilt.length).toBeGreaterThan(3);

    // Signed out for good.
    expect((await t.api('GET', '/api/profile', undefined, athlete.accessToken)).status).toBe(401);
    expect((await t.api('POST', '/api/auth/signin', { email: athlete.email, password: athlete.password })).status).toBe(401);
    // The coach: the conversation names a "Deleted user"; no event holds the name in plain text.
    const conversations = await t.api('GET', '/api/conversations', undefined, coach.accessToken);
    expect(JSON.stringify(conversations.body)).toContain('Deleted user');
    expect(JSON.stringify(conversations.body)).not.toContain('Erika Eraseme');
    const { rows } = await t.db.pool.query("SELECT count(*)::int AS n FROM es_events WHERE data::text ILIKE '%Erika Eraseme%' OR metadata::text ILIKE '%Erika Eraseme%'");
    expect(rows[0].n).toBe(0);
    // The staff user is recorded; the erase log names the account's id.
    const { rows: events } = await t.db.pool.query("SELECT metadata FROM es_events WHERE event_type = 'AccountErased' AND stream_id = $1", [`erasure-${athlete.user.id}`]);
    expect(events[0].metadata.staff).toBe(os.userInfo().username);
    expect((await readEraseLog(log)).filter((e) => e.subject_id === athlete.user.id && e.final)).toHaveLength(1);

    // Once erased, the address is unknown.
    const again = await spotter(['erase', '--user', athlete.email, '--yes']);
    expect(again.code).toBe(1);
  });
});
