/**
 * Issue 25 and 26 on the web, in real Chromium: a generated Strong file of several
 * thousand rows is previewed and imported from Settings → Your data while a progress
 * bar and its status advance (rows read, then the workouts being written) and end
 * with the counts; "Download my data" gives the ZIP; the coach's team analytics page
 * downloads its table as CSV. Needs the built app: `npm run build:web`.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startCoachingE2E, type CoachingE2E } from './support/e2e.ts';
import { seriousViolations } from './support/axe.ts';
import { strongFile } from './support/strong-file.ts';
import { readZip } from './support/zip.ts';

let e2e: CoachingE2E;
beforeAll(async () => {
  e2e = await startCoachingE2E();
});
afterAll(() => e2e?.close());

const anywhere = (url: URL) => !url.pathname.startsWith('/signin');

/** Every text the import's status line shows, in order (a MutationObserver, so no step is missed between polls). */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.data-transfer__progress [role="status"]')) {
        const text = `${el.getAttribute('data-phase')}: ${el.textContent ?? ''}`;
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.splice(0));
}

const rowsIn = (texts: string[]) => texts.filter((t) => t.startsWith('reading:')).map((t) => Number(/Read ([\d,]+) rows/.exec(t)![1].replace(/,/g, '')));

describe('import progress, Download my data and the team CSV', () => {
  it('shows a large import advancing and ending with its counts, the page usable meanwhile', async () => {
    const { athlete, server: t } = e2e;
    const page = await e2e.signedInPage(athlete, { viewport: { width: 390, height: 844 }, landing: anywhere });
    await page.goto(`${t.url}/settings`);
    await expect.poll(() => page.getByRole('heading', { name: 'Your data' }).isVisible()).toBe(true);
    const taken = await recordProgress(page);

    const file = strongFile(300, 6, 5); // 9,000 rows, 300 workouts
    await page.getByLabel('Import from Strong or Hevy (CSV file)').setInputFiles({ name: 'big-strong.csv', mimeType: 'text/csv', buffer: Buffer.from(file.text) });
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect.poll(() => preview.isVisible(), { timeout: 60_000 }).toBe(true);
    const previewSteps = await taken();
    expect(rowsIn(previewSteps).length, previewSteps.join('\n')).toBeGreaterThan(0);
    expect(rowsIn(previewSteps).at(-1)).toBe(9000);

    await page.getByRole('button', { name: 'Import 300 workouts' }).click();
    // The rest of the page answers while the import runs.
    await page.getByRole('button', { name: 'Export Records (CSV)' }).focus();
    await expect.poll(() => page.getByText('Imported 300 workouts, 9000 sets.').isVisible(), { timeout: 90_000 }).toBe(true);
    const steps = await taken();
    const rows = rowsIn(steps);
    expect(rows.length, steps.join('\n')).toBeGreaterThan(0);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(rows.at(-1)).toBe(9000);
    expect(steps).toContain('writing: Writing 300 workouts…');
    expect(steps.indexOf('writing: Writing 300 workouts…')).toBeGreaterThan(steps.findIndex((s) => s.startsWith('reading:')));
    expect(await page.locator('.data-transfer__progress').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A file with a bad line: its line is named and nothing is written.
    const before = (await t.api('GET', '/api/athlete/workouts?from=2030-01-01&to=2030-12-31', undefined, athlete.accessToken)).body;
    const bad = strongFile(80, 5, 5, { badRow: 1800 }).text.replace(/2016-/g, '2030-').replace(/2017-/g, '2030-');
    await page.getByLabel('Import from Strong or Hevy (CSV file)').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .filter({ hasText: /^Line 1801: / })
            .isVisible(),
        { timeout: 60_000 },
      )
      .toBe(true);
    expect((await t.api('GET', '/api/athlete/workouts?from=2030-01-01&to=2030-12-31', undefined, athlete.accessToken)).body).toEqual(before);
  }, 240_000);

  it('downloads my data as a ZIP from Settings, and the coach the team table as CSV', async () => {
    const { athlete, coach, server: t } = e2e;
    const page = await e2e.signedInPage(athlete, { viewport: { width: 1280, height: 1000 }, landing: anywhere });
    await page.goto(`${t.url}/settings`);
    const button = page.getByRole('button', { name: 'Download my data' });
    await expect.poll(() => button.isVisible()).toBe(true);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^spotter-data-\d{4}-\d\d-\d\d\.zip$/);
    const files = readZip(await readFile(await download.path()));
    expect(JSON.parse(files.get('profile.json')!.toString('utf8'))).toMatchObject({ email: athlete.email });
    expect(files.has('README.md')).toBe(true);
    await expect.poll(() => page.getByText('Your data archive was downloaded.').isVisible()).toBe(true);

    const coachPage = await e2e.signedInPage(coach, { viewport: { width: 390, height: 844 } });
    await coachPage.goto(`${t.url}/team-analytics`);
    const csvButton = coachPage.getByRole('button', { name: 'Download CSV' });
    await expect.poll(() => csvButton.isEnabled(), { timeout: 30_000 }).toBe(true);
    await coachPage.getByRole('button', { name: 'All', exact: true }).click();
    const [csv] = await Promise.all([coachPage.waitForEvent('download'), csvButton.click()]);
    expect(csv.suggestedFilename()).toBe('spotter-team-all.csv');
    const lines = (await readFile(await csv.path(), 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^Athlete,Athlete ID,From,To,Recent Workouts,/);
    expect(lines[1]).toContain(`Avery Athlete,${athlete.user.id},`);
    expect(await seriousViolations(coachPage)).toEqual([]);
  });
});
