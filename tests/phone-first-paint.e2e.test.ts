/**
 * What a phone does first when a signed-in page opens (issue 24, phone speed): the
 * HTML for an address names that page's files, so they load beside the entry script;
 * and nothing the first paint does not need is asked of the server before the page
 * has painted. The calendar's header names the athlete, so its two answers are the
 * only ones allowed to go first.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };

/** The API paths the page asked for before its first contentful paint, and that paint's time. */
async function requestsBeforeFirstPaint(page: Page): Promise<string[]> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  // Everything asked for up to now has an entry; wait a moment for the requests after the paint.
  await page.waitForTimeout(500);
  return page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime;
    return performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/api/') && r.startTime < paint)
      .map((r) => new URL(r.name).pathname);
  });
}

describe('a signed-in page on a phone', () => {
  it("names the page's own files in the HTML for its address, and only files the build has", async () => {
    const training = await fetch(`${t.url}/training`);
    expect(training.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await training.text();
    const named = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(named.some((href) => /\/assets\/training-[\w-]+\.js$/.test(href))).toBe(true);
    expect(named.some((href) => /\/assets\/root-[\w-]+\.js$/.test(href))).toBe(true);
    // Not another page's code, and no early data: My Training draws its header without any.
    expect(named.some((href) => /\/assets\/calendar-[\w-]+\.js$/.test(href))).toBe(false);
    expect(html).not.toContain('<meta name="spotter-first-paint-data"');
    for (const href of named) expect((await fetch(`${t.url}${href}`)).status).toBe(200);

    // The calendar's header needs the profile and the athlete's name: its HTML says so.
    const calendar = await (await fetch(`${t.url}/calendar/${athlete.user.id}`)).text();
    expect(calendar).toContain('<meta name="spotter-first-paint-data" content="/api/profile /api/manage-links">');

    // An address no page has still gets the app, which sends the visitor on.
    const unknown = await fetch(`${t.url}/no-such-page`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).not.toContain('modulepreload');
  });

  it('asks the server nothing before My Training has painted, then loads the workouts', async () => {
    const page = await e2e.signedInPage(athlete, { viewport: PHONE });
    await page.goto(`${t.url}/training`);
    expect(await requestsBeforeFirstPaint(page)).toEqual([]);
    await page.getByRole('heading', { name: 'My Training' }).waitFor();
    await page.getByText('No workout today. Rest well.').waitFor();
  });

  it("asks only for the profile and the athlete's name before the coach's calendar has painted", async () => {
    const page = await e2e.signedInPage(coach, { viewport: PHONE });
    await page.goto(`${t.url}/calendar/${athlete.user.id}`);
    // Each once: the app takes the answers the HTML's early script asked for.
    expect((await requestsBeforeFirstPaint(page)).sort()).toEqual(['/api/manage-links', '/api/profile']);
    await page.getByRole('heading', { level: 1, name: /Workout Calendar/ }).waitFor();
    await page.getByRole('region', { name: 'Calendar' }).waitFor();
  });

  it("starts the calendar header's requests before the app's code has arrived", async () => {
    const page = await e2e.signedInPage(coach, { viewport: PHONE });
    const asked = new Set<string>();
    let bothAsked: () => void = () => {};
    const headerDataAsked = new Promise<void>((resolve) => (bothAsked = resolve));
    page.on('request', (request) => {
      asked.add(new URL(request.url()).pathname);
      if (asked.has('/api/profile') && asked.has('/api/manage-links')) bothAsked();
    });
    // The entry script is held until both requests have gone out: only the HTML can send them.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await headerDataAsked;
      await route.continue();
    });
    await page.goto(`${t.url}/calendar/${athlete.user.id}`);
    await page.getByRole('heading', { level: 1, name: `${athlete.user.fullName} · Workout Calendar` }).waitFor();
    await page.getByRole('region', { name: 'Calendar' }).waitFor();
  });
});
