/** The exercise library page, in real Chromium against a real server serving web/dist. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadConfig } from '../src/platform/config.ts';
import { catalogueEntries } from '../src/library/catalogue-loader.ts';
import { signedInUser, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer;
beforeAll(async () => {
  if (!fs.existsSync(loadConfig().webDistDir)) throw new Error('web/dist is missing: run `npx vite build --config web/vite.config.ts` first.');
  ({ server: t } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

const CATALOGUE = catalogueEntries.length;
const VIDEO_ID = 'dQw4w9WgXcQ';

/** A new coach, signed in through the sign-in form, on the library page. */
async function openLibrary(): Promise<{ page: Page; user: Awaited<ReturnType<typeof signedInUser>> }> {
  const user = await signedInUser(t, 'Library Coach');
  const page = await e2e.signedInPage(user, { viewport: { width: 1280, height: 900 } });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  await page.waitForURL('**/library');
  return { page, user };
}

// Generous (expect.poll waits 1 s by default): failed loads are retried with back-off first, and CI machines are busy.
const WAIT = 20_000;
async function visible(page: Page, text: string | RegExp): Promise<void> {
  try {
    await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: WAIT }).toBe(true);
  } catch (error) {
    // Say what the page showed instead: far quicker to act on than "expected false to be true".
    const shown = await page
      .locator('main')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`"${String(text)}" did not appear; the page showed:\n${shown.slice(0, 2000)}`, { cause: error });
  }
}
const count = (page: Page, found: number, of: number) => visible(page, `Found ${found} of ${of} exercises`);

describe('the exercise library page', () => {
  it('adds an exercise with a video, finds it by search and filter, edits and deletes it', async () => {
    const { page, user } = await openLibrary();
    await count(page, CATALOGUE, CATALOGUE);
    await expect.poll(() => page.getByRole('heading', { name: 'Exercise Library', level: 1 }).isVisible()).toBe(true);

    // Catalogue cards are read-only.
    const search = page.getByLabel('Search exercises');
    await search.fill('bench press');
    const bench = page.getByRole('article', { name: 'Bench Press', exact: true });
    await expect.poll(() => bench.isVisible(), { timeout: WAIT }).toBe(true);
    await expect.poll(() => bench.getByText('Catalogue').isVisible()).toBe(true);
    expect(await bench.getByRole('button').count()).toBe(0);

    // Add: the name is required, a bad link is refused before the round trip, a good one previews.
    await page.getByRole('button', { name: 'Add New Exercise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Exercise' });
    await dialog.getByRole('button', { name: 'Save Exercise' }).click();
    await visible(page, 'Exercise must have a name.');
    await dialog.getByLabel('Name').fill('Tempo Zercher Squat');
    await dialog.getByLabel('Movement pattern').selectOption('Squat');
    await dialog.getByRole('checkbox', { name: 'Quadriceps' }).check();
    await dialog.getByRole('checkbox', { name: 'Core' }).check();
    await dialog.getByRole('group', { name: 'Joints' }).getByRole('checkbox', { name: 'Knee' }).check();
    await dialog.getByLabel('Use case').fill('Upper-back and trunk strength in a squat.');
    const url = dialog.getByLabel('YouTube URL');
    await url.fill('https://vimeo.com/12345');
    await url.blur();
    await visible(page, 'Enter a YouTube watch, embed or youtu.be link with an 11-character video id.');
    await url.fill(`https://youtu.be/${VIDEO_ID}`);
    const preview = dialog.locator('iframe[title="Preview of Tempo Zercher Squat video"]');
    expect(await preview.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
    await dialog.getByRole('button', { name: 'Save Exercise' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: WAIT }).toBe(false);

    // Search (debounced) and Escape to clear.
    await search.fill('zercher');
    await count(page, 2, CATALOGUE + 1);
    const card = page.getByRole('article', { name: 'Tempo Zercher Squat' });
    await expect.poll(() => card.getByText('Mine').isVisible()).toBe(true);
    const video = card.locator('iframe[title="Tempo Zercher Squat video"]');
    expect(await video.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${VIDEO_ID}`);
    expect(await video.getAttribute('loading')).toBe('lazy');
    await search.press('Escape');
    expect(await search.inputValue()).toBe('');
    await count(page, CATALOGUE + 1, CATALOGUE + 1);

    // Filters: muscle group and movement pattern, then Clear Filters.
    await page.getByLabel('Muscle group').selectOption('Core');
    await page.getByLabel('Movement pattern', { exact: true }).selectOption('Squat');
    const coreSquats = catalogueEntries.filter((e) => e.pattern === 'Squat' && e.muscles.includes('Core')).length + 1;
    await count(page, coreSquats, CATALOGUE + 1);
    await expect.poll(() => page.getByRole('article').count(), { timeout: WAIT }).toBe(coreSquats);
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: 'Goblet Squat' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await count(page, CATALOGUE + 1, CATALOGUE + 1);

    // Nothing matches.
    await search.fill('no such exercise anywhere');
    await visible(page, 'No exercises found matching your criteria.');
    await search.fill('');

    // Edit.
    await page.getByRole('button', { name: 'Edit Tempo Zercher Squat' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Exercise' });
    expect(await edit.getByLabel('Name').inputValue()).toBe('Tempo Zercher Squat');
    expect(await edit.getByRole('checkbox', { name: 'Quadriceps' }).isChecked()).toBe(true);
    await edit.getByLabel('Name').fill('Paused Zercher Squat');
    await edit.getByRole('button', { name: 'Update Exercise' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Paused Zercher Squat' }).isVisible(), { timeout: WAIT }).toBe(true);
    expect(await page.getByRole('article', { name: 'Tempo Zercher Squat' }).count()).toBe(0);

    // Delete, after a confirmation that can be cancelled.
    await page.getByRole('button', { name: 'Delete Paused Zercher Squat' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete exercise?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Paused Zercher Squat' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Delete Paused Zercher Squat' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await count(page, CATALOGUE, CATALOGUE);
    expect(await page.getByRole('article', { name: 'Paused Zercher Squat' }).count()).toBe(0);

    const left = await t.api('GET', '/api/get-exercises?search=zercher', undefined, user.accessToken);
    expect(left.body.exercises.map((e: { name: string }) => e.name)).toEqual(['Zercher Squat']);
    await page.context().close();
  });

  it("shows the spec's texts when loading, saving or deleting fails", async () => {
    const { page, user } = await openLibrary();
    await count(page, CATALOGUE, CATALOGUE);

    // Saving: the server's own text after "Error: ".
    await page.route('**/api/manage-exercise', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 409, json: { error: 'Someone else changed this at the same time.' } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add New Exercise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Exercise' });
    await dialog.getByLabel('Name').fill('Doomed Row');
    await dialog.getByRole('button', { name: 'Save Exercise' }).click();
    await visible(page, 'Error: Someone else changed this at the same time.');
    // No answer at all.
    await page.unroute('**/api/manage-exercise');
    await page.route('**/api/manage-exercise', (route) => (route.request().method() === 'POST' ? route.abort('connectionrefused') : route.fallback()));
    await dialog.getByRole('button', { name: 'Save Exercise' }).click();
    await visible(page, 'Error saving exercise');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.unroute('**/api/manage-exercise');

    // Deleting: "Delete failed: {error}".
    const created = await t.api('POST', '/api/manage-exercise', { name: 'Stubborn Curl' }, user.accessToken);
    await page.getByLabel('Search exercises').fill('stubborn');
    await page.getByRole('button', { name: 'Delete Stubborn Curl' }).click({ timeout: 20_000 });
    await page.route('**/api/manage-exercise', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 403, json: { error: 'You can only edit or delete exercises you created.' } }) : route.fallback(),
    );
    await page.getByRole('dialog', { name: 'Delete exercise?' }).getByRole('button', { name: 'Delete' }).click();
    await visible(page, 'Delete failed: You can only edit or delete exercises you created.');
    await page.getByRole('dialog', { name: 'Delete exercise?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(created.status).toBe(201);

    // Loading: a server error, then no connection.
    await page.route('**/api/get-exercises**', (route) => route.fulfill({ status: 500, json: { error: 'boom' } }));
    await page.reload();
    await visible(page, 'Failed to load exercises. Please try refreshing the page.');
    await page.unroute('**/api/get-exercises**');
    await page.route('**/api/get-exercises**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await visible(page, 'Network error loading exercises. Please check your connection and try again.');
    await page.context().close();
  });
});
