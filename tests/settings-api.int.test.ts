/**
 * Settings on the server: coach branding (set, read by the coach's athletes, removed)
 * and the time zone that decides each user's "today" (missed status, compliance).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

// 20:00 UTC on 12 March is already 13 March in Auckland (UTC+13).
const NOW = new Date('2025-03-12T20:00:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let otherCoach: User;
let otherAthlete: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  [coach, athlete, otherCoach, otherAthlete] = await Promise.all([signedInUser(t, 'Coach Carla'), signedInUser(t, 'Athlete Ann'), signedInUser(t, 'Other Olga'), signedInUser(t, 'Other Otto')]);
  await linkAthlete(t, coach, athlete);
  await linkAthlete(t, otherCoach, otherAthlete);
});
afterAll(async () => t?.close());

const BRAND = { primary: '#1A2B3C', secondary: '#445566', accent: '#FF8800' };
const brandingEvents = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events WHERE event_type LIKE 'CoachBranding%'`)).rows[0].n as number;

describe('coach branding', () => {
  it("is the coach's own and the applied colours of the coach's athletes, never another coach's athletes", async () => {
    const put = await t.api('PUT', '/api/branding', BRAND, coach.accessToken);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await settled(t, put.body.checkpoint);
    const lower = { primary: '#1a2b3c', secondary: '#445566', accent: '#ff8800' };

    const mine = await t.api('GET', '/api/branding', undefined, coach.accessToken);
    expect(mine.body).toEqual({ own: lower, coach: null, applied: lower });
    const theirs = await t.api('GET', '/api/branding', undefined, athlete.accessToken);
    expect(theirs.body).toEqual({ own: null, coach: lower, applied: lower });
    const stranger = await t.api('GET', '/api/branding', undefined, otherAthlete.accessToken);
    expect(stranger.body).toEqual({ own: null, coach: null, applied: null });
  });

  it('refuses a colour that is not #rrggbb and anonymous callers, writing nothing', async () => {
    const before = await brandingEvents();
    const bad = await t.api('PUT', '/api/branding', { ...BRAND, accent: 'red' }, otherCoach.accessToken);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
    const extra = await t.api('PUT', '/api/branding', { ...BRAND, coachId: coach.user.id }, otherCoach.accessToken);
    expect(extra.status).toBe(400);
    expect((await t.api('PUT', '/api/branding', BRAND)).status).toBe(401);
    expect((await t.api('GET', '/api/branding')).status).toBe(401);
    expect((await t.api('DELETE', '/api/branding')).status).toBe(401);
    expect(await brandingEvents()).toBe(before);
  });

  it('once removed, neither the coach nor the athletes see it', async () => {
    const del = await t.api('DELETE', '/api/branding', undefined, coach.accessToken);
    expect(del.status).toBe(200);
    await settled(t, del.body.checkpoint);
    expect((await t.api('GET', '/api/branding', undefined, coach.accessToken)).body).toEqual({ own: null, coach: null, applied: null });
    expect((await t.api('GET', '/api/branding', undefined, athlete.accessToken)).body).toEqual({ own: null, coach: null, applied: null });
  });
});

describe('time zone', () => {
  it("decides the coach's today: a workout of 12 March is missed in Auckland while it is still the 12th in UTC", async () => {
    const created = await t.api('POST', '/api/manage-workouts', { workout: { user_id: athlete.user.id, date: '2025-03-12', name: 'Lower', exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 5, load: 100 }] }] } }, coach.accessToken);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await settled(t, created.body.checkpoint);
    const statusOf = async () => {
      const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=2025-03-01&to=2025-03-31`, undefined, coach.accessToken);
      expect(res.status).toBe(200);
      return (res.body.workouts as { id: string; status: string }[]).find((w) => w.id === created.body.id)?.status;
    };
    expect(await statusOf()).toBe('scheduled');

    const zone = await t.api('PUT', '/api/profile', { timeZone: 'Pacific/Auckland' }, coach.accessToken);
    expect(zone.status).toBe(200);
    await settled(t, zone.body.checkpoint);
    expect(await statusOf()).toBe('missed');

    // The athlete's own view still follows the athlete's zone (UTC): not missed yet.
    const own = await t.api('GET', '/api/athlete/workouts?from=2025-03-01&to=2025-03-31', undefined, athlete.accessToken);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((own.body.workouts as { id: string; status: string }[]).find((w) => w.id === created.body.id)?.status).toBe('scheduled');
  });

  it('refuses an unknown zone', async () => {
    const res = await t.api('PUT', '/api/profile', { timeZone: 'Mars/Olympus' }, coach.accessToken);
    expect(res).toEqual({ status: 400, body: { error: 'Unknown time zone.' } });
  });
});
