import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { outboxMails } from './support/outbox.ts';
import { assignTemplate } from '../src/templates/commands.ts';

let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let rival: User;
let athlete: User;
let loner: User;

beforeAll(async () => {
  t = await startTestServer({ projections: 'thread' });
  [coach, rival, athlete, loner] = await Promise.all([signedInUser(t, 'Coach Carla'), signedInUser(t, 'Rival Rita'), signedInUser(t, 'Athlete Ann'), signedInUser(t, 'Loner Lou')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t.close());

const utcToday = () => new Date().toISOString().slice(0, 10);
/** "Mon 7 Dec 2026", as the assignment mail writes a day. */
const longDate = (date: string) => new Date(`${date}T00:00:00Z`).toUTCString().replace(/^(\w+), 0?(\d+) (\w+) (\d+).*$/, '$1 $2 $3 $4');
const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const after = (checkpoint: string | null | undefined): Record<string, string> => (checkpoint ? { 'x-after-checkpoint': checkpoint } : {});
const eventCount = async (type: string) => (await t.db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE event_type = $1', [type])).rows[0].n as number;

const exercise = (name = 'Back Squat', reps: unknown = 5) => ({
  exercise_name: name,
  exercise_intent: 'strength',
  sets: [
    { type: 'standard', reps, load: 100 },
    { type: 'standard', reps, load: 100 },
  ],
});
const tw = (id: string, name: string, over: Record<string, unknown> = {}) => ({ id, name, isTemplate: true, exercises: [exercise()], ...over });

function template(over: Record<string, unknown> = {}) {
  return {
    name: 'Strength Base',
    description: ' Two weeks ',
    category: 'strength',
    is_public: false,
    workouts: { 'day-1': [tw('w1', 'Lower A')], 'day-3': [tw('w2', 'Upper A')], 'day-8': [tw('w3', 'Lower B')], 'day-10': [tw('w4', 'Upper B')] },
    ...over,
  };
}

async function save(body: unknown, who: User = coach) {
  const res = await t.api('POST', '/api/program-templates', body, who.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { success: true; id: string; checkpoint: string };
}

async function assignments(athleteId: string, who: User = coach, checkpoint?: string | null) {
  const res = await t.api('GET', `/api/assignments?athlete_id=${athleteId}`, undefined, who.accessToken, after(checkpoint));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as any[];
}

/** The reactor schedules after the assignment's own event: wait until the read model says all are there. */
async function untilScheduled(assignmentId: string) {
  for (let i = 0; i < 400; i++) {
    const a = (await assignments(athlete.user.id)).find((x) => x.id === assignmentId);
    if (a && a.workout_count > 0 && a.scheduled_count === a.workout_count) {
      // Every other read model (the calendar's) up to the same point.
      await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);
      return a;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('assignment never finished scheduling');
}

async function calendar(from: string, to: string) {
  const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${from}&to=${to}`, undefined, coach.accessToken);
  expect(res.status).toBe(200);
  return res.body.workouts as { id: string; date: string; name: string }[];
}

describe('program templates', () => {
  it('saves, lists, reads and revises a template, trimming the texts', async () => {
    const saved = await save(template());
    expect(saved).toMatchObject({ success: true, id: expect.any(String) });
    const list = await t.api('GET', '/api/program-templates', undefined, coach.accessToken, after(saved.checkpoint));
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: saved.id,
        name: 'Strength Base',
        description: 'Two weeks',
        category: 'strength',
        is_public: false,
        is_own: true,
        day_count: 10,
        workout_count: 4,
      }),
    ]);
    const one = await t.api('GET', `/api/program-templates/${saved.id}`, undefined, coach.accessToken);
    expect(one.body.data.workouts['day-3']).toEqual([
      expect.objectContaining({ id: 'w2', name: 'Upper A', exercises: [expect.objectContaining({ exercise_name: 'Back Squat' })] }),
    ]);
    const put = await t.api('PUT', `/api/program-templates/${saved.id}`, template({ name: 'Strength Base v2' }), coach.accessToken);
    expect(put.status).toBe(200);
    const again = await t.api('GET', `/api/program-templates/${saved.id}`, undefined, coach.accessToken, after(put.body.checkpoint));
    expect(again.body.data).toMatchObject({ name: 'Strength Base v2', revision: 2 });
  });

  it("shows public templates to other coaches with the owner's name, who may copy but never edit or delete them", async () => {
    const pub = await save(template({ name: 'Open Program', is_public: true }));
    const priv = await save(template({ name: 'Secret Program' }));
    const list = await t.api('GET', '/api/program-templates', undefined, rival.accessToken, after(priv.checkpoint));
    expect(list.body.data.map((x: any) => x.name)).toContain('Open Program');
    expect(list.body.data.map((x: any) => x.name)).not.toContain('Secret Program');
    expect(list.body.data.find((x: any) => x.id === pub.id)).toMatchObject({ is_public: true, is_own: false, owner_name: 'Coach Carla' });

    expect((await t.api('GET', `/api/program-templates/${priv.id}`, undefined, rival.accessToken)).status).toBe(404);
    const put = await t.api('PUT', `/api/program-templates/${pub.id}`, template({ name: 'Hijacked' }), rival.accessToken);
    expect(put.status).toBe(403);
    expect(put.body.error).toBe('Only the coach who made this template can change it. Copy it to your templates instead.');
    expect((await t.api('DELETE', `/api/program-templates/${pub.id}`, undefined, rival.accessToken)).status).toBe(403);
    expect((await t.api('PUT', `/api/program-templates/${priv.id}`, template(), rival.accessToken)).status).toBe(404);
    expect((await t.api('DELETE', `/api/program-templates/${priv.id}`, undefined, rival.accessToken)).status).toBe(404);
    expect(await eventCount('TemplateDeleted')).toBe(0);

    const copy = await t.api('POST', `/api/program-templates/${pub.id}/copy`, undefined, rival.accessToken);
    expect(copy.status).toBe(201);
    const mine = await t.api('GET', `/api/program-templates/${copy.body.id}`, undefined, rival.accessToken, after(copy.body.checkpoint));
    expect(mine.body.data).toMatchObject({ name: 'Open Program', is_public: false, is_own: true });
  });

  it('deletes its own template; it is then gone', async () => {
    const saved = await save(template({ name: 'Short-lived' }));
    const del = await t.api('DELETE', `/api/program-templates/${saved.id}`, undefined, coach.accessToken);
    expect(del.status).toBe(200);
    expect((await t.api('GET', `/api/program-templates/${saved.id}`, undefined, coach.accessToken, after(del.body.checkpoint))).status).toBe(404);
    expect((await t.api('DELETE', `/api/program-templates/${saved.id}`, undefined, coach.accessToken)).status).toBe(404);
  });

  it.each([
    ['a missing name', { name: undefined }, 400, 'name is required.'],
    ['a blank name', { name: '   ' }, 400, 'Template name is required.'],
    [
      'an unknown category',
      { category: 'yoga' },
      400,
      'Category must be one of general, strength, conditioning, rehabilitation, sport-specific, beginner, intermediate, advanced.',
    ],
    ['a day-0 key', { workouts: { 'day-0': [tw('a', 'A')] } }, 400, 'Workout days must be named day-1 to day-168.'],
    ['a day beyond 24 weeks', { workouts: { 'day-169': [tw('a', 'A')] } }, 400, 'Workout days must be named day-1 to day-168.'],
    ['no workouts', { workouts: {} }, 400, 'A template needs at least one workout.'],
    [
      'negative reps',
      { workouts: { 'day-1': [tw('a', 'A', { exercises: [exercise('Squat', -3)] })] } },
      400,
      'workouts.day-1[0]: exercises[0].sets[0].reps must be a number of 0 or more.',
    ],
    [
      'text reps',
      { workouts: { 'day-1': [tw('a', 'A', { exercises: [exercise('Squat', 'five')] })] } },
      400,
      'workouts.day-1[0]: exercises[0].sets[0].reps must be a number of 0 or more.',
    ],
    [
      'an exercise without sets',
      { workouts: { 'day-1': [tw('a', 'A', { exercises: [{ exercise_name: 'Squat' }] })] } },
      400,
      'workouts.day-1[0]: exercises[0].sets must be an array.',
    ],
  ])('refuses %s with a clear 4xx and writes nothing', async (_what, over, status, message) => {
    const before = (await eventCount('TemplateCreated')) + (await eventCount('TemplateRevised'));
    const res = await t.api('POST', '/api/program-templates', template(over as Record<string, unknown>), coach.accessToken);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(message);
    expect((await eventCount('TemplateCreated')) + (await eventCount('TemplateRevised'))).toBe(before);
  });

  it('refuses anonymous calls', async () => {
    expect((await t.api('GET', '/api/program-templates')).status).toBe(401);
    expect((await t.api('POST', '/api/program-templates', template())).status).toBe(401);
    expect((await t.api('GET', '/api/template-athletes')).status).toBe(401);
  });
});

describe('POST /api/program-templates/:id/assign', () => {
  it("lists the coach's linked athletes and nobody else's", async () => {
    const mine = await t.api('GET', '/api/template-athletes', undefined, coach.accessToken);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: athlete.user.id, name: 'Athlete Ann' })]);
    expect(Object.keys(mine.body.data[0]).sort()).toEqual(['first_name', 'id', 'last_name', 'name']);
    expect((await t.api('GET', '/api/template-athletes', undefined, rival.accessToken)).body.data).toEqual([]);
  });

  it('schedules every workout on start + (day − 1) and mails the athlete once', async () => {
    const saved = await save(template({ name: 'Assigned Program' }));
    const start = plusDays(utcToday(), 2);
    const res = await t.api('POST', `/api/program-templates/${saved.id}/assign`, { athlete_id: athlete.user.id, start_date: start }, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, assignment_id: expect.any(String), created_count: 4, start_date: start, end_date: plusDays(start, 9) });
    const a = await untilScheduled(res.body.assignment_id);
    expect(a).toMatchObject({ template_name: 'Assigned Program', progress: 'scheduled 4 of 4', status: 'active', start_date: start, end_date: plusDays(start, 9) });
    const days = (await calendar(start, plusDays(start, 9))).map((w) => [w.date, w.name]);
    expect(days).toEqual([
      [start, 'Lower A'],
      [plusDays(start, 2), 'Upper A'],
      [plusDays(start, 7), 'Lower B'],
      [plusDays(start, 9), 'Upper B'],
    ]);

    let mails: Awaited<ReturnType<typeof outboxMails>> = [];
    for (let i = 0; i < 200 && mails.length === 0; i++) {
      mails = (await outboxMails(t.outboxDir)).filter((m) => m.to === athlete.email && /Assigned Program/.test(m.text ?? ''));
      if (mails.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`New workouts from Coach Carla: Assigned Program, 4 workouts from ${longDate(start)} to ${longDate(plusDays(start, 9))}`);
    // Every workout with its date, in order.
    expect(mails[0].text).toContain('Coach Carla just assigned you 4 workouts on Spotter');
    expect(mails[0].text).toContain(
      `  ${longDate(start)}: Lower A\n  ${longDate(plusDays(start, 2))}: Upper A\n  ${longDate(plusDays(start, 7))}: Lower B\n  ${longDate(plusDays(start, 9))}: Upper B`,
    );
  });

  it("turns a template's percentage loads into the athlete's loads from their estimated 1RM, keeping the percentage", async () => {
    // 5 × 200 lbs: Epley 1RM 200 × (1 + 5/30) = 233.3; 75% of it is 175 to the nearest half pound.
    const logged = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: athlete.user.id, exercise_name: 'Back Squat', value: 200, reps: 5, date: plusDays(utcToday(), -3) },
      coach.accessToken,
    );
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    await t.server.platform.runner.waitFor(logged.body.checkpoint);
    const percentOf = (name: string, percent: number) => ({ exercise_name: name, exercise_intent: 'strength', sets: [{ type: 'standard', reps: 5, load_percent: percent }] });
    const saved = await save(
      template({ name: 'Percentages', workouts: { 'day-1': [tw('p1', 'Heavy', { exercises: [percentOf('Back Squat', 75), percentOf('Front Squat', 80)] })] } }),
    );
    const start = plusDays(utcToday(), 150); // a date no other test plans on
    const res = await t.api('POST', `/api/program-templates/${saved.id}/assign`, { athlete_id: athlete.user.id, start_date: start }, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await untilScheduled(res.body.assignment_id);
    const [heavy] = (await calendar(start, start)) as unknown as { exercises: { exercise_name: string; sets: { load?: number | null; load_percent?: number | null }[] }[] }[];
    const sets = Object.fromEntries(heavy.exercises.map((e) => [e.exercise_name, e.sets[0]]));
    expect(sets['Back Squat']).toMatchObject({ load_percent: 75, load: 175 });
    // No record of it: the percentage alone, as the editor keeps it.
    expect(sets['Front Squat']).toMatchObject({ load_percent: 80 });
    expect(sets['Front Squat'].load ?? null).toBeNull();
  });

  it('adds to existing workouts on those dates rather than replacing them', async () => {
    const start = plusDays(utcToday(), 40);
    const own = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: athlete.user.id, date: start, name: 'Hand planned', exercises: [exercise()] } },
      coach.accessToken,
    );
    expect(own.status).toBe(201);
    const saved = await save(template({ name: 'Additive' }));
    const res = await t.api('POST', `/api/program-templates/${saved.id}/assign`, { athlete_id: athlete.user.id, start_date: start }, coach.accessToken);
    await untilScheduled(res.body.assignment_id);
    expect((await calendar(start, start)).map((w) => w.name).sort()).toEqual(['Hand planned', 'Lower A']);
  });

  it('refuses an unlinked athlete, a past start, a foreign template and anonymous callers, writing nothing', async () => {
    const saved = await save(template({ name: 'Guarded' }));
    const start = plusDays(utcToday(), 1);
    const before = await eventCount('TemplateAssigned');
    const cases: [string, unknown, string | undefined, number, string][] = [
      [saved.id, { athlete_id: loner.user.id, start_date: start }, coach.accessToken, 403, 'You can only assign programs to athletes you coach.'],
      [saved.id, { athlete_id: athlete.user.id, start_date: plusDays(utcToday(), -1) }, coach.accessToken, 400, 'Start date cannot be in the past.'],
      [saved.id, { athlete_id: athlete.user.id, start_date: '2031-02-30' }, coach.accessToken, 400, 'Start date must be a real calendar date (YYYY-MM-DD).'],
      [saved.id, { athlete_id: athlete.user.id, start_date: start }, rival.accessToken, 404, 'Template not found.'],
      ['00000000-0000-4000-8000-000000000000', { athlete_id: athlete.user.id, start_date: start }, coach.accessToken, 404, 'Template not found.'],
      [saved.id, { athlete_id: athlete.user.id }, coach.accessToken, 400, 'start_date is required.'],
      [saved.id, { athlete_id: athlete.user.id, start_date: start }, undefined, 401, 'No authentication token available'],
    ];
    for (const [id, body, token, status, message] of cases) {
      const res = await t.api('POST', `/api/program-templates/${id}/assign`, body, token);
      expect([res.status, res.body.error]).toEqual([status, message]);
    }
    expect(await eventCount('TemplateAssigned')).toBe(before);
  });

  it('assignTemplate (what the staff CLI calls) with an idempotency key assigns once however often it is repeated', async () => {
    const saved = await save(template({ name: 'Bulk' }));
    const deps = { pool: t.server.platform.pool, store: t.server.platform.store, now: () => new Date() };
    const input = { coachId: coach.user.id, templateId: saved.id, athleteId: athlete.user.id, startDate: plusDays(utcToday(), 100), idempotencyKey: 'cli-run-1', actor: 'staff' };
    const before = await eventCount('TemplateAssigned');
    const first = await assignTemplate(deps, input);
    const again = await assignTemplate(deps, input);
    expect(first).toMatchObject({ created: true, created_count: 4, end_date: plusDays(input.startDate, 9) });
    expect(again).toMatchObject({ created: false, assignment_id: first.assignment_id, created_count: 4, start_date: input.startDate, end_date: first.end_date });
    expect(await eventCount('TemplateAssigned')).toBe(before + 1);
    const meta = await t.db.pool.query(`SELECT metadata FROM es_events WHERE stream_id = $1`, [`assignment-${first.assignment_id}`]);
    expect(meta.rows[0].metadata).toMatchObject({ userId: coach.user.id, staff: 'staff' });
    await untilScheduled(first.assignment_id);
  });

  it('refuses the assignment list to another coach and to anonymous callers', async () => {
    expect((await t.api('GET', `/api/assignments?athlete_id=${athlete.user.id}`, undefined, rival.accessToken)).status).toBe(403);
    expect((await t.api('GET', `/api/assignments?athlete_id=${athlete.user.id}`)).status).toBe(401);
    // The athlete sees their own.
    expect((await t.api('GET', `/api/assignments?athlete_id=${athlete.user.id}`, undefined, athlete.accessToken)).status).toBe(200);
  });
});

describe('unassign and re-sync', () => {
  async function assignFresh(name: string, offset: number) {
    const saved = await save(template({ name }));
    const start = plusDays(utcToday(), offset);
    const res = await t.api('POST', `/api/program-templates/${saved.id}/assign`, { athlete_id: athlete.user.id, start_date: start }, coach.accessToken);
    expect(res.status).toBe(201);
    const a = await untilScheduled(res.body.assignment_id);
    return { templateId: saved.id, assignment: a, start };
  }

  it('unassign deletes future workouts without actuals and keeps the logged one', async () => {
    const { assignment, start } = await assignFresh('To remove', 60);
    const logged = assignment.workouts[0].workout_id;
    const log = await t.api('POST', `/api/athlete/workouts/${logged}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 100 } }, athlete.accessToken);
    expect(log.status).toBe(200);
    await t.server.platform.runner.waitFor(log.body.checkpoint);

    const other = await t.api('DELETE', `/api/assignments/${assignment.id}`, undefined, rival.accessToken);
    expect(other.status).toBe(404);
    const res = await t.api('DELETE', `/api/assignments/${assignment.id}`, undefined, coach.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deleted_count: 3, kept_count: 1 });
    for (let i = 0; i < 200 && (await calendar(start, plusDays(start, 9))).length > 1; i++) await new Promise((r) => setTimeout(r, 25));
    expect((await calendar(start, plusDays(start, 9))).map((w) => w.id)).toEqual([logged]);
    const again = await t.api('DELETE', `/api/assignments/${assignment.id}`, undefined, coach.accessToken);
    expect([again.status, again.body.error]).toEqual([409, 'This program was already unassigned.']);
  });

  it('re-sync revises untouched future workouts and keeps the logged and hand-edited ones', async () => {
    const { templateId, assignment, start } = await assignFresh('To revise', 80);
    const [first, second] = assignment.workouts;
    const log = await t.api('POST', `/api/athlete/workouts/${first.workout_id}/actuals`, { exerciseIndex: 0, setIndex: 0, actual: { reps: 5 } }, athlete.accessToken);
    expect(log.status).toBe(200);
    const edit = await t.api(
      'PUT',
      '/api/manage-workouts',
      { workoutId: second.workout_id, workout: { date: second.date, name: 'Coach tweak', exercises: [exercise('Front Squat')] } },
      coach.accessToken,
    );
    expect(edit.status).toBe(200);
    await t.server.platform.runner.waitFor(edit.body.checkpoint);

    const revised = template({
      name: 'To revise',
      workouts: { 'day-1': [tw('w1', 'Lower A v2')], 'day-3': [tw('w2', 'Upper A v2')], 'day-8': [tw('w3', 'Lower B v2')], 'day-10': [tw('w4', 'Upper B v2')] },
    });
    const put = await t.api('PUT', `/api/program-templates/${templateId}`, revised, coach.accessToken);
    expect(put.status).toBe(200);
    await t.server.platform.runner.waitFor(put.body.checkpoint);
    expect((await assignments(athlete.user.id)).find((a) => a.id === assignment.id).resync_available).toBe(true);

    expect((await t.api('POST', `/api/assignments/${assignment.id}/resync`, undefined, rival.accessToken)).status).toBe(404);
    const res = await t.api('POST', `/api/assignments/${assignment.id}/resync`, undefined, coach.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, revision: 2, revised_count: 2, added_count: 0, removed_count: 0 });
    expect(res.body.kept).toEqual([
      { workout_id: first.workout_id, date: start, reason: 'logged' },
      { workout_id: second.workout_id, date: plusDays(start, 2), reason: 'edited' },
    ]);
    const expected = ['Lower A', 'Coach tweak', 'Lower B v2', 'Upper B v2'];
    let names: string[] = [];
    for (let i = 0; i < 200; i++) {
      names = (await calendar(start, plusDays(start, 9))).map((w) => w.name);
      if (JSON.stringify(names) === JSON.stringify(expected)) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(names).toEqual(expected);
    const after2 = (await assignments(athlete.user.id)).find((a) => a.id === assignment.id);
    expect(after2).toMatchObject({ revision: 2, resync_available: false });
    // Re-sync revisions are not hand edits: a second revision reaches them again.
    expect(after2.workouts.filter((w: any) => w.hand_edited).map((w: any) => w.workout_id)).toEqual([second.workout_id]);
  });
});
