/**
 * The workout editor's Exercise Library overlay, in real Chromium, before the
 * editor exists: the test bundles a tiny page that mounts the overlay (Vite, with
 * the page as a virtual module, so no test code ships in web/) and serves it
 * through Playwright on the test server's origin, where the session and
 * /api/get-exercises are real.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { projectRoot } from '../src/platform/config.ts';
import { signedInUser, type TestServer } from './support/server.ts';
import { startE2E, type E2E, type TestUser } from './support/e2e.ts';

const BASE = '/__overlay-harness/';
const webSrc = path.join(projectRoot, 'web', 'src');
// A path inside web/src (never written): bare imports resolve from the project's node_modules.
const HARNESS = path.join(webSrc, '__overlay-harness__.tsx');
const HARNESS_SOURCE = `
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './lib/react-query';
import { ExerciseLibraryOverlay, type PickedExercise } from './components/exercise-library-overlay/exercise-library-overlay';
import './styles/tokens.css';
import './styles/base.css';
import './styles/patterns.css';

function Harness() {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<PickedExercise[]>([]);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>Exercise Library</button>
      <ul aria-label="Picked">{picked.map((p, i) => <li key={i}>{JSON.stringify(p)}</li>)}</ul>
      <ExerciseLibraryOverlay open={open} onClose={() => setOpen(false)} onPick={(p) => setPicked((all) => [...all, p])} />
    </main>
  );
}
const client = createQueryClient();
createRoot(document.getElementById('root')!).render(<StrictMode><QueryClientProvider client={client}><Harness /></QueryClientProvider></StrictMode>);
`;

function harnessPlugin(): Plugin {
  return {
    name: 'overlay-harness',
    resolveId: (id) => (id === HARNESS ? HARNESS : null),
    load: (id) => (id === HARNESS ? HARNESS_SOURCE : null),
  };
}

let e2e: E2E, t: TestServer;
let outDir: string;
let user: TestUser;

beforeAll(async () => {
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'overlay-harness-'));
  // Also proves that Vite bundles the overlay's imports from src/domain (guessIntent, parseYouTubeId).
  await build({
    configFile: false,
    root: path.join(projectRoot, 'web'),
    base: BASE,
    logLevel: 'error',
    plugins: [react(), harnessPlugin()],
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: HARNESS, output: { entryFileNames: 'harness.js', assetFileNames: 'harness[extname]' } },
    },
  });
  ({ server: t } = e2e = await startE2E());
  user = await signedInUser(t, 'Overlay Coach');
}, 180_000);
afterAll(async () => {
  await e2e?.close();
  if (outDir) await fs.rm(outDir, { recursive: true, force: true });
});

/** The harness page on the server's origin, with the user's session in place. */
async function openHarness(): Promise<Page> {
  const page = await e2e.signedInPage(user);
  await page.route(`**${BASE}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.slice(BASE.length);
    if (!file) {
      const css = (await fs.readdir(outDir)).some((f) => f === 'harness.css') ? `<link rel="stylesheet" href="${BASE}harness.css">` : '';
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><head>${css}</head><body><div id="root"></div><script type="module" src="${BASE}harness.js"></script></body></html>`,
      });
    }
    return route.fulfill({ path: path.join(outDir, path.basename(file)) });
  });
  await page.goto(`${t.url}${BASE}`);
  return page;
}

// expect.poll waits 1 s by default; a busy CI machine needs longer.
const WAIT = 20_000;

const picked = async (page: Page) => (await page.getByRole('list', { name: 'Picked' }).getByRole('listitem').allTextContents()).map((s) => JSON.parse(s));

describe('the Exercise Library overlay', () => {
  it('searches, filters, previews videos and picks with the guessed intent', async () => {
    await t.api(
      'POST',
      '/api/manage-exercise',
      { name: 'Overlay Video Lunge', pattern: 'Lunge', muscles: ['Glutes'], youtube_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' },
      user.accessToken,
    );
    const page = await openHarness();
    // Hold every load until the loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/get-exercises**', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Exercise Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exercise Library' });
    await expect.poll(() => dialog.getByText('Loading exercises...').isVisible(), { timeout: WAIT }).toBe(true);
    release();
    await expect.poll(() => dialog.getByRole('button', { name: 'Add Overlay Video Lunge' }).isVisible(), { timeout: WAIT }).toBe(true);

    const search = dialog.getByLabel('Search exercises');
    expect(await search.evaluate((el) => el === document.activeElement)).toBe(true);
    await search.fill('box jump');
    await dialog.getByRole('button', { name: 'Add Box Jump', exact: true }).click({ timeout: 20_000 });
    expect(await picked(page)).toEqual([{ name: 'Box Jump', muscles: ['Quadriceps', 'Glutes', 'Calves'], pattern: 'Jump', intent: 'power' }]);

    // Escape clears the search and leaves the overlay open.
    await search.press('Escape');
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => dialog.isVisible()).toBe(true);

    await dialog.getByLabel('Movement pattern').selectOption('Hinge');
    await dialog.getByLabel('Muscle group').selectOption('Hamstrings');
    await search.fill('romanian');
    await dialog.getByRole('button', { name: 'Add Romanian Deadlift' }).click({ timeout: 20_000 });
    expect((await picked(page))[1]).toMatchObject({ name: 'Romanian Deadlift', pattern: 'Hinge', intent: 'strength' });
    const rows = await dialog.getByRole('list', { name: 'Exercises' }).getByRole('listitem').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes('Hinge') && row.includes('Hamstrings'))).toBe(true);

    await search.fill('nothing like this exists');
    await expect.poll(() => dialog.getByText('No exercises found matching your criteria.').isVisible(), { timeout: WAIT }).toBe(true);

    await dialog.getByRole('button', { name: 'Clear Filters' }).click();
    await search.fill('overlay video');
    await dialog.getByRole('button', { name: 'Video for Overlay Video Lunge' }).click({ timeout: 20_000 });
    const video = dialog.locator('iframe[title="Overlay Video Lunge video"]');
    expect(await video.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');

    // Escape on an empty search closes the overlay.
    await search.fill('');
    await search.press('Escape');
    await expect.poll(() => dialog.isVisible(), { timeout: WAIT }).toBe(false);
    await page.context().close();
  });

  it('falls back to 18 common exercises when the library cannot be loaded, and says so', async () => {
    const page = await openHarness();
    await page.route('**/api/get-exercises**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Exercise Library' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exercise Library' });
    await expect.poll(() => dialog.getByText('Network error loading exercises. Please check your connection and try again.').isVisible(), { timeout: WAIT }).toBe(true);
    await expect.poll(() => dialog.getByText('Showing 18 common exercises instead.').isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: /^Add / }).count()).toBe(18);

    await dialog.getByLabel('Movement pattern').selectOption('Hinge');
    expect(await dialog.getByRole('button', { name: /^Add / }).count()).toBe(5);
    await dialog.getByRole('button', { name: 'Add Deadlift', exact: true }).click();
    expect(await picked(page)).toEqual([{ name: 'Deadlift', muscles: ['Hamstrings', 'Glutes', 'Back', 'Forearms'], pattern: 'Hinge', intent: 'strength' }]);

    // Back online: Try again loads the real library, keeping the filters.
    await page.unroute('**/api/get-exercises**');
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Add Sumo Deadlift' }).isVisible(), { timeout: WAIT }).toBe(true);
    expect(await dialog.getByText('Showing 18 common exercises instead.').count()).toBe(0);
    await page.context().close();
  });
});
