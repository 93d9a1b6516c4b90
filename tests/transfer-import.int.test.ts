/**
 * Import and export of training history (issue 25) through the HTTP API, against a
 * real PostgreSQL: the hand-written Strong and Hevy files of tests/fixtures import with
 * the expected counts (a second import adds nothing), a malformed file is refused with
 * its line and writes nothing, and an export read back into a second account gives the
 * same workouts, sets and records.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { PassThrough } from 'node:stream';
import { runExport } from '../cli/lib/export.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
let t: TestServer;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;
let stranger: User;

beforeAll(async () => {
  t = await startTestServer({ now: () => NOW });
  [coach, athlete, stranger] = await Promise.all([signedInUser(t, 'Coach Imogen'), signedInUser(t, 'Athlete Ike'), signedInUser(t, 'Stranger Sam')]);
  await linkAthlete(t, coach, athlete);
});
afterAll(async () => t?.close());

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const eventCount = async () => Number((await t.db.pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n);

function upload(who: User, athleteId: string, csv: string, query = '') {
  return t.api('POST', `/api/imports?athlete_id=${athleteId}${query}`, csv, who.accessToken, { 'content-type': 'text/csv' });
}

async function calendar(who: User, athleteId: string) {
  const res = await t.api('GET', `/api/manage-workouts?athleteId=${athleteId}&from=2000-01-01&to=2030-12-31`, undefined, who.accessToken);
  expect(res.status).toBe(200);
  return res.body.workouts as any[];
}

/** A workout as both sides must agree on: what was done, without ids or derived fields. */
function essence(w: any) {
  return {
    date: w.date,
    name: w.name,
    notes: w.notes,
    exercises: w.exercises.map((e: any) => ({
      name: e.exercise_name,
      notes: e.notes ?? null,
      superset: !!e.superset_group,
      heading: e.heading,
      sets: e.sets.map((s: any) => ({
        type: s.type,
        reps: s.reps ?? null,
        load: round(s.load),
        time: s.time_duration ?? null,
        rpe: s.rpe ?? null,
        actual: { reps: s.actual?.reps ?? null, load: round(s.actual?.load) },
      })),
    })),
  };
}
const round = (n: number | null | undefined) => (n == null ? null : Math.round(n * 100) / 100);

describe('importing Strong and Hevy files', () => {
  it('previews a Strong file without writing, then imports it once: a second import adds nothing', async () => {
    const csv = fixture('strong.csv');
    const before = await eventCount();
    const preview = await upload(athlete, athlete.user.id, csv, '&dry_run=true&unit=lb');
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      dry_run: true,
      layout: 'strong',
      unit: 'lb',
      rows: 12,
      skipped_rows: 1,
      workouts: 2,
      sets: 11,
      warmup_sets: 2,
      distance_sets: 1,
      from: '2024-03-01',
      to: '2024-03-03',
      new_workouts: 2,
      existing_workouts: 0,
    });
    expect(preview.body.exercises.map((e: any) => [e.query, e.sets])).toEqual([
      ['Bench Press (Barbell)', 3],
      ['Pull Up', 2],
      ['Squat (Barbell)', 4],
      ['Plank', 1],
      ['Running', 1],
    ]);
    expect(await eventCount()).toBe(before);

    const imported = await upload(athlete, athlete.user.id, csv, '&unit=lb');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ dry_run: false, imported_workouts: 2, new_workouts: 2 });
    await settled(t, imported.body.checkpoint);
    const afterFirst = await eventCount();

    const again = await upload(athlete, athlete.user.id, csv, '&unit=lb');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ imported_workouts: 0, new_workouts: 0, existing_workouts: 2 });
    expect(await eventCount()).toBe(afterFirst);

    const workouts = (await calendar(athlete, athlete.user.id)).filter((w) => w.date.startsWith('2024-03'));
    expect(workouts.map((w) => [w.date, w.name, w.imported, w.status])).toEqual([
      ['2024-03-01', 'Upper A', true, 'completed'],
      ['2024-03-03', 'Lower A', true, 'completed'],
    ]);
    const upper = essence(workouts[0]);
    expect(upper.notes).toBe('Felt strong, slept 8h');
    expect(upper.exercises[0]).toMatchObject({ name: 'Bench Press (Barbell)', notes: 'Paused reps, "competition" style' });
    expect(upper.exercises[0].sets.map((s: any) => [s.type, s.reps, s.load, s.rpe])).toEqual([
      ['warmup', 10, 95, null],
      ['rpe', 5, 185, 8],
      ['rpe', 5, 185, 8.5],
    ]);
    expect(upper.exercises[1]).toMatchObject({ name: 'Pull Up', notes: 'Last rep\nwas ugly' });
    const lower = essence(workouts[1]);
    expect(lower.exercises.map((e: any) => [e.name, e.sets.map((s: any) => s.type).join(' ')])).toEqual([
      ['Squat (Barbell)', 'warmup standard standard drop'],
      ['Plank', 'time'],
      ['Running', 'time'],
    ]);
  });

  it('feeds the records and the rep-max profile', async () => {
    const records = await t.api('GET', `/api/performance-records?athlete_id=${athlete.user.id}&exercise_name=Squat%20(Barbell)`, undefined, athlete.accessToken);
    expect(records.status).toBe(200);
    expect(JSON.stringify(records.body)).toContain('275');
    const profile = await t.api('GET', `/api/rep-max-profile?athlete_id=${athlete.user.id}&exercise_name=Squat%20(Barbell)`, undefined, athlete.accessToken);
    expect(profile.status).toBe(200);
    expect(JSON.stringify(profile.body)).toContain('275');
  });

  it('reads the older semicolon Strong layout with its units per row (kg kept as entered)', async () => {
    const res = await upload(coach, athlete.user.id, fixture('strong-semicolon.csv'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ layout: 'strong-semicolon', rows: 5, workouts: 2, sets: 5, warmup_sets: 1, imported_workouts: 2, from: '2019-05-10', to: '2019-05-12' });
    await settled(t, res.body.checkpoint);
    const [morning] = (await calendar(coach, athlete.user.id)).filter((w) => w.date === '2019-05-10');
    expect(morning.notes).toBe('Gym; busy');
    const deadlift = morning.exercises[0];
    expect(deadlift.notes).toBe('Hook grip, no straps');
    // Read models hold pounds: 142.5 kg is 314.16 lb; 135 lbs stays 135.
    expect(deadlift.sets.map((s: any) => round(s.actual.load))).toEqual([132.28, 308.65, 314.16]);
    expect(deadlift.sets[2].rpe).toBe(9);
    expect(morning.exercises[1].sets[0].actual.load).toBe(135);
    const { rows } = await t.db.pool.query(`SELECT data FROM es_events WHERE event_type = 'WorkoutScheduled' AND data->>'workoutId' = $1`, [morning.id]);
    expect(rows[0].data.exercises[0].sets[2]).toMatchObject({ load: 142.5, load_unit: 'kg', actual: { reps: 2, load: 142.5, load_unit: 'kg' } });
    expect(rows[0].data.importId).toBe(res.body.import_id);
  });

  it('reads Hevy files in kg and lbs: supersets, warm-ups, drop sets and notes with commas, quotes and newlines', async () => {
    const kg = await upload(athlete, athlete.user.id, fixture('hevy-kg.csv'));
    expect(kg.status).toBe(201);
    expect(kg.body).toMatchObject({ layout: 'hevy', unit: 'kg', rows: 10, workouts: 2, sets: 10, warmup_sets: 1, distance_sets: 1, imported_workouts: 2 });
    const lbs = await upload(athlete, athlete.user.id, fixture('hevy-lbs.csv'));
    expect(lbs.body).toMatchObject({ layout: 'hevy', unit: 'lb', rows: 4, workouts: 1, sets: 4, warmup_sets: 1, imported_workouts: 1 });
    await settled(t, lbs.body.checkpoint);
    const all = await calendar(athlete, athlete.user.id);
    const push = essence(all.find((w) => w.name === 'Push Day'));
    expect(push.notes).toBe('Deload week, "easy" pace');
    expect(push.exercises.map((e: any) => [e.heading, e.name, e.superset])).toEqual([
      ['A1', 'Bench Press (Barbell)', false],
      ['B1', 'Lateral Raise (Dumbbell)', true],
      ['B2', 'Triceps Pushdown', true],
    ]);
    expect(push.exercises[2].notes).toBe('Rope,\nboth hands');
    expect(push.exercises[1].sets.map((s: any) => s.type)).toEqual(['standard', 'drop']);
    const legs = essence(all.find((w) => w.name === 'Leg Day'));
    expect(legs.exercises[1].sets[0]).toMatchObject({ type: 'time', time: 600 });
    const pull = essence(all.find((w) => w.name === 'Pull'));
    expect(pull.exercises.map((e: any) => e.heading)).toEqual(['A1', 'B1', 'B2']);
    expect(pull.exercises[0].sets.map((s: any) => s.actual.load)).toEqual([135, 315]);
    expect((await upload(athlete, athlete.user.id, fixture('hevy-kg.csv'))).body).toMatchObject({ imported_workouts: 0, existing_workouts: 2 });
  });

  it('refuses a malformed file with its line number and writes nothing', async () => {
    const before = await eventCount();
    const lines = fixture('strong.csv').split('\n');
    const badReps = [...lines.slice(0, 3), lines[3].replace(',185,5,', ',185,five,'), ...lines.slice(4)].join('\n');
    const res = await upload(athlete, athlete.user.id, badReps.replace(/Upper A/g, 'Upper B'));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Line 4: Reps must be a number of 0 or more (got "five").');
    const unclosed = await upload(
      athlete,
      athlete.user.id,
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps\nA,"1 Jan 2025, 10:00",,"oops,Squat,,,0,normal,100,5\n',
    );
    expect(unclosed.status).toBe(400);
    expect(unclosed.body.error).toMatch(/^Line 2: A quoted field is never closed/);
    const badDate = await upload(athlete, athlete.user.id, 'Date,Workout Name,Exercise Name,Set Order,Weight,Reps\n2024-03-01,A,Squat,1,100,5\n2024-02-30,B,Squat,1,100,5\n');
    expect(badDate.body.error).toMatch(/^Line 3: Date "2024-02-30" is not a date/);
    const notCsv = await upload(athlete, athlete.user.id, 'hello,world\n1,2\n');
    expect(notCsv.status).toBe(400);
    expect(notCsv.body.error).toMatch(/^Line 1: The first line is not a Strong or Hevy header/);
    const json = await t.api('POST', `/api/imports?athlete_id=${athlete.user.id}`, { csv: 'x' }, athlete.accessToken);
    expect(json.status).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('lets only the athlete and their coach import or export', async () => {
    expect((await upload(stranger, athlete.user.id, fixture('hevy-lbs.csv'))).status).toBe(404);
    expect((await t.api('GET', `/api/export/workouts.csv?athlete_id=${athlete.user.id}`, undefined, stranger.accessToken)).status).toBe(404);
  });
});

describe('export → import round trip', () => {
  it.each(['hevy', 'strong'] as const)('gives a second account the same workouts, sets and records (%s layout)', async (layout) => {
    const exported = await fetch(`${t.url}/api/export/workouts.csv?athlete_id=${athlete.user.id}&layout=${layout}`, {
      headers: { authorization: `Bearer ${athlete.accessToken}` },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toBe(`attachment; filename="spotter-workouts-${layout}.csv"`);
    const csv = await exported.text();

    const second = await signedInUser(t, `Second ${layout}`);
    const res = await upload(second, second.user.id, csv, '&unit=lb');
    expect(res.status).toBe(201);
    await settled(t, res.body.checkpoint);
    const original = (await calendar(athlete, athlete.user.id)).map(essence);
    const copy = (await calendar(second, second.user.id)).map(essence);
    // Strong's layout has no supersets (the headings follow): compare what it carries.
    const comparable = (w: ReturnType<typeof essence>) =>
      layout === 'hevy' ? w : { ...w, exercises: w.exercises.map((e: any) => ({ ...e, superset: false, heading: undefined })) };
    expect(copy.map(comparable)).toEqual(original.map(comparable));

    const records = async (who: User) => {
      const r = await fetch(`${t.url}/api/export/records.csv?athlete_id=${who.user.id}`, { headers: { authorization: `Bearer ${who.accessToken}` } });
      expect(r.status).toBe(200);
      return r.text();
    };
    const mine = await records(athlete);
    expect(mine.split('\n')[0]).toBe('Exercise Name,Rep Range,Best,Unit,Date Achieved,Source');
    expect(mine.split('\n').length).toBeGreaterThan(5);
    expect(await records(second)).toBe(mine);
  });
});

describe('spotter export', () => {
  it('writes the same CSV as the web download, and refuses an unknown layout', async () => {
    const web = await fetch(`${t.url}/api/export/workouts.csv?athlete_id=${athlete.user.id}&layout=hevy`, { headers: { authorization: `Bearer ${athlete.accessToken}` } });
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (c: Buffer) => chunks.push(c));
    await runExport(t.db.pool, { athlete: athlete.email, layout: 'hevy' }, sink);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(await web.text());
    await expect(runExport(t.db.pool, { athlete: athlete.email, layout: 'fitbod' }, new PassThrough())).rejects.toThrow('--layout must be strong or hevy.');
  });
});
