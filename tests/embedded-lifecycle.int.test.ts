/**
 * The embedded PostgreSQL never outlives Spotter: a server killed with SIGKILL leaves
 * it running, the next process that attaches adopts it and stops it on Ctrl-C, and
 * `spotter db stop` stops a leftover. The CLI finds the running server's database or
 * says none is running; a folder the database user cannot enter is one clear sentence.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentError, runningPort, startEmbeddedPostgres, stopEmbeddedAt } from '../src/platform/db/embedded.ts';
import { NONE_RUNNING, resolveDatabase, stopDatabase } from '../cli/lib/database.ts';
import { spawnServer } from './support/server-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-lifecycle-'));
  await fs.chmod(dir, 0o755);
});
afterAll(async () => {
  await stopEmbeddedAt(path.join(dir, 'data')).catch(() => {});
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL of a killed server', () => {
  it('is adopted by the restarted server and stopped by its Ctrl-C', { timeout: 240_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    // A clean stop is what this checks, not a quick one: a loaded CI run's close outlasted the 4 s default.
    const env = { SPOTTER_DATA_DIR: dataDir, OUTBOX_DIR: path.join(dir, 'outbox'), SPOTTER_STOP_GRACE_MS: '30000' };
    const first = await spawnServer(env);
    await first.waitFor(/Spotter is running/);
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(await runningPort(dataDir)).not.toBeNull();

    const second = await spawnServer(env);
    await second.waitFor(/Spotter is running/);
    expect(second.output()).toMatch(/Found the embedded PostgreSQL of a process that ended/);
    const health = await fetch(`${second.url}/api/health`);
    expect(health.status).toBe(200);
    second.proc.kill('SIGINT');
    expect(await second.exited, second.output()).toBe(0);
    expect(await runningPort(dataDir)).toBeNull();
  });

  it('is stopped by `spotter db stop`, and the CLI then says none is running', { timeout: 240_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const pointerFile = path.join(dir, 'pointer.json');
    const config = { databaseUrl: null, embeddedDataDir: path.join(dir, 'never-created'), embeddedDataDirExplicit: false, embeddedPointerFile: pointerFile };
    await expect(resolveDatabase(config)).rejects.toThrow(NONE_RUNNING);

    // A server on another folder (SPOTTER_DATA_DIR) notes it in the checkout's pointer: the CLI finds it there.
    const db = await startEmbeddedPostgres(dataDir, { pointerFile });
    expect(await resolveDatabase(config)).toMatchObject({ embeddedDataDir: dataDir });
    expect((await stopDatabase(config)).message).toMatch(/^Stopped the embedded PostgreSQL \(pid \d+, data in /);
    expect(await runningPort(dataDir)).toBeNull();
    expect((await stopDatabase(config)).message).toBe('No embedded PostgreSQL is running for this checkout.');
    await db.stop().catch(() => {});
  });
});

describe.runIf(process.getuid?.() === 0)('a folder the database user cannot enter', () => {
  it('fails with one sentence saying what to do', async () => {
    const closed = path.join(dir, 'private');
    await fs.mkdir(closed, { mode: 0o700 });
    await fs.chmod(closed, 0o700);
    const err = await startEmbeddedPostgres(path.join(closed, 'data')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EnvironmentError);
    expect((err as Error).message).toBe(
      `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${closed}: move the checkout to a folder others can enter (for example /opt or /srv), run \`chmod o+x ${closed}\`, or set DATABASE_URL to a PostgreSQL server.`,
    );
  });
});
