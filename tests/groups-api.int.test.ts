/**
 * Groups over HTTP against a real server and PostgreSQL: creating and naming groups,
 * members (only the coach's linked athletes), a template and a single workout given
 * to a whole group (a rerun adds nothing), someone joining later getting the rest of
 * the program from today on, and team analytics filtered by a group.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';

const DAY = 86_400_000;
let shift = 0;
const clock = () => new Date(Date.now() + shift);
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let rival: User;
let loner: User;
let athletes: User[];

beforeAll(async () => {
  t = await startTestServer({ now: clock });
  const users = await Promise.all(['Coach Carla', 'Rival Rita', 'Loner Lou', 'Ann', 'Ben', 'Cat', 'Dan'].map((n) => signedInUser(t, n)));
  [coach, rival, loner, ...athletes] = users;
  for (const a of athletes) await linkAthlete(t, coach, a);
}, 120_000);
afterAll(async () => t?.close());

const day = (n: number) => new Date(Date.now() + shift + n * DAY).toISOString().slice(0, 10);
const eventCount = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
const call = async (method: string, url: string, body?: unknown, who: User = coach) => {
  const res = await t.api(method, url, body, who.accessToken);
  if (res.body?.checkpoint) await settled(t, res.body.checkpoint);
  return res;
};
/** After the clock moved on, sessions made before have expired. */
const signInAgain = async (who: User): Promise<User> => ({ ...who, ...(await t.api('POST', '/api/auth/signin', { email: who.email, password: who.password })).body });
const groups = async (who: User = coach) => (await call('GET', '/api/groups', undefined, who)).body as { data: any[]; athletes: { id: string; name: string }[] };
const groupNamed = async (name: string) => (await groups()).data.find((g) => g.name === name);

async function newGroup(name: string, members: User[] = []) {
  const res = await call('POST', '/api/groups', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (members.length) expect((await call('POST', `/api/groups/${res.body.id}/members`, { athlete_ids: members.map((m) => m.user.id) })).status).toBe(200);
  return res.body.id as string;
}

const exercise = { exercise_name: 'Back Squat', sets: [{ type: 'standard', reps: 5, load: 100 }] };
async function newTemplate(name = 'Base Block') {
  const res = await call('POST', '/api/program-templates', {
    name,
    category: 'strength',
    workouts: {
      'day-1': [{ id: 'w1', name: 'Lower A', exercises: [exercise] }],
      'day-3': [{ id: 'w2', name: 'Upper A', exercises: [exercise] }],
      'day-5': [{ id: 'w3', name: 'Lower B', exercises: [exercise] }],
      'day-7': [{ id: 'w4', name: 'Upper B', exercises: [exercise] }],
    },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** The athlete's calendar as the coach sees it, once the reactors have caught up with `count` workouts or more. */
async function calendar(athlete: User, from: string, to: string, count: number) {
  for (let i = 0; i < 400; i++) {
    const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${from}&to=${to}`, undefined, coach.accessToken);
    expect(res.status).toBe(200);
    if ((res.body.workouts as unknown[]).length >= count) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  // Everything the reactors might still append, applied.
  await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);
  const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${from}&to=${to}`, undefined, coach.accessToken);
  return (res.body.workouts as { date: string; name: string }[]).map((w) => `${w.date} ${w.name}`).sort();
}

describe('groups', () => {
  it('creates, renames and archives groups, names unique per coach whatever the case', async () => {
    const id = await newGroup('Varsity');
    expect(await groupNamed('Varsity')).toMatchObject({ id, member_count: 0, members: [], programs: [] });
    expect((await call('POST', '/api/groups', { name: 'VARSITY ' })).body).toEqual({ error: 'You already have a group with this name.' });
    // Another coach may use the same name.
    expect((await call('POST', '/api/groups', { name: 'Varsity' }, rival)).status).toBe(201);
    for (const [name, error] of [
      ['  ', 'Group name is required.'],
      ['x'.repeat(61), 'Group name must be at most 60 characters.'],
    ]) {
      const before = await eventCount();
      const res = await call('POST', '/api/groups', { name });
      expect(res).toEqual({ status: 400, body: { error } });
      expect(await eventCount()).toBe(before);
    }
    for (const name of ['Var\u0000sity', 'Var\ud800sity']) expect((await call('POST', '/api/groups', { name })).status).toBe(400);
    expect((await call('PATCH', `/api/groups/${id}`, { name: 'Varsity A' })).status).toBe(200);
    expect(await groupNamed('Varsity A')).toMatchObject({ id });
    expect((await call('DELETE', `/api/groups/${id}`)).status).toBe(200);
    expect(await groupNamed('Varsity A')).toBeUndefined();
    expect((await call('PATCH', `/api/groups/${id}`, { name: 'Back' })).body).toEqual({ error: 'Group not found.' });
  });

  it("adds only the coach's linked athletes, refusing the lot otherwise, and hides groups from other coaches", async () => {
    const id = await newGroup('Masters');
    const before = await eventCount();
    const refused = await call('POST', `/api/groups/${id}/members`, { athlete_ids: [athletes[0].user.id, loner.user.id] });
    expect(refused).toEqual({ status: 403, body: { error: 'You can only add athletes you coach to a group.' } });
    expect(await eventCount()).toBe(before);
    expect((await call('POST', `/api/groups/${id}/members`, { athlete_ids: [athletes[0].user.id, athletes[1].user.id] })).body).toMatchObject({ added_count: 2 });
    const g = await groupNamed('Masters');
    expect(g.member_count).toBe(2);
    expect(g.members.map((m: any) => m.name).sort()).toEqual(['Ann', 'Ben']);
    expect((await groups()).athletes.map((a) => a.name).sort()).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    // Another coach: not found, and not listed (athlete-only accounts get 403: the authorisation matrix).
    expect((await call('POST', `/api/groups/${id}/members`, { athlete_ids: [athletes[2].user.id] }, rival)).status).toBe(404);
    expect((await call('DELETE', `/api/groups/${id}`, undefined, rival)).status).toBe(404);
    expect((await groups(rival)).data.map((x) => x.name)).not.toContain('Masters');
    expect((await call('DELETE', `/api/groups/${id}/members/${athletes[1].user.id}`)).status).toBe(200);
    expect((await groupNamed('Masters')).member_count).toBe(1);
    expect((await call('DELETE', `/api/groups/${id}/members/${athletes[1].user.id}`)).body).toEqual({ error: 'This athlete is not in the group.' });
  });

  it('gives a template to a group of three, and the same assignment again adds nothing', async () => {
    const [a, b, c, late] = athletes;
    const id = await newGroup('Squad', [a, b, c]);
    const templateId = await newTemplate();
    const start = day(2);

    const past = await call('POST', `/api/groups/${id}/assign-template`, { template_id: templateId, start_date: day(-1) });
    expect(past).toEqual({ status: 400, body: { error: 'Start date cannot be in the past.' } });
    const foreign = await call('POST', `/api/groups/${id}/assign-template`, { template_id: templateId, start_date: start }, rival);
    expect(foreign.status).toBe(404);

    const first = await call('POST', `/api/groups/${id}/assign-template`, { template_id: templateId, start_date: start });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ scheduled_count: 3, already_count: 0, not_linked_count: 0, start_date: start, end_date: day(8) });
    const expected = [`${day(2)} Lower A`, `${day(4)} Upper A`, `${day(6)} Lower B`, `${day(8)} Upper B`];
    for (const who of [a, b, c]) expect(await calendar(who, day(0), day(30), 4)).toEqual(expected);

    const before = await eventCount();
    const again = await call('POST', `/api/groups/${id}/assign-template`, { template_id: templateId, start_date: start });
    expect(again.body).toMatchObject({ scheduled_count: 0, already_count: 3, not_linked_count: 0, checkpoint: null });
    expect(await eventCount()).toBe(before);
    for (const who of [a, b, c]) expect(await calendar(who, day(0), day(30), 4)).toEqual(expected);
    expect((await groupNamed('Squad')).programs).toEqual([
      expect.objectContaining({ kind: 'template', template_id: templateId, name: 'Base Block', start_date: start, end_date: day(8), athlete_count: 3, current: true }),
    ]);

    // Five days on (day 4 of the program), Dan joins: he gets what is dated today or later, nothing past.
    shift += 5 * DAY;
    [coach, rival] = await Promise.all([coach, rival].map(signInAgain));
    const joined = await call('POST', `/api/groups/${id}/members`, { athlete_ids: [late.user.id] });
    expect(joined.body).toMatchObject({ added_count: 1, joined_program_count: 1 });
    expect(await calendar(late, day(-10), day(30), 2)).toEqual([`${day(1)} Lower B`, `${day(3)} Upper B`]);
    // Joining again after leaving: nothing twice. Removing keeps what was scheduled.
    expect((await call('DELETE', `/api/groups/${id}/members/${late.user.id}`)).status).toBe(200);
    expect((await call('POST', `/api/groups/${id}/members`, { athlete_ids: [late.user.id] })).body).toMatchObject({ added_count: 1, joined_program_count: 0 });
    expect(await calendar(late, day(-10), day(30), 2)).toEqual([`${day(1)} Lower B`, `${day(3)} Upper B`]);
    expect((await groupNamed('Squad')).programs[0].athlete_count).toBe(4);
  });

  it('gives a single workout to a group once', async () => {
    const [a, b] = athletes;
    const id = await newGroup('Pair', [a, b]);
    const workout = { date: day(3), name: 'Team Test Day', exercises: [exercise] };
    const bad = await call('POST', `/api/groups/${id}/assign-workout`, { workout: { ...workout, exercises: [] } });
    expect(bad.status).toBe(400);
    const first = await call('POST', `/api/groups/${id}/assign-workout`, { workout });
    expect(first.body).toMatchObject({ scheduled_count: 2, already_count: 0, start_date: day(3), end_date: day(3) });
    for (const who of [a, b]) expect((await calendar(who, day(3), day(3), 1)).filter((w) => w.endsWith('Team Test Day'))).toEqual([`${day(3)} Team Test Day`]);
    const again = await call('POST', `/api/groups/${id}/assign-workout`, { workout });
    expect(again.body).toMatchObject({ scheduled_count: 0, already_count: 2 });
    for (const who of [a, b]) expect((await calendar(who, day(3), day(3), 1)).filter((w) => w.endsWith('Team Test Day'))).toEqual([`${day(3)} Team Test Day`]);
  });

  it("filters team analytics by one of the coach's groups", async () => {
    const [a, , c] = athletes;
    const id = await newGroup('Analytics', [a, c]);
    const res = await t.api('GET', `/api/team-analytics?range=30d&groupId=${id}`, undefined, coach.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.athletes.map((x: any) => x.athlete_id).sort()).toEqual([a.user.id, c.user.id].sort());
    expect(res.body.team_summary.athlete_count).toBe(2);
    const narrowed = await t.api('GET', `/api/team-analytics?groupId=${id}&athletes=${a.user.id}`, undefined, coach.accessToken);
    expect(narrowed.body.athletes.map((x: any) => x.athlete_id)).toEqual([a.user.id]);
    expect((await t.api('GET', `/api/team-analytics?groupId=${id}`, undefined, rival.accessToken)).body).toEqual({ error: 'Group not found.' });
    expect((await t.api('GET', '/api/team-analytics?groupId=not-a-group', undefined, coach.accessToken)).status).toBe(404);
  });
});
