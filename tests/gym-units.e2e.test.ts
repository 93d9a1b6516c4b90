/**
 * Kilograms and pounds in real Chromium: a coach who reads pounds and an athlete who
 * reads kilograms see the same set, each in their own unit. The athlete's phone
 * (390×844) chooses kilograms in Settings and logs 100 kg; the coach's editor shows
 * 220.46 lb; the outbox and the event keep what was typed (`load: 100, load_unit: 'kg'`).
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { localToday, longDate, snap } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { settled } from './support/coaching.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

// The gym's phone keeps working offline through the app's service worker (see support/browser.ts).
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' };
const DESK: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

/** A workout the coach plans for the athlete through the API (loads in pounds, as the API has always taken them). */
async function plan(date: string, name: string, exercises: { exercise_name: string; sets: object[] }[]) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: athlete.user.id, date, name, exercises } }, coach.accessToken);
  expect(res.status).toBe(201);
  await settled(t, res.body.checkpoint);
  return res.body.id as string;
}

async function openLogger(page: Page, workoutId: string) {
  await page.goto(`${t.url}/training/${workoutId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

async function openEditor(page: Page, date: string, name: string) {
  await page.goto(`${t.url}/calendar/${athlete.user.id}`);
  await page
    .getByRole('group', { name: longDate(date), exact: true })
    .getByRole('button', { name: new RegExp(`^${name} .*workout$`) })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit Workout' });
  await editor.waitFor();
  return editor;
}

describe('kilograms and pounds', () => {
  it('shows the server pounds in kilograms to an athlete whose browser reads kilograms, and in pounds to the coach', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Metric Day', [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 225 }] }]);

    // Never chosen: a German browser reads kilograms.
    const page = await e2e.signedInPage(athlete, { ...PHONE, locale: 'de-DE' });
    await openLogger(page, workoutId);
    const squat = page.getByRole('region', { name: 'A1 Back Squat' });
    expect(await squat.getByText(/^Target:/).textContent()).toBe('Target: 5 reps · 102.06 kg');
    expect(await squat.getByLabel('Set 1 load (kg)').getAttribute('placeholder')).toBe('102.06');

    // Settings shows kilograms as the unit in use.
    await page.goto(`${t.url}/settings`);
    expect(await page.getByRole('radio', { name: 'Kilograms (kg)' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Pounds (lb)' }).isChecked()).toBe(false);

    // The coach's browser reads pounds: the set as planned.
    const coachPage = await e2e.signedInPage(coach, DESK);
    const editor = await openEditor(coachPage, today, 'Metric Day');
    expect(await editor.getByRole('group', { name: 'A1 Back Squat' }).getByLabel('Set 1 Load (lb)').inputValue()).toBe('225');

    // Logged with no signal: the outbox keeps the set as typed, in kilograms.
    await openLogger(page, workoutId);
    await page.context().setOffline(true);
    await squat.getByLabel('Set 1 reps').fill('5');
    await squat.getByLabel('Set 1 load (kg)').fill('100');
    await squat.getByRole('button', { name: 'Save set 1' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Sync' }).getByRole('status').textContent()).toBe('1 set waiting to sync');
    expect(await squat.getByLabel('Set 1 load (kg)').inputValue()).toBe('100');
    const queued = await page.evaluate(
      (userId) =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open(`spotter-${userId}`);
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () => resolve((all.result as { body: { actual: unknown } }[]).map((e) => e.body.actual));
            all.onerror = () => reject(new Error(String(all.error)));
          };
        }),
      athlete.user.id,
    );
    expect(queued).toEqual([{ reps: 5, load: 100, load_unit: 'kg' }]);
  });

  it('a kg athlete logs 100 kg; the lb coach sees 220.46 lb; the event keeps 100 kg as typed', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Unit Day', [
      {
        exercise_name: 'Front Squat',
        sets: [
          { reps: 5, load: 200 },
          { reps: 5, load: 200 },
        ],
      },
    ]);

    // The athlete's phone (an American browser: pounds by default) chooses kilograms.
    const page = await e2e.signedInPage(athlete, PHONE);
    await page.goto(`${t.url}/settings`);
    expect(await page.getByRole('radio', { name: 'Pounds (lb)' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Kilograms (kg)' }).click();
    await page.getByText('Units saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByRole('radio', { name: 'Kilograms (kg)' }).isChecked()).toBe(true);

    await openLogger(page, workoutId);
    const squat = page.getByRole('region', { name: 'A1 Front Squat' });
    expect(
      await squat
        .getByText(/^Target:/)
        .first()
        .textContent(),
    ).toBe('Target: 5 reps · 90.72 kg');
    await squat.getByLabel('Set 1 reps').fill('5');
    await squat.getByLabel('Set 1 load (kg)').fill('100');
    await squat.getByRole('button', { name: 'Save set 1' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Sync' }).getByRole('status').textContent(), { timeout: 30_000 }).toBe('All changes saved');

    // What was typed is what the event keeps.
    const { rows } = await t.db.pool.query<{ actual: object }>(
      `SELECT data->'actual' AS actual FROM es_events WHERE stream_id = $1 AND event_type = 'SetActualRecorded' ORDER BY position`,
      [`workout-${workoutId}`],
    );
    expect(rows.map((r) => r.actual)).toEqual([{ reps: 5, load: 100, load_unit: 'kg' }]);

    // The coach reads pounds.
    const coachPage = await e2e.signedInPage(coach, DESK);
    const editor = await openEditor(coachPage, today, 'Unit Day');
    const group = editor.getByRole('group', { name: 'A1 Front Squat' });
    await expect.poll(() => group.getByLabel('Set 1 actual').textContent(), { timeout: 30_000 }).toBe('Actual: 5 reps · 220.46 lb');
    expect(await group.getByLabel('Set 1 Load (lb)').inputValue()).toBe('200');
    await snap(coachPage, 'units-coach-lb');

    // The athlete, after a reload (the server's copy, in pounds), still reads 100 kg.
    await openLogger(page, workoutId);
    expect(await page.getByRole('region', { name: 'A1 Front Squat' }).getByLabel('Set 1 load (kg)').inputValue()).toBe('100');
    // "Same as last set" copies 100 kg.
    await page.getByRole('region', { name: 'A1 Front Squat' }).getByRole('button', { name: 'Set 2: same as last set' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'A1 Front Squat' }).getByLabel('Set 2 load (kg)').inputValue()).toBe('100');
    await snap(page, 'units-athlete-kg');
  });
});
