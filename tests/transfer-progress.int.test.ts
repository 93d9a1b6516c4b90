/**
 * Import progress (issue 25): with `Accept: application/x-ndjson` POST /api/imports
 * streams one JSON line per step (rows read of the file's bytes, the workouts being
 * written) and ends with the same outcome as the plain answer, or with the error and
 * its line, having written nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { strongFile } from './support/strong-file.ts';
import { settled } from './support/coaching.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let athlete: User, stranger: User;

beforeAll(async () => {
  t = await startTestServer();
  [athlete, stranger] = await Promise.all([signedInUser(t, 'Athlete Ida'), signedInUser(t, 'Stranger Stan')]);
});
afterAll(async () => t?.close());

const eventCount = async () => Number((await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);

async function importWithProgress(who: User, athleteId: string, csv: string, query = '') {
  const res = await fetch(`${t.url}/api/imports?athlete_id=${athleteId}${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.accessToken}`, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
    body: csv,
  });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    text,
    lines: res.ok
      ? text
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Record<string, any>)
      : [],
  };
}

describe('POST /api/imports with Accept: application/x-ndjson', () => {
  it('reports rows and bytes as it reads, then the writing, then the outcome', async () => {
    const file = strongFile(120, 6, 5); // 3,600 rows
    const bytes = Buffer.byteLength(file.text);
    const before = await eventCount();
    const { status, type, lines } = await importWithProgress(athlete, athlete.user.id, file.text);
    expect(status).toBe(200);
    expect(type).toBe('application/x-ndjson; charset=utf-8');

    const reading = lines.filter((l) => l.type === 'progress' && l.phase === 'reading');
    expect(reading.map((l) => l.rows)).toEqual([1000, 2000, 3000, 3600]);
    expect(reading.every((l) => l.total_bytes === bytes && l.bytes > 0 && l.bytes <= bytes)).toBe(true);
    expect(reading.at(-1)).toMatchObject({ rows: 3600, workouts: 120, bytes });
    expect(reading.map((l) => l.workouts)).toEqual([...reading.map((l) => l.workouts)].sort((a, b) => a - b));

    expect(lines.filter((l) => l.phase === 'writing')).toEqual([{ type: 'progress', phase: 'writing', workouts: 120 }]);
    const result = lines.at(-1)!;
    expect(result.type).toBe('result');
    expect(result.outcome).toMatchObject({ dry_run: false, rows: 3600, workouts: 120, sets: 3600, imported_workouts: 120, new_workouts: 120, existing_workouts: 0 });
    expect(await eventCount()).toBeGreaterThan(before);

    // The same file again, once the calendar has it: read in full, nothing to write.
    await settled(t, result.outcome.checkpoint);
    const again = await importWithProgress(athlete, athlete.user.id, file.text);
    expect(again.lines.some((l) => l.phase === 'writing')).toBe(false);
    expect(again.lines.at(-1)).toMatchObject({ type: 'result', outcome: { existing_workouts: 120, new_workouts: 0, imported_workouts: 0 } });
  });

  it('a dry run reports its reading and writes nothing', async () => {
    const file = strongFile(40, 5, 5);
    const before = await eventCount();
    const { lines } = await importWithProgress(athlete, athlete.user.id, file.text.replace(/Day /g, 'Session '), '&dry_run=true');
    expect(lines.filter((l) => l.phase === 'reading').map((l) => l.rows)).toEqual([1000, 1000]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', outcome: { dry_run: true, rows: file.rows, new_workouts: 40, imported_workouts: 0 } });
    expect(await eventCount()).toBe(before);
  });

  it('ends with the bad line and writes nothing', async () => {
    const before = await eventCount();
    const { status, lines } = await importWithProgress(athlete, athlete.user.id, strongFile(100, 5, 5, { badRow: 1500 }).text);
    expect(status).toBe(200);
    expect(lines.filter((l) => l.phase === 'reading').map((l) => l.rows)).toEqual([1000]);
    expect(lines.at(-1)).toEqual({ type: 'error', status: 400, error: expect.stringMatching(/^Line 1501: /) });
    expect(await eventCount()).toBe(before);
  });

  it('answers a bad line early in a file far larger than the reader buffers, with either answer', async () => {
    const before = await eventCount();
    const big = strongFile(2000, 6, 5, { badRow: 20 }).text; // 60,000 rows, about 4 MB
    for (const accept of ['application/x-ndjson', 'application/json']) {
      const res = await fetch(`${t.url}/api/imports?athlete_id=${athlete.user.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${athlete.accessToken}`, 'content-type': 'text/csv', accept },
        body: big,
      });
      const text = await res.text();
      expect(text, accept).toMatch(/Line 21: /);
    }
    expect(await eventCount()).toBe(before);
  });

  it("refuses someone else's athlete with a plain 404 before any line", async () => {
    const res = await importWithProgress(stranger, athlete.user.id, strongFile(2, 1, 1).text);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toEqual({ error: 'Athlete not found.' });
  });
});
