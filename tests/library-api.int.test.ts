import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { startServer } from '../src/server.ts';
import { catalogueEntries, loadCatalogue } from '../src/library/catalogue-loader.ts';
import { PostgresEventStore } from '../src/platform/eventstore/postgres.ts';
import { BAD_YOUTUBE_URL, CATALOGUE_READ_ONLY, NOT_YOUR_EXERCISE } from '../src/library/domain/exercise.ts';
import { createTestDatabase } from './support/database.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestServer;
let coach: User;
let rival: User;

beforeAll(async () => {
  t = await startTestServer();
  [coach, rival] = await Promise.all([signedInUser(t, 'Coach Lib'), signedInUser(t, 'Rival Coach')]);
});
afterAll(async () => t.close());

/** GET /api/get-exercises. Writes answer once the read model shows them, so no waiting here. */
async function list(user: User, query = '') {
  const res = await t.api('GET', `/api/get-exercises${query}`, undefined, user.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { success: boolean; exercises: any[]; total: number; library_size: number; filters: { muscles: string[]; patterns: string[] } };
}

async function eventCount(): Promise<number> {
  const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM es_events`);
  return rows[0].n;
}

async function create(user: User, body: Record<string, unknown>) {
  const res = await t.api('POST', '/api/manage-exercise', body, user.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { success: true; id: string; checkpoint: string };
}

const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('the shipped catalogue', () => {
  it('is listed for every user with at least 150 entries, including the default chart exercises', async () => {
    const body = await list(coach);
    expect(body.success).toBe(true);
    expect(body.total).toBe(catalogueEntries.length);
    expect(body.library_size).toBe(catalogueEntries.length);
    expect(body.exercises.length).toBeGreaterThanOrEqual(150);
    const names = body.exercises.map((e) => e.name);
    for (const name of ['Back Squat (High Bar)', 'Bench Press', 'Deadlift']) expect(names).toContain(name);
    const bench = body.exercises.find((e) => e.name === 'Bench Press');
    expect(bench).toMatchObject({ id: 'catalogue-bench-press', created_by: null, pattern: 'Horizontal Push', youtube_url: null, exercise_type: 'strength' });
    expect(body.filters.patterns).toContain('Hinge');
    expect(body.filters.muscles).toContain('Quadriceps');
  });

  it('refuses PUT and DELETE on a catalogue exercise with 403, for everyone', async () => {
    const before = await eventCount();
    const put = await t.api('PUT', '/api/manage-exercise', { id: 'catalogue-bench-press', name: 'Flat Bench' }, coach.accessToken);
    expect(put).toEqual({ status: 403, body: { error: CATALOGUE_READ_ONLY } });
    const del = await t.api('DELETE', '/api/manage-exercise', { exerciseId: 'catalogue-deadlift' }, rival.accessToken);
    expect(del).toEqual({ status: 403, body: { error: CATALOGUE_READ_ONLY } });
    expect(await eventCount()).toBe(before);
    expect((await list(coach, '?search=bench%20press')).exercises.map((e) => e.name)).toContain('Bench Press');
  });
});

describe('GET /api/get-exercises', () => {
  it('searches names case-insensitively, filters by muscle and pattern, and pages with a total', async () => {
    const squats = await list(coach, '?search=SQUAT');
    expect(squats.total).toBeGreaterThan(10);
    expect(squats.exercises.every((e) => e.name.toLowerCase().includes('squat'))).toBe(true);
    expect(squats.library_size).toBe(catalogueEntries.length);

    const hinges = await list(coach, '?pattern=Hinge&muscle=Hamstrings');
    expect(hinges.total).toBeGreaterThan(3);
    expect(hinges.exercises.every((e) => e.pattern === 'Hinge' && e.muscles.includes('Hamstrings'))).toBe(true);

    const page1 = await list(coach, '?search=squat&limit=5');
    const page2 = await list(coach, '?search=squat&limit=5&offset=5');
    expect(page1.exercises).toHaveLength(5);
    expect(page1.total).toBe(squats.total);
    expect(page2.exercises.map((e) => e.id)).toEqual(squats.exercises.slice(5, 10).map((e) => e.id));
    const sorted = [...squats.exercises.map((e) => e.name.toLowerCase())].sort();
    expect(squats.exercises.map((e) => e.name.toLowerCase())).toEqual(sorted);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list(coach, '?search=%25')).total).toBe(0);
    expect((await list(coach, '?search=_')).total).toBe(0);
  });

  it.each([
    ['?limit=0', 'limit must be a whole number from 1 to 1000.'],
    ['?limit=abc', 'limit must be a whole number from 1 to 1000.'],
    ['?offset=-1', 'offset must be a whole number from 0 to 1000000.'],
    ['?colour=red', 'Unknown field: colour.'],
  ])('refuses %s with a 400', async (query, error) => {
    expect(await t.api('GET', `/api/get-exercises${query}`, undefined, coach.accessToken)).toEqual({ status: 400, body: { error } });
  });

  it('needs a session', async () => {
    expect(await t.api('GET', '/api/get-exercises')).toEqual({ status: 401, body: { error: 'No authentication token available' } });
  });
});

describe('POST, PUT and DELETE /api/manage-exercise', () => {
  it('creates, edits and deletes the caller’s own exercise, visible only to them', async () => {
    const created = await create(coach, {
      name: 'Zeta Tempo Squat',
      pattern: 'Squat',
      muscles: ['Quadriceps', 'Glutes'],
      joints: ['Knee', 'Hip'],
      use_case: 'Positional strength',
      youtube_url: VIDEO,
      created_by: coach.user.id,
    });
    expect(created).toMatchObject({ success: true });
    let mine = await list(coach, '?search=zeta%20tempo');
    expect(mine.exercises).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Zeta Tempo Squat',
        muscles: ['Quadriceps', 'Glutes'],
        joints: ['Knee', 'Hip'],
        use_case: 'Positional strength',
        youtube_url: VIDEO,
        created_by: coach.user.id,
      }),
    ]);
    expect(mine.library_size).toBe(catalogueEntries.length + 1);
    expect((await list(rival, '?search=zeta%20tempo')).total).toBe(0);

    const edited = await t.api('PUT', '/api/manage-exercise', { exerciseId: created.id, exercise: { name: 'Zeta Tempo Squat 3-1-1', youtube_url: '' } }, coach.accessToken);
    expect(edited.status).toBe(200);
    mine = await list(coach, '?search=zeta%20tempo');
    expect(mine.exercises[0]).toMatchObject({ name: 'Zeta Tempo Squat 3-1-1', youtube_url: null, pattern: 'Squat', muscles: ['Quadriceps', 'Glutes'] });

    const flatEdit = await t.api('PUT', '/api/manage-exercise', { id: created.id, name: 'Zeta Squat', muscles: ['Glutes'] }, coach.accessToken);
    expect(flatEdit.status).toBe(200);
    mine = await list(coach, '?search=zeta');
    expect(mine.exercises[0]).toMatchObject({ name: 'Zeta Squat', muscles: ['Glutes'] });

    const deleted = await t.api('DELETE', '/api/manage-exercise', { id: created.id, created_by: coach.user.id }, coach.accessToken);
    expect(deleted.status).toBe(200);
    expect((await list(coach, '?search=zeta')).total).toBe(0);
    expect(await t.api('DELETE', '/api/manage-exercise', { exerciseId: created.id }, coach.accessToken)).toEqual({
      status: 409,
      body: { error: 'This exercise has been deleted.' },
    });
  });

  it('accepts the coach-core shape {exercise}', async () => {
    await create(coach, { exercise: { name: 'Wrapped Row', pattern: 'Horizontal Pull', muscles: ['Lats'] } });
    const mine = await list(coach, '?search=wrapped%20row');
    expect(mine.exercises[0]).toMatchObject({ name: 'Wrapped Row', joints: [], use_case: '', youtube_url: null });
  });

  it("refuses another user's PUT and DELETE with 403 and changes nothing", async () => {
    const created = await create(coach, { name: 'Private Carry', pattern: 'Carry', created_by: coach.user.id });
    await list(coach, '');
    const before = await eventCount();
    expect(await t.api('PUT', '/api/manage-exercise', { id: created.id, name: 'Stolen' }, rival.accessToken)).toEqual({ status: 403, body: { error: NOT_YOUR_EXERCISE } });
    expect(await t.api('DELETE', '/api/manage-exercise', { id: created.id }, rival.accessToken)).toEqual({ status: 403, body: { error: NOT_YOUR_EXERCISE } });
    expect(await t.api('DELETE', '/api/manage-exercise', { id: created.id, created_by: rival.user.id }, rival.accessToken)).toEqual({
      status: 403,
      body: { error: NOT_YOUR_EXERCISE },
    });
    expect(await eventCount()).toBe(before);
    expect((await list(coach, '?search=private%20carry')).exercises[0]).toMatchObject({ id: created.id, name: 'Private Carry' });
  });

  it('refuses a body created_by that is not the caller', async () => {
    const before = await eventCount();
    const res = await t.api('POST', '/api/manage-exercise', { name: 'Impostor', created_by: rival.user.id }, coach.accessToken);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/created_by must be your own user id/);
    expect(await eventCount()).toBe(before);
  });

  it.each([
    ['POST', {}, 400, 'Exercise must have a name.'],
    ['POST', { name: '   ' }, 400, 'Exercise must have a name.'],
    ['POST', { exercise: { pattern: 'Squat' } }, 400, 'Exercise must have a name.'],
    ['POST', { name: 42 }, 400, 'name must be a string.'],
    ['POST', { name: 'A', muscles: 'Chest' }, 400, 'muscles must be an array.'],
    ['POST', { name: 'A', muscles: [1] }, 400, 'muscles.0 must be a string.'],
    ['POST', { name: 'A', difficulty: 'hard' }, 400, 'Unknown field: difficulty.'],
    ['POST', { exercise: { name: 'A', is_public: true } }, 400, 'Unknown field: is_public.'],
    ['POST', { name: 'A', youtube_url: 'https://vimeo.com/1234' }, 400, BAD_YOUTUBE_URL],
    ['POST', { name: 'A', youtube_url: 'https://youtu.be/tooShort' }, 400, BAD_YOUTUBE_URL],
    ['POST', { name: 'A', exercise: { name: 'B' } }, 400, 'Send the exercise either as {exercise} or as top-level fields, not both.'],
    ['POST', { id: 'catalogue-deadlift', name: 'A' }, 400, 'A new exercise gets its id from the server; use PUT to change an existing one.'],
    ['POST', '[]', 400, 'body must be an object.'],
    ['PUT', { name: 'No id' }, 400, 'id is required.'],
    ['PUT', { id: 'catalogue-bench-press', exerciseId: 'catalogue-deadlift', name: 'A' }, 400, 'id and exerciseId name different exercises.'],
    ['PUT', { id: '00000000-0000-4000-8000-000000000000', name: 'Ghost' }, 404, 'Exercise not found.'],
    ['PUT', { id: '../user-x', name: 'Sneaky' }, 404, 'Exercise not found.'],
    ['DELETE', {}, 400, 'id is required.'],
    ['DELETE', { id: 'catalogue-deadlift', name: 'x' }, 400, 'Unknown field: name.'],
  ])('%s %j → %i %s, nothing written', async (method, body, status, error) => {
    const before = await eventCount();
    const res = await t.api(method, '/api/manage-exercise', body, coach.accessToken);
    expect(res).toEqual({ status, body: { error } });
    expect(await eventCount()).toBe(before);
  });

  it('refuses a bad link and an empty name on edit too', async () => {
    const created = await create(coach, { name: 'Edit Target' });
    const before = await eventCount();
    expect(await t.api('PUT', '/api/manage-exercise', { id: created.id, youtube_url: 'https://example.com/v' }, coach.accessToken)).toEqual({
      status: 400,
      body: { error: BAD_YOUTUBE_URL },
    });
    expect(await t.api('PUT', '/api/manage-exercise', { id: created.id, name: '' }, coach.accessToken)).toEqual({ status: 400, body: { error: 'Exercise must have a name.' } });
    expect(await eventCount()).toBe(before);
  });

  it('needs a session for every method', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(await t.api(method, '/api/manage-exercise', { name: 'A', id: 'catalogue-deadlift' })).toEqual({ status: 401, body: { error: 'No authentication token available' } });
    }
  });
});

describe('realtime', () => {
  it('lets a user follow their own library topic and the catalogue only, and pushes their changes', async () => {
    const ws = new WebSocket(`${t.url.replace('http', 'ws')}/api/realtime?token=${coach.accessToken}`, { origin: t.url });
    const messages: any[] = [];
    ws.on('message', (m) => messages.push(JSON.parse((m as Buffer).toString())));
    const next = async (pred: (m: any) => boolean) => {
      for (let i = 0; i < 300; i++) {
        const found = messages.findIndex(pred);
        if (found >= 0) return messages.splice(found, 1)[0];
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no matching message in ${JSON.stringify(messages)}`);
    };
    try {
      await next((m) => m.type === 'ready');
      ws.send(JSON.stringify({ type: 'subscribe', topic: `library:${rival.user.id}` }));
      expect(await next((m) => m.type === 'error')).toMatchObject({ topic: `library:${rival.user.id}`, error: 'You may not follow this topic.' });
      for (const topic of [`library:${coach.user.id}`, 'library:catalogue']) {
        ws.send(JSON.stringify({ type: 'subscribe', topic }));
        await next((m) => m.type === 'subscribed' && m.topic === topic);
      }
      const created = await create(coach, { name: 'Live Lunge' });
      const changed = await next((m) => m.type === 'changed');
      expect(changed.topic).toBe(`library:${coach.user.id}`);
      expect(changed.checkpoint >= created.checkpoint).toBe(true);
    } finally {
      ws.close();
    }
  });
});

describe('loading the catalogue at start', () => {
  it('does not duplicate it when a second server starts on the same database', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-outbox-'));
    const config = { ...loadConfig({ PORT: '0', HOST: '127.0.0.1', OUTBOX_DIR: outboxDir }), databaseUrl: t.db.url };
    const second = await startServer(config, { listen: false, log: () => {}, projections: 'in-process' });
    try {
      const { rows } = await t.db.pool.query(
        `SELECT (SELECT count(*) FROM es_events WHERE event_type = 'ExerciseAdded' AND stream_id LIKE 'exercise-catalogue-%')::int AS events,
                (SELECT count(*) FROM exercises WHERE created_by IS NULL)::int AS rows`,
      );
      expect(rows[0]).toEqual({ events: catalogueEntries.length, rows: catalogueEntries.length });
    } finally {
      await second.close();
      await fs.rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('adds each entry exactly once when two loaders race on an empty store', async () => {
    const db = await createTestDatabase();
    const store = new PostgresEventStore(db.pool);
    try {
      const now = () => new Date();
      const [a, b] = await Promise.all([loadCatalogue(store, now), loadCatalogue(store, now)]);
      expect(a.added + b.added).toBe(catalogueEntries.length);
      const { rows } = await db.pool.query(`SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS streams FROM es_events`);
      expect(rows[0]).toEqual({ n: catalogueEntries.length, streams: catalogueEntries.length });
      expect((await loadCatalogue(store, now)).added).toBe(0);
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
