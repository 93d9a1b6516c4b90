/**
 * Export and import in real Chromium: the athlete downloads their history from
 * Settings → Your data (Strong's header), imports a Strong file through its preview
 * (counts, dates, exercise mapping) and confirms; the coach's calendar then shows
 * the imported workout with its "Imported" badge. Needs the built app: `npm run build:web`.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoachingE2E, type CoachingE2E } from './support/e2e.ts';

const STRONG_HEADER = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';
const fixture = fileURLToPath(new URL('./fixtures/strong.csv', import.meta.url));

let e2e: CoachingE2E;
beforeAll(async () => {
  e2e = await startCoachingE2E();
});
afterAll(() => e2e?.close());

const viewport = { width: 1280, height: 1200 };
const anywhere = (url: URL) => !url.pathname.startsWith('/signin');

describe('export and import from the web', () => {
  it('downloads a Strong CSV, imports a Strong file after its preview, and the coach sees the workouts marked Imported', async () => {
    const { athlete, coach, server: t } = e2e;
    const page = await e2e.signedInPage(athlete, { viewport, landing: anywhere });
    await page.goto(`${t.url}/settings`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your data' }).isVisible()).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Training history (Strong CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('spotter-workouts-strong.csv');
    const exported = await readFile(await download.path(), 'utf8');
    expect(exported.split(/\r?\n/)[0]).toBe(STRONG_HEADER);

    await page.getByLabel('Import from Strong or Hevy (CSV file)').setInputFiles(fixture);
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect.poll(() => preview.isVisible()).toBe(true);
    const count = (label: string) =>
      preview
        .locator('dl div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .innerText();
    expect(await count('Workouts')).toBe('2');
    expect(await count('Sets')).toBe('11');
    expect(await count('Dates')).toBe('2024-03-01 to 2024-03-03');
    await expect.poll(() => preview.getByRole('row', { name: /Bench Press \(Barbell\)/ }).isVisible()).toBe(true);
    // Every name of the file has a choice: a library exercise, or a new custom one.
    expect(await preview.getByRole('combobox').count()).toBe(5);
    // A name the library lacks becomes a custom exercise unless mapped: a look-alike is offered, not picked.
    expect(await preview.getByLabel('Map Running').inputValue()).toBe('create');
    expect(await preview.getByLabel('Map Bench Press (Barbell)').inputValue()).toBe('create');
    // By hand: the file's bench press is the library's Bench Press.
    await preview.getByLabel('Map Bench Press (Barbell)').selectOption({ label: 'Bench Press (similar)' });
    // The dry run wrote nothing.
    const march = () => t.api('GET', '/api/athlete/workouts?from=2024-03-01&to=2024-03-31', undefined, athlete.accessToken);
    expect(JSON.stringify((await march()).body)).not.toContain('Upper A');

    await page.getByRole('button', { name: 'Import 2 workouts' }).click();
    await expect.poll(() => page.getByText('Imported 2 workouts, 11 sets.').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(JSON.stringify((await march()).body)).toContain('Upper A');
    const library = await t.api('GET', '/api/get-exercises?search=Running', undefined, athlete.accessToken);
    expect(library.body.exercises.map((e: { name: string; created_by: string | null }) => [e.name, e.created_by])).toContainEqual(['Running', athlete.user.id]);

    // The same file again: the preview already knows, and nothing is added.
    await page.getByLabel('Import from Strong or Hevy (CSV file)').setInputFiles(fixture);
    await expect.poll(() => page.getByRole('button', { name: 'Nothing new to import' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Nothing new to import' }).isDisabled()).toBe(true);

    const coachPage = await e2e.signedInPage(coach, { viewport });
    await coachPage.goto(`${t.url}/calendar/${athlete.user.id}?date=2024-03-01`);
    const card = coachPage.getByRole('article', { name: /^Workout: Upper A/ });
    await expect.poll(() => card.isVisible(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => card.getByText('Imported', { exact: true }).isVisible()).toBe(true);
    expect(await card.innerText()).toContain('Bench Press');
    expect(await card.innerText()).not.toContain('Bench Press (Barbell)');
    await expect.poll(() => card.getByRole('button', { name: /^Upper A .*Imported .*workout$/ }).isVisible()).toBe(true);
    // The coach's own copy of the athlete's history, from the calendar.
    const [coachDownload] = await Promise.all([coachPage.waitForEvent('download'), coachPage.getByRole('button', { name: 'Export Training history (Hevy CSV)' }).click()]);
    const hevy = await readFile(await coachDownload.path(), 'utf8');
    expect(hevy.split(/\r?\n/)[0]).toMatch(/^"?title"?,"?start_time"?/);
    expect(hevy).toContain('Upper A');
  });

  it('shows a bad file’s line number and imports nothing', async () => {
    const { athlete, server: t } = e2e;
    const page = await e2e.signedInPage(athlete, { viewport, landing: anywhere });
    await page.goto(`${t.url}/settings`);
    const lines = (await readFile(fixture, 'utf8')).split('\n');
    const bad = [...lines.slice(0, 3), lines[3].replace(',185,5,', ',185,five,'), ...lines.slice(4)].join('\n').replace(/Upper A/g, 'Upper Z');
    await page.getByLabel('Import from Strong or Hevy (CSV file)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Line 4: Reps must be a number' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Import preview' }).count()).toBe(0);
  });
});
