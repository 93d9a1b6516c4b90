/**
 * "Download my data" (issue 26, item 3): a person with data in every feature downloads
 * the archive; everything the screens show them (calendar, performance, chat, contacts,
 * invites, templates, API tokens) is in it, and nobody else's private data, password
 * hash, token or secret is. Three downloads an hour, then 429.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser, startTestServer, uniqueEmail, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { connectUsers } from './support/messaging.ts';
import { readZip } from './support/zip.ts';
import { strongFile } from './support/strong-file.ts';
import { runDataExport } from '../cli/lib/data-export.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let ann: User, coach: User, friend: User, other: User;
const today = new Date().toISOString().slice(0, 10);
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

async function ok(who: User, method: string, path: string, body?: unknown) {
  const res = await t.api(method, path, body, who.accessToken);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  if (res.body?.checkpoint) await settled(t, res.body.checkpoint);
  return res.body;
}
const get = async (who: User, path: string) => {
  const res = await t.api('GET', path, undefined, who.accessToken);
  expect(res.status, path).toBe(200);
  return res.body;
};
async function download(who: User) {
  const res = await fetch(`${t.url}/api/data-export.zip`, { headers: { authorization: `Bearer ${who.accessToken}` } });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), body: Buffer.from(await res.arrayBuffer()) };
}

const strength = (name: string, sets: object[]) => ({ exercise_name: name, exercise_intent: 'strength', sets });

beforeAll(async () => {
  t = await startTestServer();
  [ann, coach, friend, other] = await Promise.all([signedInUser(t, 'Ann Archive'), signedInUser(t, 'Coach Cass'), signedInUser(t, 'Fran Friend'), signedInUser(t, 'Oscar Other')]);
  // Ann is coached by Cass (an invite she received) and coaches Oscar (one she sent).
  await linkAthlete(t, coach, ann);
  await linkAthlete(t, ann, other);
  await ok(ann, 'POST', '/api/manage-invites', { email: uniqueEmail('pending-invitee') });
  // Workouts with planned sets and actuals; records follow from them.
  await ok(ann, 'POST', '/api/manage-workouts', {
    workouts: [
      {
        user_id: ann.user.id,
        date: today,
        name: 'Ann Heavy Day',
        exercises: [
          strength('Back Squat', [
            { reps: 5, load: 225, actual: { reps: 5, load: 230 } },
            { reps: 5, load: 225 },
          ]),
        ],
      },
      {
        user_id: ann.user.id,
        date: '2025-01-06',
        name: 'Ann January',
        notes: 'felt strong',
        exercises: [strength('Bench Press', [{ reps: 3, load: 185, actual: { reps: 3, load: 185 } }])],
      },
    ],
  });
  // A long history, more than one page of the archive's reads (250).
  const imported = await t.api('POST', `/api/imports?athlete_id=${ann.user.id}`, strongFile(260, 1, 2).text, ann.accessToken, { 'content-type': 'text/csv' });
  expect(imported.status, JSON.stringify(imported.body)).toBe(201);
  await settled(t, imported.body.checkpoint);
  await ok(ann, 'POST', '/api/performance-records', { athlete_id: ann.user.id, exercise_name: 'Deadlift', value: 405, reps: 1, date: '2025-02-01', unit: 'lbs' });
  // Oscar's own private data.
  await ok(other, 'POST', '/api/manage-workouts', {
    workouts: [{ user_id: other.user.id, date: today, name: 'Oscar Private Session', exercises: [strength('Oscar Cable Row', [{ reps: 8, load: 135 }])] }],
  });
  // Messages both ways, and a conversation Ann is not in.
  const withCoach = (await ok(ann, 'POST', '/api/conversations', { other_user_id: coach.user.id })).id as string;
  await ok(ann, 'POST', `/api/conversations/${withCoach}/messages`, { content: 'Ann to coach: squats done' });
  await ok(coach, 'POST', `/api/conversations/${withCoach}/messages`, { content: 'Coach to Ann: great work' });
  await connectUsers(t, coach, friend);
  const notAnns = (await ok(coach, 'POST', '/api/conversations', { other_user_id: friend.user.id })).id as string;
  await ok(coach, 'POST', `/api/conversations/${notAnns}/messages`, { content: 'Between coach and friend only' });
  // Contacts.
  await connectUsers(t, ann, friend);
  // Templates: Ann's own, and one Cass assigns to her.
  const tw = (id: string, name: string) => ({ id, name, isTemplate: true, exercises: [strength('Front Squat', [{ type: 'standard', reps: 5, load: 155 }])] });
  await ok(ann, 'POST', '/api/program-templates', {
    name: 'Ann Block',
    description: 'mine',
    category: 'strength',
    is_public: false,
    workouts: { 'day-1': [tw('w1', 'Ann Day 1')] },
  });
  const coachTemplate = (
    await ok(coach, 'POST', '/api/program-templates', {
      name: 'Cass Secret Program',
      description: 'coach only',
      category: 'strength',
      is_public: false,
      workouts: { 'day-1': [tw('w1', 'C1')] },
    })
  ).id as string;
  await ok(coach, 'POST', `/api/program-templates/${coachTemplate}/assign`, { athlete_id: ann.user.id, start_date: nextWeek });
  // The assignment's workout is scheduled by a reactor, after the command's checkpoint:
  // wait for it on Ann's calendar, or a busy machine exports before it is there.
  await vi.waitFor(
    async () => {
      const week = await get(ann, `/api/manage-workouts?athleteId=${ann.user.id}&from=${nextWeek}&to=${nextWeek}`);
      expect(((week.workouts ?? week) as { name: string }[]).map((w) => w.name)).toContain('C1');
    },
    { timeout: 20_000, interval: 50 },
  );
  // An API token and a webhook endpoint (its row as the webhooks page would write it: the address check needs DNS).
  await ok(ann, 'POST', '/api/access-tokens', { name: 'Ann script', scope: 'read', expires_in_days: 30 });
  await t.db.pool.query(
    `INSERT INTO webhook_endpoints (id, coach_id, url, event_types, secret) VALUES (gen_random_uuid(), $1, 'https://hooks.example.com/ann', '{workout.completed}', 'whsec_ANNSIGNINGSECRET')`,
    [ann.user.id],
  );
});
afterAll(async () => t?.close());

describe('GET /api/data-export.zip', () => {
  let files: Map<string, Buffer>;
  const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'));

  it('is a ZIP with a README and one JSON file per kind', async () => {
    const res = await download(ann);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toMatch(/^attachment; filename="spotter-data-\d{4}-\d\d-\d\d\.zip"$/);
    files = readZip(res.body);
    expect([...files.keys()].sort()).toEqual(
      [
        'README.md',
        'profile.json',
        'workouts.json',
        'records.json',
        'messages.json',
        'invites.json',
        'contacts.json',
        'templates.json',
        'sessions.json',
        'consents.json',
        'access-tokens.json',
        'webhooks.json',
      ].sort(),
    );
    const readme = files.get('README.md')!.toString('utf8');
    for (const name of files.keys()) if (name !== 'README.md') expect(readme).toContain(`## ${name}`);
    expect(readme).toContain('| `exercises` |');
  });

  it('holds what the calendar, performance, chat, contacts, invites, templates and settings show', async () => {
    expect(json('profile.json')).toMatchObject({ user_id: ann.user.id, email: ann.email, full_name: 'Ann Archive' });

    const calendar = await get(ann, `/api/manage-workouts?athleteId=${ann.user.id}&from=2025-01-01&to=${today}`);
    const workouts = json('workouts.json') as any[];
    const calendarWorkouts = (calendar.workouts ?? calendar) as any[];
    expect(calendarWorkouts.length).toBeGreaterThanOrEqual(2);
    for (const w of calendarWorkouts) {
      const saved = workouts.find((x) => x.id === w.id);
      expect(saved, w.name).toBeDefined();
      expect(saved).toMatchObject({ date: w.date, name: w.name });
      expect(saved.exercises.map((e: any) => e.exercise_name)).toEqual(w.exercises.map((e: any) => e.exercise_name));
    }
    const everything = await get(ann, `/api/manage-workouts?athleteId=${ann.user.id}&from=2000-01-01&to=${nextWeek}`);
    const allIds = ((everything.workouts ?? everything) as any[]).map((w) => w.id as string);
    expect(allIds.length).toBeGreaterThan(260);
    expect(new Set(workouts.map((w) => w.id)).size).toBe(workouts.length);
    expect(workouts.map((w) => w.id).sort()).toEqual(expect.arrayContaining([...allIds].sort()));
    const heavy = workouts.find((w) => w.name === 'Ann Heavy Day');
    expect(heavy.exercises[0].sets[0]).toMatchObject({ reps: 5, load: 225, actual: { reps: 5, load: 230 } });
    expect(workouts.find((w) => w.name === 'Ann January').notes).toBe('felt strong');

    const records = (await get(ann, `/api/performance-records?athlete_id=${ann.user.id}`)).records as any[];
    expect(records.length).toBeGreaterThanOrEqual(3);
    const archived = json('records.json') as any[];
    for (const r of records)
      expect(archived, r.exercise_name).toContainEqual(expect.objectContaining({ exercise_name: r.exercise_name, rep_range: r.rep_range, best: Number(r.best_weight) }));

    const messages = json('messages.json') as any[];
    for (const c of (await get(ann, '/api/conversations')).conversations as any[]) {
      for (const m of (await get(ann, `/api/conversations/${c.id}/messages`)).messages as any[]) {
        expect(messages).toContainEqual(expect.objectContaining({ id: m.id, content: m.content }));
      }
    }
    expect(messages).toContainEqual(expect.objectContaining({ content: 'Ann to coach: squats done', direction: 'sent', with_names: ['Coach Cass'] }));
    expect(messages).toContainEqual(expect.objectContaining({ content: 'Coach to Ann: great work', direction: 'received', from_name: 'Coach Cass' }));

    const contacts = json('contacts.json') as any[];
    const connections = (await ok(ann, 'POST', '/api/rpc/get_user_connections', { status_filter: 'all' })).connections as any[];
    expect(connections.length).toBeGreaterThan(0);
    for (const c of connections) expect(contacts).toContainEqual(expect.objectContaining({ kind: 'connection', name: c.display_name, email: c.email, status: c.status }));
    expect(contacts).toContainEqual(expect.objectContaining({ kind: 'connection', name: 'Fran Friend', status: 'accepted', direction: 'sent' }));
    expect(contacts).toContainEqual(expect.objectContaining({ kind: 'coaching link', name: 'Coach Cass', status: 'your coach' }));
    expect(contacts).toContainEqual(expect.objectContaining({ kind: 'coaching link', name: 'Oscar Other', status: 'your athlete' }));

    const invites = json('invites.json') as any[];
    for (const i of (await get(ann, '/api/manage-invites')).invites as any[])
      expect(invites).toContainEqual(expect.objectContaining({ id: i.id, direction: 'sent', email: i.email }));
    expect(invites).toContainEqual(expect.objectContaining({ direction: 'received', coach_name: 'Coach Cass', status: 'accepted' }));

    const templates = json('templates.json');
    for (const tpl of (await get(ann, '/api/program-templates')).data as any[]) {
      if (tpl.owner_id && tpl.owner_id !== ann.user.id) continue;
      expect(templates.templates).toContainEqual(expect.objectContaining({ id: tpl.id, name: tpl.name }));
    }
    expect(templates.templates.map((x: any) => x.name)).toEqual(['Ann Block']);
    expect(templates.assignments).toContainEqual(expect.objectContaining({ template_name: 'Cass Secret Program', role: 'athlete', start_date: nextWeek }));

    for (const tok of (await get(ann, '/api/access-tokens')).access_tokens as any[]) expect(json('access-tokens.json')).toContainEqual(expect.objectContaining({ name: tok.name }));
    expect(json('webhooks.json')).toEqual([expect.objectContaining({ url: 'https://hooks.example.com/ann', event_types: ['workout.completed'] })]);
    expect(json('sessions.json').length).toBeGreaterThanOrEqual(1);
    expect(json('sessions.json')[0]).toEqual({ session_id: expect.any(String), created_at: expect.any(String), last_seen_at: expect.any(String), user_agent: null });
    expect(json('consents.json')).toMatchObject({ recorded_consents: [], signed_up_as: 'coach', email_confirmed: true });
  });

  it("holds nobody else's private data and no secret", async () => {
    const all = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    for (const foreign of [
      'Oscar Private Session',
      'Between coach and friend only',
      'whsec_ANNSIGNINGSECRET',
      ann.accessToken,
      ann.refreshToken,
      'password_hash',
      'token_hash',
      'Oscar Cable Row',
    ]) {
      expect(all).not.toContain(foreign);
    }
    const { rows } = await t.db.pool.query<{ password_hash: string }>('SELECT password_hash FROM user_credentials WHERE user_id = $1', [ann.user.id]);
    expect(all).not.toContain(rows[0].password_hash);
    // The template Cass assigned is named, its workouts (hers) are not.
    expect(all).not.toContain('coach only');
  });

  it('needs a session, and allows three downloads an hour', async () => {
    expect((await fetch(`${t.url}/api/data-export.zip`)).status).toBe(401);
    expect((await download(other)).status).toBe(200);
    expect((await download(other)).status).toBe(200);
    expect((await download(other)).status).toBe(200);
    const refused = await download(other);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body.toString('utf8'))).toEqual({ error: 'You can download your data 3 times an hour. Please try again later.' });
  });

  it('is what `spotter export --user <email> --out file.zip` writes', async () => {
    const chunks: Buffer[] = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    await runDataExport(t.db.pool, ann.email, out);
    const cli = readZip(Buffer.concat(chunks));
    expect([...cli.keys()]).toEqual([...files.keys()]);
    expect(JSON.parse(cli.get('workouts.json')!.toString('utf8'))).toEqual(json('workouts.json'));
    expect(JSON.parse(cli.get('messages.json')!.toString('utf8'))).toEqual(json('messages.json'));
  });
});
