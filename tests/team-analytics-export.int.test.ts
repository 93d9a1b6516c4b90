/**
 * The team analytics table as CSV (issue 25): GET /api/team-analytics/export.csv has
 * the rows and figures of GET /api/team-analytics for the same filters, in the
 * reader's unit, and only the coach's own linked athletes.
 */
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayLoad } from '../src/kernel/units.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { runTeamExport } from '../cli/lib/export.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User, ann: User, ben: User, otherCoach: User, stranger: User;

const set = (reps: number, load: number, done: number) => ({ reps, load, actual: { reps: done, load } });
async function create(who: User, date: string, exercises: object[]) {
  const res = await t.api('POST', '/api/manage-workouts', { workouts: [{ user_id: who.user.id, date, name: 'Session', exercises }] }, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await settled(t, res.body.checkpoint);
}
function csvRows(text: string): string[][] {
  const rows: unknown = parse(text);
  return rows as string[][];
}
const csvOf = async (who: User, query: string) => {
  const res = await fetch(`${t.url}/api/team-analytics/export.csv?${query}`, { headers: { authorization: `Bearer ${who.accessToken}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date('2025-06-30T12:00:00Z') });
  [coach, ann, ben, otherCoach, stranger] = await Promise.all([
    signedInUser(t, 'Coach Cleo'),
    signedInUser(t, 'Ann Archer'),
    // A name a spreadsheet would take for a formula.
    signedInUser(t, '=HYPERLINK("x") Ben'),
    signedInUser(t, 'Other Olga'),
    signedInUser(t, 'Stranger Stu'),
  ]);
  for (const a of [ann, ben]) await linkAthlete(t, coach, a);
  await linkAthlete(t, otherCoach, stranger);
  await create(ann, '2025-06-20', [{ exercise_name: 'Squat', exercise_intent: 'strength', sets: [set(5, 225, 5), set(5, 225, 3)] }]);
  await create(ann, '2025-03-01', [{ exercise_name: 'Bench Press', exercise_intent: 'strength', sets: [set(8, 135, 8)] }]);
  await create(ben, '2025-06-28', [{ exercise_name: 'Deadlift', exercise_intent: 'strength', sets: [set(3, 315, 3)] }]);
  await create(stranger, '2025-06-28', [{ exercise_name: 'Squat', exercise_intent: 'strength', sets: [set(5, 999, 5)] }]);
});
afterAll(async () => t?.close());

describe('GET /api/team-analytics/export.csv', () => {
  it('has the rows and figures of the JSON the page reads, for each range, mode and selection', async () => {
    for (const query of [
      'range=30d&mode=reps',
      'range=all&mode=sets',
      `range=90d&mode=reps&athletes=${ann.user.id}`,
      `range=7d&mode=sets&athletes=${ben.user.id},${ann.user.id}`,
    ]) {
      const json = await t.api('GET', `/api/team-analytics?${query}`, undefined, coach.accessToken);
      expect(json.status).toBe(200);
      const csv = await csvOf(coach, query);
      expect(csv.status).toBe(200);
      expect(csv.type).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = csvRows(csv.text);
      const mode = new URLSearchParams(query).get('mode');
      expect(header).toEqual([
        'Athlete',
        'Athlete ID',
        'From',
        'To',
        'Recent Workouts',
        'Total Reps',
        'Completed Reps',
        'Total Sets',
        'Completed Sets',
        mode === 'reps' ? 'Rep Completion %' : 'Set Completion %',
        'Avg Intensity (lb)',
        'Total Volume (lb)',
        'Active Exercises',
      ]);
      const expected = (json.body.athletes as Record<string, any>[]).map((a) => [
        a.athlete_name.startsWith('=') ? `'${a.athlete_name}` : a.athlete_name,
        a.athlete_id,
        json.body.range.from ?? '',
        json.body.range.to,
        String(a.recent_workouts),
        String(a.prescribed_volume),
        String(a.completed_volume),
        String(a.total_sets),
        String(a.completed_sets),
        String(mode === 'reps' ? a.rep_completion_rate : a.set_completion_rate),
        String(a.avg_intensity),
        String(a.total_volume),
        String(a.active_exercises),
      ]);
      expect(rows, query).toEqual(expected);
      expect(rows.length).toBeGreaterThan(0);
    }
    const all = csvRows((await csvOf(coach, 'range=all')).text);
    expect(all.slice(1).map((r) => r[0])).toEqual(['\'=HYPERLINK("x") Ben', 'Ann Archer']);
    expect(all.flat().join(' ')).not.toContain('Stranger');
  });

  it("writes loads in the reader's unit", async () => {
    const saved = await t.api('PUT', '/api/profile', { weightUnit: 'kg' }, coach.accessToken);
    expect(saved.status).toBe(200);
    await settled(t, saved.body.checkpoint);
    const json = await t.api('GET', `/api/team-analytics?range=30d&athletes=${ann.user.id}`, undefined, coach.accessToken);
    const [header, row] = csvRows((await csvOf(coach, `range=30d&athletes=${ann.user.id}`)).text);
    expect(header.slice(10, 12)).toEqual(['Avg Intensity (kg)', 'Total Volume (kg)']);
    const a = json.body.athletes[0];
    expect(row.slice(10, 12)).toEqual([String(displayLoad(a.avg_intensity, 'kg')), String(displayLoad(a.total_volume, 'kg'))]);
    expect(Number(row[11])).toBeCloseTo(8 * 225 * 0.45359237, 1);
  });

  it("refuses another coach's athletes, bad filters and anonymous callers (athletes: the authorisation matrix)", async () => {
    expect((await csvOf(otherCoach, `athletes=${ann.user.id}`)).status).toBe(403);
    expect(JSON.parse((await csvOf(coach, `athletes=${stranger.user.id}`)).text)).toEqual({ error: 'You can only see the team analytics of athletes you coach.' });
    // Ann signed up with the access code, so she is a coach too: of her own (empty) team, only the header.
    const own = await csvOf(ann, 'range=30d');
    expect(own.status).toBe(200);
    expect(own.text.trim().split('\n')).toHaveLength(1);
    expect((await fetch(`${t.url}/api/team-analytics/export.csv`)).status).toBe(401);
    expect((await csvOf(coach, 'range=2y')).status).toBe(400);
    expect((await csvOf(coach, 'athletes=not-an-id')).status).toBe(400);
  });

  it('is what `spotter export --team --coach <email>` writes', async () => {
    let text = '';
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    await runTeamExport(t.db.pool, { coach: coach.email, range: 'all', mode: 'sets' }, out, new Date('2025-06-30T12:00:00Z'));
    expect(text).toBe((await csvOf(coach, 'range=all&mode=sets')).text);
    await expect(runTeamExport(t.db.pool, { coach: coach.email, range: '2y' }, out)).rejects.toThrow('--range must be one of 7d, 30d, 90d, 1y, all.');
  });
});
