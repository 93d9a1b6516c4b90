/**
 * "Today" is the athlete's own day in their profile's time zone, on the server's clock,
 * whatever `today` a browser sends. At 10:30 UTC on 12 March it is already 00:30 on
 * 13 March in Kiritimati (UTC+14) and still 23:30 on 11 March in Pago Pago (UTC-11).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { settled } from './support/coaching.ts';

const NOW = new Date('2025-03-12T10:30:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let kiritimati: User;
let pagoPago: User;
/** Each athlete's workouts by date. */
const ids = new Map<User, Record<string, string>>();

const DATES = ['2025-03-10', '2025-03-11', '2025-03-12'];

/** The athlete plans 10, 11 and 12 March for themselves and logs 10 and 11 in full. */
async function trainIn(zone: string, who: User) {
  const zoned = await t.api('PUT', '/api/profile', { timeZone: zone }, who.accessToken);
  expect(zoned.status).toBe(200);
  const workouts = DATES.map((date) => ({ user_id: who.user.id, date, name: `Day ${date}`, exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 100 }] }] }));
  const created = await t.api('POST', '/api/manage-workouts', { workouts }, who.accessToken);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const byDate = Object.fromEntries(DATES.map((d, i) => [d, created.body.ids[i] as string]));
  ids.set(who, byDate);
  let checkpoint = created.body.checkpoint as string;
  for (const date of DATES.slice(0, 2)) {
    const logged = await t.api('POST', `/api/athlete/workouts/${byDate[date]}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100 } }, who.accessToken);
    expect(logged.status).toBe(200);
    checkpoint = logged.body.checkpoint;
  }
  await settled(t, zoned.body.checkpoint);
  await settled(t, checkpoint);
}

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  [kiritimati, pagoPago] = await Promise.all([signedInUser(t, 'Kiri Kiritimati'), signedInUser(t, 'Pago Pago')]);
  await trainIn('Pacific/Kiritimati', kiritimati);
  await trainIn('Pacific/Pago_Pago', pagoPago);
});
afterAll(async () => t?.close());

const statuses = async (who: User, clientToday: string) => {
  const res = await t.api('GET', `/api/athlete/workouts?from=2025-03-10&to=2025-03-12&today=${clientToday}`, undefined, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.fromEntries((res.body.workouts as { date: string; status: string }[]).map((w) => [w.date, w.status]));
};

const dashboard = async (who: User, clientToday: string) => {
  const res = await t.api('GET', `/api/athlete/dashboard?today=${clientToday}`, undefined, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { today: string; upcoming: { date: string }[]; streak: { current: number } };
};

// What browsers in other zones (or with a wrong clock) would send: ignored every time.
const CLIENT_DAYS = ['2025-03-11', '2025-03-12', '2025-03-13', '2030-01-01'];

describe("today in the athlete's profile zone", () => {
  it.each(CLIENT_DAYS)('Kiritimati (already 13 March): the unlogged 12th is missed and the streak broken, the client sending today=%s', async (clientToday) => {
    expect(await statuses(kiritimati, clientToday)).toEqual({ '2025-03-10': 'completed', '2025-03-11': 'completed', '2025-03-12': 'missed' });
    const d = await dashboard(kiritimati, clientToday);
    expect(d.today).toBe('2025-03-13');
    expect(d.upcoming).toEqual([]);
    expect(d.streak.current).toBe(0);
  });

  it.each(CLIENT_DAYS)('Pago Pago (still 11 March): the 11th is today, the 12th upcoming and the streak is 2, the client sending today=%s', async (clientToday) => {
    expect(await statuses(pagoPago, clientToday)).toEqual({ '2025-03-10': 'completed', '2025-03-11': 'completed', '2025-03-12': 'scheduled' });
    const d = await dashboard(pagoPago, clientToday);
    expect(d.today).toBe('2025-03-11');
    // Upcoming is today and later: the 11th (logged) is still today there.
    expect(d.upcoming.map((w) => w.date)).toEqual(['2025-03-11', '2025-03-12']);
    expect(d.streak.current).toBe(2);
  });

  it('gives the same status in the workout itself and the profile says which day it is', async () => {
    const twelfth = (who: User) => t.api('GET', `/api/manage-workouts/${ids.get(who)!['2025-03-12']}?today=2025-03-12`, undefined, who.accessToken);
    expect((await twelfth(kiritimati)).body.workout.status).toBe('missed');
    expect((await twelfth(pagoPago)).body.workout.status).toBe('scheduled');
    expect((await t.api('GET', '/api/profile', undefined, kiritimati.accessToken)).body.profile).toMatchObject({ time_zone: 'Pacific/Kiritimati', today: '2025-03-13' });
    expect((await t.api('GET', '/api/profile', undefined, pagoPago.accessToken)).body.profile).toMatchObject({ time_zone: 'Pacific/Pago_Pago', today: '2025-03-11' });
  });

  it('still refuses a today that is not even shaped like a date', async () => {
    const res = await t.api('GET', `/api/athlete/dashboard?today=${'9'.repeat(11)}`, undefined, kiritimati.accessToken);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});
