/**
 * The athlete's side in real Chromium: My Training on a phone-sized screen,
 * logging sets, the dashboard, and the coach's open editor receiving what the
 * athlete logs live (toast and values) without losing the coach's unsaved edits.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday, longDate, snap } from './support/ui.ts';
import { signedInUser, type TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { todayIn } from '../src/accounts/time-zone.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const signIn = (user: User, viewport = { width: 1280, height: 900 }, timezoneId?: string) => e2e.signedInPage(user, { viewport, timezoneId });

async function plan(date: string, exercises: { exercise_name: string; sets: object[] }[], name?: string, who: User = athlete) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: who.user.id, date, name, exercises } }, coach.accessToken);
  expect(res.status).toBe(201);
  await t.server.platform.runner.waitFor(res.body.checkpoint);
  return res.body.id as string;
}

const PHONE = { width: 375, height: 740 };

describe("the athlete's training in the browser", () => {
  it("shows what the athlete logs in the coach's open editor, keeping the coach's unsaved edits", async () => {
    const today = localToday();
    const workoutId = await plan(
      today,
      [
        {
          exercise_name: 'Back Squat',
          sets: [
            { reps: 5, load: 200 },
            { reps: 5, load: 200 },
          ],
        },
        { exercise_name: 'Bench Press', sets: [{ reps: 8, load: 135 }] },
      ],
      'Live Day',
    );

    const coachPage = await signIn(coach);
    await coachPage.goto(`${t.url}/calendar/${athlete.user.id}`);
    const cell = coachPage.getByRole('group', { name: longDate(today), exact: true });
    await cell.getByRole('button', { name: /^Live Day .*workout$/ }).click();
    const editor = coachPage.getByRole('dialog', { name: 'Edit Workout' });
    const squat = editor.getByRole('group', { name: 'A1 Back Squat' });
    await squat.waitFor();
    // Unsaved edits the live update must not wipe.
    await editor.getByLabel('Workout name').fill('Heavy Live Day');
    await editor.getByRole('group', { name: 'B1 Bench Press' }).getByLabel('Set 1 Load (lb)').fill('140');

    // The athlete, on a phone, finds today's workout and logs the second squat set.
    const athletePage = await signIn(athlete, PHONE);
    await athletePage.getByRole('link', { name: 'My Training' }).click();
    await athletePage.getByRole('heading', { name: 'My Training' }).waitFor();
    const todayList = athletePage.getByRole('region', { name: 'Today' });
    await todayList.getByRole('link', { name: /Live Day Back Squat Bench Press/ }).click();
    await athletePage.waitForURL(`**/training/${workoutId}`);
    const athleteSquat = athletePage.getByRole('region', { name: 'A1 Back Squat' });
    await athleteSquat.getByLabel('Set 2 reps').fill('5');
    await athleteSquat.getByLabel('Set 2 load (lb)').fill('205');
    await athleteSquat.getByRole('button', { name: 'Save set 2' }).click();
    await expect.poll(() => athleteSquat.getByText('Saved.').isVisible()).toBe(true);
    await snap(athletePage, 'athlete-logging-phone');

    // The coach's editor: the toast, the logged values, and the coach's own edits intact.
    await expect.poll(() => editor.getByText('Athlete updated: Back Squat').isVisible(), { timeout: 30_000 }).toBe(true);
    await snap(coachPage, 'editor-live-toast');
    await expect.poll(() => squat.getByLabel('Set 2 actual').textContent()).toBe('Actual: 5 reps · 205 lb');
    expect(await squat.getByLabel('Set 1 actual').textContent()).toBe('Not logged');
    expect(await editor.getByLabel('Workout name').inputValue()).toBe('Heavy Live Day');
    expect(await editor.getByRole('group', { name: 'B1 Bench Press' }).getByLabel('Set 1 Load (lb)').inputValue()).toBe('140');

    // Saving the coach's edits keeps the athlete's actual.
    await editor.getByRole('button', { name: 'Update Workout' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    const { body } = await t.api('GET', `/api/manage-workouts/${workoutId}`, undefined, coach.accessToken);
    expect(body.workout.name).toBe('Heavy Live Day');
    expect(body.workout.exercises[0].sets[1].actual).toEqual({ reps: 5, load: 205 });
    expect(body.workout.exercises[1].sets[0].load).toBe(140);
    // A partially logged workout shows amber on the calendar.
    await expect.poll(() => cell.getByRole('button', { name: /^Heavy Live Day .*partial workout$/ }).count()).toBe(1);
  });

  it('lists upcoming and recent workouts and counts completions and streaks on the dashboard', async () => {
    // An athlete of their own: the test above logs today for the first one.
    const runner = await signedInUser(t, 'Riley Runner');
    await linkAthlete(t, coach, runner);
    const today = localToday();
    const yesterday = addDays(today, -1);
    const done = { reps: 3, load: 100, actual: { reps: 3, load: 100 } };
    await plan(yesterday, [{ exercise_name: 'Deadlift', sets: [done, done] }], 'Pull Day', runner);
    await plan(addDays(today, -3), [{ exercise_name: 'Row', sets: [{ reps: 5, load: 95 }] }], 'Skipped Day', runner);
    await plan(addDays(today, 2), [{ exercise_name: 'Overhead Press', sets: [{ reps: 5, load: 95 }] }], 'Press Day', runner);

    const page = await signIn(runner, PHONE);
    await page.goto(`${t.url}/training`);
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    await expect.poll(() => dashboard.getByText('Day streak').isVisible()).toBe(true);
    await expect.poll(async () => (await dashboard.textContent()) ?? '').toMatch(/Day streak\s*1 day\s*best 1 day/);
    expect(
      await dashboard.getByText('Training days in a row on which you logged your workout. Rest days do not break it; a missed training day does.', { exact: false }).isVisible(),
    ).toBe(true);
    expect(await dashboard.textContent()).toMatch(/Workouts\s*1\s*\/\s*2/);
    // The lists come from their own reads, which may land after the dashboard's.
    const recent = page.getByRole('region', { name: 'Recent' });
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    await expect.poll(() => recent.getByRole('link', { name: /Skipped Day Row Missed 0\/1 sets/ }).isVisible()).toBe(true);
    await expect.poll(() => upcoming.getByRole('link', { name: /Press Day Overhead Press/ }).isVisible()).toBe(true);
    await expect.poll(() => recent.getByRole('link', { name: /Pull Day Deadlift Completed 2\/2 sets/ }).isVisible()).toBe(true);
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await snap(page, 'athlete-training-phone');
  });

  it("takes today from the athlete's profile zone, not the browser's", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: never on the same date.
    const traveller = await signedInUser(t, 'Tala Traveller');
    await linkAthlete(t, coach, traveller);
    const zoned = await t.api('PUT', '/api/profile', { timeZone: 'Pacific/Kiritimati' }, traveller.accessToken);
    expect(zoned.status).toBe(200);
    await settled(t, zoned.body.checkpoint);
    const home = todayIn('Pacific/Kiritimati', new Date());
    const browserDay = todayIn('Pacific/Pago_Pago', new Date());
    await plan(home, [{ exercise_name: 'Front Squat', sets: [{ reps: 5, load: 135 }] }], 'Home Day', traveller);
    await plan(browserDay, [{ exercise_name: 'Push Press', sets: [{ reps: 5, load: 95 }] }], 'Browser Day', traveller);

    const page = await signIn(traveller, PHONE, 'Pacific/Pago_Pago');
    await page.goto(`${t.url}/training`);
    const todayList = page.getByRole('region', { name: 'Today' });
    await expect.poll(() => todayList.getByRole('link', { name: /Home Day Front Squat/ }).isVisible()).toBe(true);
    // The browser's own date is the day before at home: already past, and missed.
    expect(
      await page
        .getByRole('region', { name: 'Recent' })
        .getByRole('link', { name: /Browser Day Push Press Missed/ })
        .isVisible(),
    ).toBe(true);
    expect(await todayList.getByRole('link', { name: /Browser Day/ }).count()).toBe(0);
  });
});
