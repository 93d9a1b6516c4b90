/**
 * The keyboard alone, in real Chromium: a coach plans a workout from the calendar with
 * Tab, Enter, typing and Escape (no mouse, no focusing by script), every element the
 * flow focuses shows a focus indicator, and with reduced motion asked for by the
 * operating system the app's transitions and animations are off.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { localToday, longDate } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** How the focused element shows it has focus: an outline of 2 px or more, or a box-shadow ring of 2 px or more. */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = /0px 0px 0px ([2-9]|\d\d)px/.test(style.boxShadow);
    const label = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent?.trim().slice(0, 40) ?? '';
    // The page itself (nothing focused, e.g. while a part re-renders) is not a focus stop.
    const page = el === document.body || el === document.documentElement;
    return {
      element: `${el.tagName.toLowerCase()} "${label}" (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`,
      visible: outline || ring || page,
    };
  });

/**
 * Presses Tab until `target` has focus (at most `limit` times), checking on the way
 * that every element reached shows its focus.
 */
async function tabTo(page: Page, target: Locator, limit = 400) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const indicator = await focusIndicator(page);
    expect(indicator, `focus not visible on ${indicator.element}`).toMatchObject({ visible: true });
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

describe('the keyboard alone', () => {
  it('plans a workout from the calendar: open a day, add an exercise, fill a set, save', async () => {
    const today = localToday();
    // Reduced motion: a focus ring is read as it is drawn, not halfway through its transition.
    const page = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 860 }, reducedMotion: 'reduce' });
    await page.goto(`${t.url}/calendar/${athlete.user.id}`);
    await page.getByRole('heading', { name: 'Workout Calendar' }).waitFor();
    const cell = page.getByRole('group', { name: longDate(today), exact: true });

    await tabTo(page, cell.getByRole('button', { name: `Add workout on ${longDate(today)}` }));
    await page.keyboard.press('Enter');
    const editor = page.getByRole('dialog', { name: 'Create Workout' });
    await editor.getByText(longDate(today)).waitFor();

    await tabTo(page, editor.getByRole('button', { name: 'Exercise Library' }));
    await page.keyboard.press('Enter');
    const library = page.getByRole('dialog', { name: 'Exercise Library' });
    const search = library.getByLabel('Search exercises');
    // The search field takes the focus as the library opens.
    await expect.poll(() => isFocused(search)).toBe(true);
    await page.keyboard.type('Front Squat');
    const add = library.getByRole('button', { name: 'Add Front Squat', exact: true });
    await add.waitFor({ timeout: 20_000 });
    await tabTo(page, add);
    await page.keyboard.press('Enter');
    await editor.getByRole('group', { name: 'A1 Front Squat' }).waitFor();
    // Escape closes only the library: the editor stays open.
    await page.keyboard.press('Escape');
    await library.waitFor({ state: 'hidden' });
    await expect.poll(() => editor.isVisible()).toBe(true);

    const squat = editor.getByRole('group', { name: 'A1 Front Squat' });
    await tabTo(page, squat.getByLabel('Set 1 Reps'));
    await page.keyboard.type('5');
    await tabTo(page, squat.getByLabel('Set 1 Load (lb)'));
    await page.keyboard.type('135');
    await tabTo(page, editor.getByRole('button', { name: 'Save Workout' }));
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'hidden' });

    await cell.getByRole('article', { name: /Front Squat/ }).waitFor();
    const saved = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${today}&to=${today}`, undefined, coach.accessToken);
    expect(saved.body.workouts.map((w: { exercises: { exercise_name: string; sets: { reps: number; load: number }[] }[] }) => w.exercises)).toEqual([
      [expect.objectContaining({ exercise_name: 'Front Squat', sets: [expect.objectContaining({ reps: 5, load: 135 })] })],
    ]);
    await page.context().close();
  });

  it('turns transitions and animations off when the system asks for reduced motion', async () => {
    const durations = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 860 }, reducedMotion });
      const button = page.getByRole('button', { name: 'Add Client' }).first();
      await button.waitFor();
      const transition = await button.evaluate((el) => getComputedStyle(el).transitionDuration);
      // The avatar menu slides in: an animation, present while it is open.
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
      const animation = await page.getByRole('menu').evaluate((el) => getComputedStyle(el).animationDuration);
      await page.context().close();
      return { transition: transition.split(', ').map(parseFloat), animation: parseFloat(animation) };
    };
    const moving = await durations('no-preference');
    expect(Math.min(...moving.transition)).toBeGreaterThanOrEqual(0.1);
    expect(moving.animation).toBeGreaterThanOrEqual(0.1);
    const still = await durations('reduce');
    expect(Math.max(...still.transition)).toBeLessThanOrEqual(0.001);
    expect(still.animation).toBeLessThanOrEqual(0.001);
  });
});
