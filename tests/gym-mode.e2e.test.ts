/**
 * Gym mode in real Chromium on a phone-sized screen: the app opens from its service
 * worker with no network, shows the workouts saved on the phone, keeps the sets logged
 * offline in an outbox that outlives the page, and sends each exactly once when the
 * signal returns (the coach's open editor shows them); a write the server refuses is
 * set aside with its reason without holding up the rest; the app is installable.
 * Needs the built app: `npm run build:web`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './support/browser.ts';
import { localToday, longDate, snap } from './support/ui.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { settled } from './support/coaching.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

// The gym's phone keeps working offline through the app's service worker (see support/browser.ts).
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' };

async function plan(date: string, name: string, exercises: { exercise_name: string; sets: object[] }[]) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: athlete.user.id, date, name, exercises } }, coach.accessToken);
  expect(res.status).toBe(201);
  await settled(t, res.body.checkpoint);
  return res.body.id as string;
}

const sets = (n: number, set: object) => Array.from({ length: n }, () => ({ ...set }));

/** The athlete's training page, opened once online, with the service worker controlling it. */
async function athleteOnTraining(workoutName: string): Promise<Page> {
  const page = await e2e.signedInPage(athlete, PHONE);
  await page.goto(`${t.url}/training`);
  await page
    .getByRole('region', { name: 'Today' })
    .getByRole('link', { name: new RegExp(workoutName) })
    .waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

const syncText = (page: Page) => page.getByRole('region', { name: 'Sync' }).getByRole('status').textContent();

async function logSet(page: Page, exercise: string, n: number, reps: string, load: string) {
  const region = page.getByRole('region', { name: exercise });
  await region.getByLabel(`Set ${n} reps`).fill(reps);
  await region.getByLabel(`Set ${n} load (lb)`).fill(load);
  await region.getByRole('button', { name: `Save set ${n}` }).click();
}

async function actualEvents(workoutId: string) {
  const res = await t.api('GET', `/api/manage-workouts/${workoutId}/history`, undefined, coach.accessToken);
  expect(res.status).toBe(200);
  return (res.body.history as { type: string; details: { exercise_index: number; set_index: number; actual: object } }[]).filter((h) => h.type === 'SetActualRecorded');
}

describe('gym mode', () => {
  it('logs six sets with no signal, keeps them when the page closes, and sends each exactly once when the signal returns', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Gym Day', [
      { exercise_name: 'Back Squat', sets: sets(3, { reps: 5, load: 200 }) },
      { exercise_name: 'Bench Press', sets: sets(3, { reps: 8, load: 135 }) },
    ]);
    const page = await athleteOnTraining('Gym Day');

    // The coach follows along in the workout editor, on a desk with a connection.
    const coachPage = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 900 } });
    await coachPage.goto(`${t.url}/calendar/${athlete.user.id}`);
    await coachPage
      .getByRole('group', { name: longDate(today), exact: true })
      .getByRole('button', { name: /^Gym Day .*workout$/ })
      .click();
    const editor = coachPage.getByRole('dialog', { name: 'Edit Workout' });
    const squat = editor.getByRole('group', { name: 'A1 Back Squat' });
    const bench = editor.getByRole('group', { name: 'B1 Bench Press' });
    await squat.waitFor();

    // No signal: the page comes from the service worker, the workouts from the phone.
    const context = page.context();
    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect.poll(() => page.getByText(/^Offline — showing what was saved at \d\d:\d\d$/).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: /Gym Day Back Squat Bench Press/ })
      .click();
    await page.waitForURL(`**/training/${workoutId}`);
    await expect.poll(() => syncText(page)).toBe('All changes saved');

    await logSet(page, 'A1 Back Squat', 1, '5', '205');
    await page.getByRole('button', { name: 'Set 2: same as last set' }).first().click();
    await logSet(page, 'A1 Back Squat', 3, '4', '205');
    await logSet(page, 'B1 Bench Press', 1, '8', '140');
    await page.getByRole('region', { name: 'B1 Bench Press' }).getByRole('button', { name: 'Set 2: same as last set' }).click();
    await logSet(page, 'B1 Bench Press', 3, '6', '140');
    await expect.poll(() => syncText(page)).toBe('6 sets waiting to sync');
    // Shown as logged at once, on the phone.
    expect(await page.getByRole('region', { name: 'A1 Back Squat' }).getByLabel('Set 2 load (lb)').inputValue()).toBe('205');
    await snap(page, 'gym-mode-waiting');

    // The tab closes; a new one, still offline, finds the sets waiting.
    await page.close();
    const again = await context.newPage();
    await again.goto(`${t.url}/training/${workoutId}`);
    await expect.poll(() => syncText(again)).toBe('6 sets waiting to sync');
    expect(await again.getByRole('region', { name: 'B1 Bench Press' }).getByLabel('Set 3 reps').inputValue()).toBe('6');
    expect(await actualEvents(workoutId)).toEqual([]);

    // The signal returns: every set reaches the coach's open editor, once.
    await context.setOffline(false);
    await expect.poll(() => syncText(again), { timeout: 30_000 }).toBe('All changes saved');
    const expected = [
      [squat, 1, 'Actual: 5 reps · 205 lb'],
      [squat, 2, 'Actual: 5 reps · 205 lb'],
      [squat, 3, 'Actual: 4 reps · 205 lb'],
      [bench, 1, 'Actual: 8 reps · 140 lb'],
      [bench, 2, 'Actual: 8 reps · 140 lb'],
      [bench, 3, 'Actual: 6 reps · 140 lb'],
    ] as const;
    for (const [group, n, text] of expected) {
      await expect.poll(() => group.getByLabel(`Set ${n} actual`).textContent(), { timeout: 30_000 }).toBe(text);
    }
    const events = await actualEvents(workoutId);
    expect(events.map((e) => `${e.details.exercise_index}:${e.details.set_index}`).sort()).toEqual(['0:0', '0:1', '0:2', '1:0', '1:1', '1:2']);
    const { body } = await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken);
    expect(body.workout.exercises.map((e: { sets: { actual: object }[] }) => e.sets.map((s) => s.actual))).toEqual([
      [
        { reps: 5, load: 205 },
        { reps: 5, load: 205 },
        { reps: 4, load: 205 },
      ],
      [
        { reps: 8, load: 140 },
        { reps: 8, load: 140 },
        { reps: 6, load: 140 },
      ],
    ]);
    await snap(again, 'gym-mode-saved');
  });

  it('sets aside a set the server refuses, with its reason, and sends the ones after it', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Cut Day', [
      { exercise_name: 'Front Squat', sets: sets(3, { reps: 3, load: 150 }) },
      { exercise_name: 'Pull Up', sets: sets(1, { reps: 10 }) },
    ]);
    const page = await athleteOnTraining('Cut Day');
    await page
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: /Cut Day/ })
      .click();
    await page.waitForURL(`**/training/${workoutId}`);
    await page.getByRole('region', { name: 'A1 Front Squat' }).waitFor();

    await page.context().setOffline(true);
    await logSet(page, 'A1 Front Squat', 3, '3', '155');
    await logSet(page, 'A1 Front Squat', 1, '3', '150');
    await logSet(page, 'B1 Pull Up', 1, '9', '0');
    await expect.poll(() => syncText(page)).toBe('3 sets waiting to sync');

    // Meanwhile the coach takes the third front squat set out of the plan.
    const cut = await t.api(
      'PUT',
      '/api/manage-workouts',
      {
        workoutId,
        workout: {
          date: today,
          name: 'Cut Day',
          exercises: [
            { exercise_name: 'Front Squat', sets: sets(2, { reps: 3, load: 150 }) },
            { exercise_name: 'Pull Up', sets: sets(1, { reps: 10 }) },
          ],
        },
      },
      coach.accessToken,
    );
    expect(cut.status).toBe(200);
    await settled(t, cut.body.checkpoint);

    await page.context().setOffline(false);
    const refused = page.getByRole('list', { name: 'Not applied' });
    await expect.poll(() => refused.textContent(), { timeout: 30_000 }).toBe('Front Squat, set 3: Not applied: your coach removed this setDismiss');
    await expect.poll(() => syncText(page), { timeout: 30_000 }).toBe('All other changes saved; 1 change was not applied');
    // The page follows the coach's plan: the set is gone from it.
    await expect.poll(() => page.getByRole('region', { name: 'A1 Front Squat' }).getByLabel('Set 3 reps').count()).toBe(0);

    // The writes after it went through.
    const events = await actualEvents(workoutId);
    expect(events.map((e) => `${e.details.exercise_index}:${e.details.set_index}`).sort()).toEqual(['0:0', '1:0']);
    const { body } = await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken);
    expect(body.workout.exercises[0].sets.map((s: { actual?: object }) => s.actual ?? null)).toEqual([{ reps: 3, load: 150 }, null]);
    expect(body.workout.exercises[1].sets[0].actual).toEqual({ reps: 9, load: 0 });
    await snap(page, 'gym-mode-refused');

    await refused.getByRole('button', { name: 'Dismiss Front Squat, set 3' }).click();
    await expect.poll(() => syncText(page)).toBe('All changes saved');
    expect(await refused.count()).toBe(0);
  });

  it('tries again after no answer and a 5xx, with the same Idempotency-Key, so a write whose answer was lost is applied once', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Flaky Day', [{ exercise_name: 'Deadlift', sets: sets(2, { reps: 5, load: 300 }) }]);
    // page.route sees only what no service worker answers: this context has none.
    const page = await e2e.signedInPage(athlete, { ...PHONE, serviceWorkers: 'block' });
    await page.goto(`${t.url}/training/${workoutId}`);
    await page.getByRole('region', { name: 'A1 Deadlift' }).waitFor();

    // The first try never reaches the server; the second reaches it but its answer is
    // lost on the way back; the third gets a 503 without reaching it; the fourth goes through.
    const keys: string[] = [];
    let tries = 0;
    await page.route('**/actuals', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      tries++;
      if (tries === 1) return route.abort('internetdisconnected');
      if (tries === 2) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      if (tries === 3) return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service unavailable' }) });
      return route.continue();
    });
    await logSet(page, 'A1 Deadlift', 1, '5', '315');
    await expect.poll(() => syncText(page), { timeout: 30_000 }).toBe('All changes saved');
    expect(tries).toBe(4);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await expect.poll(() => page.getByRole('region', { name: 'A1 Deadlift' }).getByText('Saved.').isVisible()).toBe(true);
    const events = await actualEvents(workoutId);
    expect(events.map((e) => e.details.actual)).toEqual([{ reps: 5, load: 315 }]);
  });

  it('shows the rep-max profile of each exercise the athlete uses with no signal, from the phone', async () => {
    // Exercises of their own: the other tests' workout sets are records too.
    for (const [exercise_name, value, reps] of [
      ['Incline Bench Press', '150', '5'],
      ['Trap Bar Deadlift', '300', '3'],
    ]) {
      const res = await t.api('POST', '/api/performance-records', { athlete_id: athlete.user.id, exercise_name, value, reps, date: localToday() }, athlete.accessToken);
      expect(res.status).toBe(201);
      await settled(t, res.body.checkpoint);
    }
    const page = await e2e.signedInPage(athlete, PHONE);
    await page.goto(`${t.url}/training?mode=performance`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('tab', { name: 'Progression' }).click();
    const profile = page.getByRole('region', { name: 'Rep-max profile' });
    await profile.getByLabel('Exercise').selectOption('Incline Bench Press');
    await profile.getByText('Estimated 1RM: 175 lb').waitFor();
    // Every exercise's profile is kept, not only the one opened: Trap Bar Deadlift's was never shown.
    const saved = (key: string) =>
      page.evaluate(
        ({ userId, key }) =>
          new Promise<boolean>((resolve, reject) => {
            const open = indexedDB.open(`spotter-${userId}`);
            open.onerror = () => reject(new Error(String(open.error)));
            open.onsuccess = () => {
              const get = open.result.transaction('snapshots').objectStore('snapshots').get(key);
              get.onsuccess = () => resolve(get.result !== undefined);
              get.onerror = () => reject(new Error(String(get.error)));
            };
          }),
        { userId: athlete.user.id, key },
      );
    await expect.poll(() => saved('rep-max:trap bar deadlift')).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(/^Offline — showing what was saved at \d\d:\d\d$/).waitFor();
    await page.getByRole('tab', { name: 'Progression' }).click();
    await profile.getByLabel('Exercise').selectOption('Incline Bench Press');
    await profile.getByText('Estimated 1RM: 175 lb').waitFor();
    await profile.getByLabel('Exercise').selectOption('Trap Bar Deadlift');
    await profile.getByText('Estimated 1RM: 330 lb').waitFor();
    expect(await profile.getByRole('row').nth(3).textContent()).toContain('300 lb');
    await snap(page, 'gym-mode-rep-max-offline');
    await page.context().setOffline(false);
  });

  it('keeps a performance entry made with no signal on the phone and sends it once when the signal returns', async () => {
    const page = await e2e.signedInPage(athlete, PHONE);
    await page.goto(`${t.url}/training?mode=performance`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('button', { name: 'Log Performance' }).click();
    const form = page.getByRole('form', { name: 'Log Performance' });
    await form.getByLabel('Exercise').fill('Zercher Squat');
    await form
      .getByRole('button', { name: /^Zercher Squat/ })
      .first()
      .click();

    await page.context().setOffline(true);
    await form.getByLabel('Weight (lb)').fill('185');
    await form.getByLabel('Reps').fill('3');
    await form.getByRole('button', { name: 'Log Metric' }).click();
    await form.getByText('Saved on this device: Zercher Squat: 185 lb × 3. It will be sent when you are back online.').waitFor();
    const logged = async () =>
      Number(
        (
          await t.db.pool.query(
            `SELECT count(*)::int AS n FROM es_events WHERE event_type = 'PerformanceLogged' AND data->>'athleteId' = $1 AND data->>'exerciseName' = 'Zercher Squat'`,
            [athlete.user.id],
          )
        ).rows[0].n,
      );
    expect(await logged()).toBe(0);

    await page.context().setOffline(false);
    await expect.poll(logged).toBe(1);
    // Sent once: the record shows, and it is the only entry.
    await page.getByText('185 lb').first().waitFor();
    expect(await logged()).toBe(1);
  });

  it('offers a new version without reloading under the athlete, and takes it on the next page opened', async () => {
    // A server of its own, on a copy of the build that this test can change.
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-dist-'));
    await fs.cp(path.join('web', 'dist'), dist, { recursive: true });
    const t2 = await startTestServer({ webDistDir: dist });
    const context = await e2e.browser.newContext(PHONE);
    try {
      const lifter = await signedInUser(t2, 'Uma Update');
      const made = await t2.api(
        'POST',
        '/api/manage-workouts',
        { workout: { user_id: lifter.user.id, date: localToday(), name: 'Update Day', exercises: [{ exercise_name: 'Lunge', sets: [{ reps: 10 }] }] } },
        lifter.accessToken,
      );
      expect(made.status).toBe(201);
      await settled(t2, made.body.checkpoint);
      const page = await context.newPage();
      await page.goto(`${t2.url}/signin`);
      await page.getByLabel('Email').fill(lifter.email);
      await page.getByLabel('Password').fill(lifter.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL((url) => url.pathname !== '/signin');
      await page.goto(`${t2.url}/training`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.evaluate(() => ((window as { stillHere?: boolean }).stillHere = true));

      // A new version is deployed: the service worker changes.
      const sw = path.join(dist, 'sw.js');
      await fs.appendFile(sw, '\n// the next version\n');
      await Promise.all(['.br', '.gz'].map((ext) => fs.rm(sw + ext, { force: true })));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'Update available —' });
      await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => prompt.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
      await snap(page, 'gym-mode-update');
      // It waits: nothing reloaded the page under the athlete.
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

      // Opening a workout loads that page with the new version. Chromium may defer the switch
      // to the load after (web/src/lib/app-update.ts): a few loads, never a loop.
      let loads = 0;
      page.on('load', () => loads++);
      await page
        .getByRole('region', { name: 'Today' })
        .getByRole('link', { name: /Update Day/ })
        .click();
      // Each question gets an answer or fails in time (asked during a load, it may wait on it).
      const runsNewest = () =>
        Promise.race([
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return !!registration && !registration.waiting && !registration.installing && registration.active === navigator.serviceWorker.controller;
          }),
          new Promise<boolean>((_, reject) => setTimeout(() => reject(new Error('no answer from the page')), 5_000)),
        ]);
      await expect.poll(runsNewest, { timeout: 30_000 }).toBe(true);
      await page.getByRole('heading', { name: 'Update Day' }).waitFor();
      expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere ?? false)).toBe(false);
      expect(page.url()).toMatch(/\/training\/[0-9a-f-]{36}$/);
      expect(await page.getByText('Update available —').count()).toBe(0);
      expect(loads).toBeGreaterThanOrEqual(1);
      expect(loads).toBeLessThanOrEqual(3);

      // The next version, taken with the prompt's Reload, on a page that has moved within itself.
      await page.getByRole('link', { name: '← My Training' }).click();
      await page.getByRole('region', { name: 'Today' }).waitFor();
      await fs.appendFile(sw, '\n// and the one after\n');
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await expect.poll(() => prompt.isVisible(), { timeout: 20_000 }).toBe(true);
      loads = 0;
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await expect.poll(runsNewest, { timeout: 30_000 }).toBe(true);
      await page.getByRole('region', { name: 'Today' }).waitFor();
      expect(await page.getByText('Update available —').count()).toBe(0);
      expect(loads).toBeGreaterThanOrEqual(1);
      expect(loads).toBeLessThanOrEqual(3);
    } finally {
      await context.close();
      await t2.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
    // Its own server and a copy of the build, on top of the service worker's update cycle:
    // it once needed more than the default minute on a loaded CI machine.
  }, 150_000);

  it('is installable: the manifest and the service worker pass Chromium’s check, served fresh with the right types', async () => {
    for (const [file, type] of [
      ['/sw.js', /javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      const res = await fetch(t.url + file);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(type);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    const manifest = await (await fetch(`${t.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Spotter', start_url: '/training', display: 'standalone' });

    // Chromium does not install from an incognito profile (what newContext makes): a profile of its own.
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, ...PHONE });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${t.url}/signin`);
      await page.getByLabel('Email').fill(athlete.email);
      await page.getByLabel('Password').fill(athlete.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL('**/clients');
      await page.goto(`${t.url}/training`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    }
  });

  it('shows the coach when a set synced late was done, and when it arrived', async () => {
    const today = localToday();
    const workoutId = await plan(today, 'Late Sync', [{ exercise_name: 'Front Squat', sets: sets(1, { reps: 3, load: 185 }) }]);
    const doneAt = new Date(Date.now() - 20 * 60 * 1000);
    const sent = await t.api(
      'POST',
      `/api/athlete/workouts/${workoutId}/actuals`,
      { exerciseIndex: 0, setIndex: 0, actual: { reps: 3, load: 190 }, doneAt: doneAt.toISOString() },
      athlete.accessToken,
    );
    expect(sent.status).toBe(200);
    await settled(t, sent.body.checkpoint);

    const coachPage = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 900 } });
    await coachPage.goto(`${t.url}/calendar/${athlete.user.id}`);
    await coachPage
      .getByRole('group', { name: longDate(today), exact: true })
      .getByRole('button', { name: /^Late Sync .*workout$/ })
      .click();
    const editor = coachPage.getByRole('dialog', { name: 'Edit Workout' });
    await editor.getByText('History').click();
    const logged = editor.getByRole('list', { name: 'Workout history' }).getByRole('listitem').filter({ hasText: 'logged Front Squat set 1' });
    await expect.poll(() => logged.locator('time').first().getAttribute('datetime')).toBe(doneAt.toISOString());
    expect(await logged.textContent()).toMatch(/\(synced .+\)$/);
  });
});
