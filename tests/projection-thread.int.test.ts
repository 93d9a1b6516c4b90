/**
 * The server's projections and reactors run on a thread of their own at a lower CPU
 * priority than the requests (src/projection-thread.ts). What an operator and a user see
 * of it: health reports every projection run by this server, the thread shows in the
 * process at its niceness, a change is readable right after its command, and a thread
 * that stops is started again without losing a change.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { PROJECTION_NICE } from '../src/platform/db/background-priority.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ projections: 'thread' });
});
afterAll(async () => t.close());

/** Niceness of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(): number[] {
  return fs.readdirSync(`/proc/${process.pid}/task`).flatMap((tid) => {
    try {
      const stat = fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
    } catch {
      return []; // the thread ended meanwhile
    }
  });
}

describe('the projection thread', () => {
  it('runs every projection of this server, reported as such by health, at a lower CPU priority', async () => {
    const health = await fetch(`${t.url}/api/health`, { headers: { 'x-operator-key': t.server.operatorKey } });
    const body = (await health.json()) as { projections: { name: string; owned: boolean; lag: number }[] };
    expect(body.projections.length).toBeGreaterThan(10);
    expect(body.projections.filter((p) => !p.owned)).toEqual([]);
    expect(t.server.projectionThread).not.toBeNull();
    expect(threadNiceness()).toContain(PROJECTION_NICE);
  });

  it('answers a query after the checkpoint its command returned', async () => {
    const user = await signedInUser(t);
    const write = await t.api('PUT', '/api/profile', { timeZone: 'Asia/Tokyo' }, user.accessToken);
    expect(write.status).toBe(200);
    const read = await t.api('GET', '/api/profile', undefined, user.accessToken, { 'x-after-checkpoint': write.body.checkpoint });
    expect(read.body.profile.time_zone).toBe('Asia/Tokyo');
  });

  it('is started again when it stops, and applies what was written meanwhile', async () => {
    const user = await signedInUser(t);
    await t.server.projectionThread!.terminate();
    const write = await t.api('PUT', '/api/profile', { timeZone: 'America/Chicago' }, user.accessToken);
    expect(write.status).toBe(200);
    await t.server.platform.runner.waitFor(write.body.checkpoint, ['user_profiles'], 30_000);
    const read = await t.api('GET', '/api/profile', undefined, user.accessToken);
    expect(read.body.profile.time_zone).toBe('America/Chicago');
    await expect.poll(async () => (await t.api('GET', '/api/health')).body.projections.every((p: { owned: boolean }) => p.owned), { timeout: 30_000 }).toBe(true);
  }, 60_000);
});

describe('the projection thread, with a coalescing pause of a minute', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ projections: 'thread', coalesceMs: 60_000 });
  });
  afterAll(async () => slow.close());

  it('catches a paused projection up at once when a request waits for it', async () => {
    const user = await signedInUser(slow);
    const runner = slow.server.platform.runner;
    // Signing up applied stream summaries and started its pause: these changes arrive within it.
    const first = await slow.api('PUT', '/api/profile', { timeZone: 'Asia/Tokyo' }, user.accessToken);
    await runner.waitFor(first.body.checkpoint, ['stream_summaries'], 10_000);
    const second = await slow.api('PUT', '/api/profile', { timeZone: 'Europe/Oslo' }, user.accessToken);
    // The serving thread tells the projection thread to hurry; without that these waits sit out the minute.
    await runner.waitFor(second.body.checkpoint, ['stream_summaries'], 10_000);
    const status = await runner.status();
    expect(status.find((p) => p.name === 'stream_summaries')!.checkpoint! >= second.body.checkpoint).toBe(true);
  }, 30_000);
});
