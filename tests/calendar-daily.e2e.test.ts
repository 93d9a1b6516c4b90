/**
 * The calendar as a coach uses it every day, in real Chromium: whose calendar it is,
 * the way back to Clients, full names on month cards, Escape closing only the
 * innermost layer, the question before unsaved work is discarded, and the phone
 * layout at 390×844 (judged by a screenshot with SCREENSHOT_DIR set).
 * Needs the built app: `npm run build:web`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localToday, longDate } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

async function openCalendar(viewport: { width: number; height: number }): Promise<Page> {
  const page = await e2e.signedInPage(coach, { viewport });
  await page.goto(`${t.url}/calendar/${athlete.user.id}`);
  await page.getByRole('heading', { name: 'Avery Athlete · Workout Calendar' }).waitFor();
  return page;
}

async function plan(date: string, name: string, exercises: string[]) {
  const res = await t.api(
    'POST',
    '/api/manage-workouts',
    { workout: { user_id: athlete.user.id, date, name, exercises: exercises.map((exercise_name) => ({ exercise_name, sets: [{ type: 'standard', reps: 8, load: 135 }] })) } },
    coach.accessToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.server.platform.runner.waitFor(res.body.checkpoint);
}

const today = localToday();
const day = (page: Page, date: string) => page.getByRole('group', { name: longDate(date), exact: true });

describe('the calendar in daily use', () => {
  it("names the athlete, leads back to Clients, and shows a month card's full text on hover", async () => {
    await plan(today, 'Lower Body Strength', ['Romanian Deadlift', 'Bulgarian Split Squat']);
    const page = await openCalendar({ width: 1280, height: 900 });
    const card = day(page, today).getByRole('button', { name: /Lower Body Strength/ });
    await card.waitFor();
    expect(await card.getAttribute('title')).toBe('Lower Body Strength: Romanian Deadlift, Bulgarian Split Squat');

    await page.getByRole('link', { name: 'Back to Clients' }).click();
    await page.waitForURL('**/clients');
    await page.getByRole('heading', { name: 'Your Clients' }).waitFor();
    await page.context().close();
  });

  it('closes only the Exercise Library on Escape, and asks before discarding unsaved changes', async () => {
    const page = await openCalendar({ width: 1280, height: 900 });
    const date = addDays(today, 2);
    await day(page, date)
      .getByRole('button', { name: `Add workout on ${longDate(date)}` })
      .click();
    const editor = page.getByRole('dialog', { name: 'Create Workout' });
    await editor.getByLabel('Workout name').fill('Upper Pull');

    await editor.getByRole('button', { name: 'Exercise Library' }).click();
    const library = page.getByRole('dialog', { name: 'Exercise Library' });
    await library.waitFor();
    // As a coach does it: type a search, Escape clears it, Escape again closes the library.
    await library.getByRole('searchbox').fill('squat');
    await page.keyboard.press('Escape');
    expect(await library.getByRole('searchbox').inputValue()).toBe('');
    await expect.poll(() => library.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => library.isVisible()).toBe(false);
    await expect.poll(() => editor.isVisible()).toBe(true);
    expect(await editor.getByLabel('Workout name').inputValue()).toBe('Upper Pull');

    // Escape on the editor itself: the question comes; "Cancel" keeps the work.
    const questions: string[] = [];
    let answer = false;
    page.on('dialog', (d) => {
      questions.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    await page.keyboard.press('Escape');
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toBe('You have unsaved changes. Close the editor and discard them?');
    await expect.poll(() => editor.isVisible()).toBe(true);
    expect(await editor.getByLabel('Workout name').inputValue()).toBe('Upper Pull');

    answer = true;
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    expect(questions).toHaveLength(2);

    // An untouched editor closes without asking.
    await day(page, date)
      .getByRole('button', { name: `Add workout on ${longDate(date)}` })
      .click();
    await editor.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.isVisible()).toBe(false);
    expect(questions).toHaveLength(2);
    await page.context().close();
  });

  it('shows a phone a readable list of the week, with whole exercise names', async () => {
    await plan(today, 'Conditioning', ['Single Arm Overhead Farmer Carry', 'Push Press']);
    const page = await openCalendar({ width: 390, height: 844 });
    // The week view is the default on a phone.
    await expect.poll(() => page.getByRole('button', { name: 'Week', pressed: true }).isVisible()).toBe(true);
    const cell = day(page, today);
    const exercise = cell.getByText(/^Single Arm Overhead Farmer Carry/);
    await exercise.waitFor();
    // Nothing cut: the name fits its line, and the day cell spans the screen.
    const fits = await exercise.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    const box = await cell.boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(
      await cell
        .getByText(new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }))
        .first()
        .isVisible(),
    ).toBe(true);

    const dir = process.env.SCREENSHOT_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: path.join(dir, 'calendar-phone-390x844.png'), fullPage: false });
    }
    await page.context().close();
  });
});
