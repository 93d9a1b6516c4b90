/**
 * Settings in real Chromium: reached from the avatar menu; the theme goes to dark and
 * back to system; the header's theme button cycles light → dark → system and agrees
 * with Settings; the coach's branding colours reach the coach's athlete's pages.
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInUser, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { snap } from './support/ui.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer;
beforeAll(async () => {
  ({ server: t } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

const signIn = (email: string, password: string, colorScheme: 'light' | 'dark' = 'light') =>
  e2e.signedInPage({ email, password }, { viewport: { width: 1280, height: 860 }, colorScheme });

const htmlTheme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const storedMode = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('theme-config') ?? '{}').mode);
const themeButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Theme: / });
const brandPrimary = (page: Page) => page.evaluate(() => document.documentElement.style.getPropertyValue('--brand-primary'));

describe('settings', () => {
  it('sets the theme to dark and back to system, and brands the athlete view with the coach colours', async () => {
    const coach = await signedInUser(t, 'Casey Coach');
    const athlete = await signedInUser(t, 'Ari Athlete');
    await linkAthlete(t, coach, athlete);

    const page = await signIn(coach.email, coach.password);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => page.getByRole('heading', { name: 'Settings' }).isVisible()).toBe(true);

    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => htmlTheme(page)).toBe('dark');
    await page.getByRole('radio', { name: /System/ }).check();
    // The browser context prefers light: system mode follows it again.
    await expect.poll(() => htmlTheme(page)).toBe('light');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('theme-config') ?? '{}').mode)).toBe('system');

    await page.getByLabel('Display name').fill('Coach Casey K.');
    await page.getByLabel('Time zone').selectOption('Europe/Berlin');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => page.getByText('Profile saved.').isVisible()).toBe(true);
    const profile = await t.api('GET', '/api/profile', undefined, coach.accessToken);
    expect(profile.body.profile).toMatchObject({ display_name: 'Coach Casey K.', time_zone: 'Europe/Berlin' });

    await page.getByLabel('Primary colour').fill('#0a7d3b');
    await page.getByLabel('Accent colour').fill('#d61f69');
    await page.getByRole('button', { name: 'Save branding' }).click();
    await expect.poll(() => page.getByText('Branding saved. Your athletes see these colours too.').isVisible()).toBe(true);
    await expect.poll(() => brandPrimary(page)).toBe('#0a7d3b');
    await snap(page, 'settings');

    const athletePage = await signIn(athlete.email, athlete.password);
    await expect.poll(() => brandPrimary(athletePage)).toBe('#0a7d3b');
    expect(await athletePage.evaluate(() => document.documentElement.dataset.customBranding)).toBe('true');
  });

  it('cycles the header theme button light → dark → system, system following prefers-color-scheme, in agreement with Settings', async () => {
    const user = await signedInUser(t, 'Theo Theme');
    // The operating system prefers dark.
    const page = await signIn(user.email, user.password, 'dark');

    // Nothing chosen yet: system, which follows the OS into dark.
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: system');
    await expect.poll(() => htmlTheme(page)).toBe('dark');

    await themeButton(page).click();
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: light');
    await expect.poll(() => htmlTheme(page)).toBe('light');
    expect(await storedMode(page)).toBe('light');

    await themeButton(page).click();
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: dark');
    expect(await storedMode(page)).toBe('dark');

    await themeButton(page).click();
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: system');
    expect(await storedMode(page)).toBe('system');
    await expect.poll(() => htmlTheme(page)).toBe('dark');
    // System keeps following the OS when it switches to light.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlTheme(page)).toBe('light');

    // Settings shows what the button chose, and the button what Settings chose.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => page.getByRole('radio', { name: /System/ }).isChecked()).toBe(true);
    await themeButton(page).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Light' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: dark');
    await expect.poll(() => htmlTheme(page)).toBe('dark');

    // The choice is kept across a reload, as Settings keeps it.
    await page.reload();
    await expect.poll(() => themeButton(page).getAttribute('aria-label')).toBe('Theme: dark');
    await expect.poll(() => htmlTheme(page)).toBe('dark');
  });
});
