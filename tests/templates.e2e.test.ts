/**
 * Program templates in real Chromium against a real server: a 2-week template built
 * with the calendar's workout editor (exercise library included), copy/paste and a
 * drag to another day, saved, reloaded, loaded from the Manager, assigned to a
 * linked athlete from next Monday; the coach lands on the highlighted calendar,
 * the athlete (a second browser context) sees the workouts arrive live and gets
 * the e-mail. Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localToday, snap } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { outboxMails } from './support/outbox.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const signIn = (user: User) => e2e.signedInPage(user, { viewport: { width: 1400, height: 1000 }, landing: (url) => !url.pathname.startsWith('/signin') });

/** Next Monday after today (never today). */
function nextMonday(today: string): string {
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, 7 - weekday);
}

async function addWorkout(page: Page, dayLabel: string, name: string, exercise: string, reps: string, load: string) {
  await page.getByRole('button', { name: `Add workout on ${dayLabel}`, exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'New Template Workout' });
  await editor.getByLabel('Workout name').fill(name);
  await editor.getByRole('button', { name: 'Exercise Library' }).click();
  const library = page.getByRole('dialog', { name: 'Exercise Library' });
  await library.getByLabel('Search exercises').fill(exercise);
  await library.getByRole('button', { name: `Add ${exercise}`, exact: true }).click({ timeout: 20_000 });
  await library.getByRole('button', { name: 'Close', exact: true }).click();
  const group = editor.getByRole('group', { name: new RegExp(`^A1 ${exercise.replace(/[()]/g, '\\$&')}$`) });
  await group.getByLabel('Set 1 Reps').fill(reps);
  await group.getByLabel('Set 1 Load (lb)').fill(load);
  await editor.getByRole('button', { name: 'Save Workout' }).click();
  await expect.poll(() => editor.isVisible()).toBe(false);
}

const dayCell = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

describe('program templates in the browser', () => {
  it('builds, saves, reloads, loads and assigns a 2-week template; the athlete sees it live and is mailed', async () => {
    const page = await signIn(coach);
    await page.goto(`${t.url}/program-templates`);
    await page.getByRole('heading', { name: 'Program Templates', level: 1 }).waitFor();
    // Help explains the builder on a page of its own.
    await page.getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { name: 'Program templates: help' }).waitFor();
    await page.getByRole('link', { name: 'Back to Program Templates' }).click();
    // Nothing saved yet: the Manager says so.
    await page.getByRole('tab', { name: 'Manager' }).click();
    await page.getByText('No templates found. Create your first program template!').waitFor();
    await page.getByRole('button', { name: 'Create First Template' }).click();
    expect(await page.getByRole('tab', { name: 'Builder' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'New Program Template' }).waitFor();
    expect(await page.getByRole('button', { name: 'Assign to Athlete' }).isDisabled()).toBe(true);
    await expect.poll(() => dayCell(page, 'Week 1 Mon (day 1)').getByText('Rest Day').isVisible()).toBe(true);

    await addWorkout(page, 'Week 1 Mon (day 1)', 'Lower A', 'Back Squat (High Bar)', '5', '225');
    await addWorkout(page, 'Week 1 Thu (day 4)', 'Upper A', 'Bench Press', '8', '135');
    const lower = dayCell(page, 'Week 1 Mon (day 1)').getByRole('article', { name: 'Template workout: Lower A' });
    await lower.waitFor();
    await expect.poll(() => lower.getByText('1 exercise').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Unsaved changes').isVisible()).toBe(true);

    // Copy Lower A and paste it on Monday of week 2.
    await lower.getByRole('button', { name: 'Copy Lower A' }).click();
    await page.getByRole('button', { name: 'Paste on Week 2 Mon (day 8)' }).click();
    await dayCell(page, 'Week 2 Mon (day 8)').getByRole('article', { name: 'Template workout: Lower A' }).waitFor();

    // Drag Upper A from Thursday to Friday: it moves.
    await dayCell(page, 'Week 1 Thu (day 4)').getByRole('article', { name: 'Template workout: Upper A' }).dragTo(dayCell(page, 'Week 1 Fri (day 5)'));
    await dayCell(page, 'Week 1 Fri (day 5)').getByRole('article', { name: 'Template workout: Upper A' }).waitFor();
    await expect.poll(() => dayCell(page, 'Week 1 Thu (day 4)').getByText('Rest Day').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('3 days · 3 workouts · 2 weeks').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Total: 3 sets planned').isVisible()).toBe(true);

    // Reopening a template workout shows what was built, in the calendar's editor.
    await lower.getByRole('button', { name: 'Edit Lower A' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Template Workout' });
    expect(await editor.getByRole('group', { name: 'A1 Back Squat (High Bar)' }).getByLabel('Set 1 Load (lb)').inputValue()).toBe('225');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await snap(page, 'templates-builder');

    await page.getByRole('button', { name: 'Save Template' }).click();
    const form = page.getByRole('dialog', { name: 'Save Template' });
    await form.getByLabel('Template Name *').fill('Two Week Base');
    await form.getByLabel('Category').selectOption('strength');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Template saved.').waitFor();
    expect(await page.getByText('Unsaved changes').count()).toBe(0);

    // A reload starts empty; the Manager loads the saved template back.
    await page.reload();
    await page.getByRole('heading', { name: 'New Program Template' }).waitFor();
    await page.getByRole('tab', { name: 'Manager' }).click();
    const card = page.getByRole('article', { name: 'Template Two Week Base' });
    await card.waitFor();
    await expect.poll(() => card.getByText('8 days · 3 workouts', { exact: false }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Load' }).click();
    await dayCell(page, 'Week 2 Mon (day 8)').getByRole('article', { name: 'Template workout: Lower A' }).waitFor();
    await dayCell(page, 'Week 1 Fri (day 5)').getByRole('article', { name: 'Template workout: Upper A' }).waitFor();

    // The athlete follows their training in another browser.
    const athletePage = await signIn(athlete);
    await athletePage.goto(`${t.url}/training`);
    await athletePage.getByRole('heading', { name: 'My Training' }).waitFor();
    expect(await athletePage.getByText(/Lower A/).count()).toBe(0);

    const start = nextMonday(localToday());
    await page.getByRole('button', { name: 'Assign to Athlete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Program Template' });
    await dialog.getByLabel('Athlete').selectOption({ label: 'Avery Athlete' });
    await dialog.getByLabel('Start Date').fill(start);
    await dialog.getByText(`Program will run from ${start} to ${addDays(start, 7)}`).waitFor();
    await dialog.getByText("This will create 3 new workouts in the athlete's calendar. Existing workouts on those dates will not be affected.").waitFor();
    await dialog.getByText('... and 1 more days').waitFor();
    await dialog.getByRole('button', { name: 'Assign Program' }).click();

    await page.waitForURL(`**/calendar/${athlete.user.id}?date=${start}&highlight=assigned`);
    const assigned = page.getByRole('article', { name: /Workout: Lower A/ }).first();
    await assigned.waitFor();
    await expect.poll(() => assigned.getAttribute('data-highlighted')).toBe('true');
    await expect.poll(() => assigned.getByText('Template: Two Week Base').isVisible()).toBe(true);
    await page.getByRole('article', { name: 'Program Two Week Base' }).waitFor();
    await snap(page, 'templates-assigned-calendar');

    // Live on the athlete's page, without a reload.
    await athletePage
      .getByRole('link', { name: /Lower A/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await athletePage
      .getByRole('link', { name: /Upper A/ })
      .first()
      .waitFor();

    let mails: Awaited<ReturnType<typeof outboxMails>> = [];
    await expect
      .poll(async () => {
        mails = (await outboxMails(t.outboxDir)).filter((m) => m.to === athlete.email && /Two Week Base/.test(m.subject));
        return mails.length;
      })
      .toBe(1);
    const longDate = (d: string) => new Date(`${d}T00:00:00Z`).toUTCString().replace(/^(\w+), 0?(\d+) (\w+) (\d+).*$/, '$1 $2 $3 $4');
    expect(mails[0].subject).toBe(`New workouts from Casey Coach: Two Week Base, 3 workouts from ${longDate(start)} to ${longDate(addDays(start, 7))}`);
  }, 120_000);
});
