/**
 * The coach calendar in real Chromium against a real server: building a workout in
 * the editor, copy and paste of a week, delete and Undo (also after a reload), and
 * dragging a workout to another day.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localToday, longDate, snap } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

// ------------------------------------------------------------------ helpers

const monday = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

async function openCalendar(user: User, clientId: string): Promise<Page> {
  // Tall enough for the whole month below the page header: a drag's drop point must be on screen.
  const page = await e2e.signedInPage(user, { viewport: { width: 1280, height: 1400 } });
  await page.goto(`${t.url}/calendar/${clientId}`);
  await page.getByRole('heading', { name: 'Workout Calendar' }).waitFor();
  return page;
}

const day = (page: Page, date: string) => page.getByRole('group', { name: longDate(date), exact: true });

async function plan(date: string, exercise: string, sets = [{ reps: 5, load: 100 }]) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: athlete.user.id, date, exercises: [{ exercise_name: exercise, sets }] } }, coach.accessToken);
  expect(res.status).toBe(201);
  await t.server.platform.runner.waitFor(res.body.checkpoint);
  return res.body.id as string;
}

async function workoutsOn(from: string, to: string) {
  const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${from}&to=${to}`, undefined, coach.accessToken);
  return (res.body.workouts as { id: string; date: string; exercises: { exercise_name: string }[] }[]).map((w) => ({ id: w.id, date: w.date, name: w.exercises[0].exercise_name }));
}

// -------------------------------------------------------------------- tests

describe('the coach calendar in the browser', () => {
  it('builds a workout with bulk entry and a superset, saves it and reopens it intact', async () => {
    const page = await openCalendar(coach, athlete.user.id);
    const today = localToday();
    const cell = day(page, today);
    await cell.getByRole('button', { name: `Add workout on ${longDate(today)}` }).click();
    const editor = page.getByRole('dialog', { name: 'Create Workout' });
    await editor.getByText(longDate(today)).waitFor();
    // Nothing to save yet.
    expect(await editor.getByRole('button', { name: 'Save Workout' }).isDisabled()).toBe(true);

    await editor.getByRole('button', { name: 'Exercise Library' }).click();
    const library = page.getByRole('dialog', { name: 'Exercise Library' });
    for (const name of ['Back Squat (High Bar)', 'Bench Press', 'Barbell Row']) {
      await library.getByLabel('Search exercises').fill(name);
      await library.getByRole('button', { name: `Add ${name}`, exact: true }).click({ timeout: 20_000 });
    }
    await library.getByRole('button', { name: 'Close', exact: true }).click();

    // Bulk entry replaces the squat's one empty set with three.
    const squat = editor.getByRole('group', { name: 'A1 Back Squat (High Bar)' });
    await squat.getByRole('button', { name: 'Bulk Entry' }).click();
    const bulk = squat.getByRole('group', { name: 'Bulk Entry' });
    await bulk.getByLabel('Sets').fill('3');
    await bulk.getByLabel('Reps').fill('5');
    await bulk.getByLabel('Load (lb)').fill('225');
    await bulk.getByRole('button', { name: 'Generate' }).click();
    expect(await squat.getByLabel(/^Set \d+ Reps$/).count()).toBe(3);
    expect(await squat.getByLabel('Set 3 Load (lb)').inputValue()).toBe('225');

    const bench = editor.getByRole('group', { name: 'B1 Bench Press' });
    await bench.getByLabel('Set 1 Reps').fill('8');
    await bench.getByLabel('Set 1 Load (lb)').fill('135');
    await bench.getByRole('button', { name: 'Add Set' }).click();
    expect(await bench.getByLabel('Set 2 Load (lb)').inputValue()).toBe('135');
    await bench.getByLabel('Set 2 type').selectOption('rpe');
    await bench.getByLabel('Set 2 RPE').fill('8');

    // Superset the bench press with the row: B1 and B2.
    expect(await editor.getByRole('button', { name: '+ Superset' }).count()).toBe(2);
    await editor.getByRole('button', { name: '+ Superset' }).nth(1).click();
    const row = editor.getByRole('group', { name: 'B2 Barbell Row' });
    await row.waitFor();
    await row.getByLabel('Set 1 Reps').fill('10');
    expect(await editor.getByRole('button', { name: 'Unlink' }).count()).toBe(1);
    await snap(page, 'editor-built');

    await editor.getByRole('button', { name: 'Save Workout' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    const card = cell.getByRole('article', { name: /Back Squat \(High Bar\), Bench Press, Barbell Row/ });
    await card.waitFor();
    await snap(page, 'calendar-month');

    await card.getByRole('button', { name: / workout$/ }).click();
    const reopened = page.getByRole('dialog', { name: 'Edit Workout' });
    const squatAgain = reopened.getByRole('group', { name: 'A1 Back Squat (High Bar)' });
    await squatAgain.waitFor();
    expect(await squatAgain.getByLabel(/^Set \d+ Reps$/).count()).toBe(3);
    expect(await squatAgain.getByLabel('Set 2 Load (lb)').inputValue()).toBe('225');
    const benchAgain = reopened.getByRole('group', { name: 'B1 Bench Press' });
    expect(await benchAgain.getByLabel('Set 2 type').inputValue()).toBe('rpe');
    expect(await benchAgain.getByLabel('Set 2 RPE').inputValue()).toBe('8');
    expect(await reopened.getByRole('group', { name: 'B2 Barbell Row' }).getByLabel('Set 1 Reps').inputValue()).toBe('10');
    expect(await reopened.getByRole('button', { name: 'Unlink' }).count()).toBe(1);
    expect(await reopened.getByRole('button', { name: 'Update Workout' }).isEnabled()).toBe(true);

    // The history names who created it.
    await reopened.getByText('History').click();
    await expect.poll(() => reopened.getByRole('list', { name: 'Workout history' }).textContent()).toMatch(/Casey Coach created the workout \(3 exercises\)/);
    await reopened.getByRole('button', { name: 'Cancel' }).click();

    // The day view lists each exercise's sets.
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await expect.poll(() => day(page, today).getByText('3 × 5 @ 225 lb').isVisible()).toBe(true);
    await snap(page, 'calendar-day');

    // Analytics over everything planned so far: this one workout.
    const analytics = page.getByRole('region', { name: 'Workout Analytics' });
    await expect.poll(() => analytics.getByLabel('Total Reps value').textContent()).toBe('41');
    expect(await analytics.getByLabel('Average Load/Set value').textContent()).toBe('157.5 lb');
    expect(await analytics.getByLabel('Total Sets value').textContent()).toBe('6');
    await analytics.getByLabel('Volume', { exact: true }).selectOption({ label: 'Total Volume (Reps×Load) (lb)' });
    await expect.poll(() => analytics.getByLabel('Total Volume (Reps×Load) value').textContent()).toBe('5,535 lb');
    await analytics.getByLabel('Exercise', { exact: true }).selectOption('Bench Press');
    await expect.poll(() => analytics.getByLabel('Total Volume (Reps×Load) value').textContent()).toBe('2,160 lb');
    const capacity = page.getByRole('list', { name: 'Sets per intent' });
    expect(await capacity.getByRole('listitem').filter({ hasText: 'Strength' }).textContent()).toMatch(/6 sets \(100%\)/);
    expect(await page.getByRole('table', { name: 'Weekly volume' }).getByRole('row').count()).toBe(9);

    // The date pickers offer only real dates, and years from 5 back to 1 ahead.
    const year = Number(today.slice(0, 4));
    const years = (await analytics.getByLabel('From year').locator('option').allTextContents()).slice(1);
    expect(years).toEqual([-5, -4, -3, -2, -1, 0, 1].map((d) => String(year + d)));
    const plainYear = [year - 1, year - 2, year - 3].find((y) => y % 4 !== 0)!;
    await analytics.getByLabel('From year').selectOption(String(plainYear));
    await analytics.getByLabel('From month').selectOption({ label: 'February' });
    expect(await analytics.getByLabel('From day').locator('option').count()).toBe(1 + 28);
    // Today to today holds the workout; a To before the From is refused.
    await analytics.getByRole('button', { name: 'From: Today' }).click();
    await analytics.getByRole('button', { name: 'To: Today' }).click();
    await expect.poll(() => analytics.getByLabel('Total Volume (Reps×Load) value').textContent()).toBe('2,160 lb');
    await analytics.getByLabel('To year').selectOption(String(year - 1));
    await expect.poll(() => analytics.getByText('The From date must not be after the To date.').isVisible()).toBe(true);
    await analytics.getByRole('button', { name: 'To: Clear' }).click();
    expect(await analytics.getByText('The From date must not be after the To date.').count()).toBe(0);
  });

  it('copies a week and pastes it onto the next one, keeping the days apart', async () => {
    const mon = monday(addDays(localToday(), 21));
    await plan(mon, 'Copy Squat');
    await plan(addDays(mon, 2), 'Copy Bench');
    await plan(addDays(mon, 4), 'Copy Deadlift');
    const page = await openCalendar(coach, athlete.user.id);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next week' }).click();
    await day(page, mon).getByRole('article').waitFor();

    for (const [date, name] of [
      [mon, 'Copy Squat'],
      [addDays(mon, 2), 'Copy Bench'],
      [addDays(mon, 4), 'Copy Deadlift'],
    ] as const) {
      await day(page, date)
        .getByRole('article', { name: `Workout: ${name}` })
        .getByRole('button', { name: 'Select', exact: true })
        .click();
    }
    const bar = page.getByRole('region', { name: 'Selection' });
    await expect.poll(() => bar.textContent()).toMatch(/3 workouts selected/);
    // Selection mode puts Delete in the top navigation too.
    await expect.poll(() => page.getByRole('banner').getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    await snap(page, 'calendar-week-selection');
    await bar.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => bar.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Next week' }).click();
    const next = addDays(mon, 7);
    await day(page, next)
      .getByRole('button', { name: `Paste on ${longDate(next)}` })
      .click();
    for (const [date, name] of [
      [next, 'Copy Squat'],
      [addDays(next, 2), 'Copy Bench'],
      [addDays(next, 4), 'Copy Deadlift'],
    ] as const) {
      await expect
        .poll(() =>
          day(page, date)
            .getByRole('article', { name: `Workout: ${name}` })
            .count(),
        )
        .toBe(1);
    }
    const pasted = await workoutsOn(next, addDays(next, 6));
    expect(pasted.map((w) => [w.date, w.name])).toEqual([
      [next, 'Copy Squat'],
      [addDays(next, 2), 'Copy Bench'],
      [addDays(next, 4), 'Copy Deadlift'],
    ]);
    // The clipboard is emptied by the paste; the originals stay.
    await expect.poll(() => page.getByRole('button', { name: /^Paste on / }).count()).toBe(0);
    expect(await workoutsOn(mon, addDays(mon, 6))).toHaveLength(3);
  });

  it('deletes selected workouts and brings them back with Undo, even after a reload', async () => {
    const mon = monday(addDays(localToday(), 42));
    const ids = [await plan(mon, 'Undo Squat'), await plan(addDays(mon, 1), 'Undo Bench')];
    const page = await openCalendar(coach, athlete.user.id);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Next week' }).click();
    await day(page, mon).getByRole('article', { name: 'Workout: Undo Squat' }).getByRole('button', { name: 'Select', exact: true }).click();
    await day(page, addDays(mon, 1)).getByRole('article', { name: 'Workout: Undo Bench' }).getByRole('button', { name: 'Select', exact: true }).click();

    const nav = page.getByRole('banner');
    expect(await nav.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('article', { name: /Undo (Squat|Bench)/ }).count()).toBe(0);
    await nav.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await workoutsOn(mon, addDays(mon, 6))).toHaveLength(0);

    await page.reload();
    await page.getByRole('heading', { name: 'Workout Calendar' }).waitFor();
    await nav.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => nav.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    const back = await workoutsOn(mon, addDays(mon, 6));
    expect(back.map((w) => w.id).sort()).toEqual([...ids].sort());
    expect(back.map((w) => w.date)).toEqual([mon, addDays(mon, 1)]);
  });

  it('moves a workout to the day it is dropped on', async () => {
    const from = monday(localToday());
    const to = addDays(from, 3);
    const id = await plan(from, 'Drag Lunge');
    const page = await openCalendar(coach, athlete.user.id);
    const card = day(page, from).getByRole('article', { name: 'Workout: Drag Lunge' });
    await card.dragTo(day(page, to));
    await expect.poll(() => day(page, to).getByRole('article', { name: 'Workout: Drag Lunge' }).count()).toBe(1);
    expect(await day(page, from).getByRole('article', { name: 'Workout: Drag Lunge' }).count()).toBe(0);
    await expect.poll(async () => (await workoutsOn(from, to)).find((w) => w.id === id)?.date).toBe(to);
  });
});
