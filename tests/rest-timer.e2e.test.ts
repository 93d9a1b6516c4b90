/**
 * The rest timer between sets, in real Chromium on a phone-sized screen, on a fake
 * clock that stands still: it starts when a set is saved, counts from timestamps (so a reload, or a tab
 * the phone put to sleep, keeps the right time), takes +15 s, and at its end says so
 * and vibrates. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { localToday } from './support/ui.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { settled } from './support/coaching.ts';
import type { TestServer } from './support/server.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const timerText = (page: Page) => page.getByRole('region', { name: 'Rest timer' }).locator('.rest-timer__clock').textContent();

describe('the rest timer', () => {
  it('starts when a set is saved, keeps its time through a reload, takes +15 s, and signals the end', async () => {
    const res = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: localToday(),
          name: 'Rest Day Not',
          exercises: [
            {
              exercise_name: 'Deadlift',
              sets: [
                { reps: 5, load: 300 },
                { reps: 5, load: 300 },
              ],
            },
          ],
        },
      },
      coach.accessToken,
    );
    expect(res.status).toBe(201);
    await settled(t, res.body.checkpoint);

    const page = await e2e.signedInPage(athlete, PHONE);
    // What the phone's vibration motor was asked to do.
    await page.addInitScript(() => {
      const w = window as unknown as { vibrations: unknown[] };
      w.vibrations = [];
      Object.defineProperty(navigator, 'vibrate', {
        value: (pattern: unknown) => {
          w.vibrations.push(pattern);
          return true;
        },
      });
    });
    // The page's clock stands still (its timers still run, so it loads and ticks): the
    // rest moves only when the test moves the clock, however slowly the machine runs
    // between two steps (a loaded CI machine let real seconds pass there).
    let now = Date.now();
    const moveClock = (ms: number) => page.clock.setFixedTime((now += ms));
    await page.clock.setFixedTime(now);
    await page.goto(`${t.url}/training/${res.body.id}`);
    const lift = page.getByRole('region', { name: 'A1 Deadlift' });
    await lift.getByLabel('Set 1 reps').fill('5');
    await lift.getByLabel('Set 1 load (lb)').fill('305');
    await lift.getByRole('button', { name: 'Save set 1' }).click();
    await expect.poll(() => timerText(page)).toBe('Rest 1:30');

    await moveClock(40_000);
    await expect.poll(() => timerText(page)).toBe('Rest 0:50');
    // A reload (or a phone waking a sleeping tab) finds the rest where it is.
    await page.reload();
    await expect.poll(() => timerText(page)).toBe('Rest 0:50');

    await page.getByRole('button', { name: '+15 s' }).click();
    await expect.poll(() => timerText(page)).toBe('Rest 1:05');
    await moveClock(66_000);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Rest over — next set' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations)).toEqual([[200, 100, 200]]);

    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByText('The rest timer starts when you save a set.').isVisible()).toBe(true);
    expect(await page.getByRole('timer').count()).toBe(0);
  });
});
