/**
 * Every chart of the dashboard drawn on a 390 px phone, in light and in dark: the
 * weekly volume trend below the calendar, the performance progression, and the team
 * volume comparison. Drawn means an SVG with a size and series with visible shapes
 * (a chart was once seen blank on a phone), also after the theme changes under it and
 * after the window narrows from a desktop to a phone.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, localToday } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User, page: Page;
const today = localToday();
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
  for (const back of [15, 8, 2]) {
    const res = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: addDays(today, -back),
          name: 'Lower',
          exercises: [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 200, actual: { reps: 5, load: 200 } }] }],
        },
      },
      coach.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await t.server.platform.runner.waitFor(res.body.checkpoint);
  }
  for (const [back, value] of [
    [14, 215],
    [3, 225],
  ] as const) {
    const res = await t.api(
      'POST',
      '/api/performance-records',
      { athlete_id: athlete.user.id, exercise_name: 'Back Squat', value, reps: 5, date: addDays(today, -back) },
      coach.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  page = await e2e.signedInPage(coach, { viewport: PHONE });
});
afterAll(() => e2e?.close());

/** Series shapes in `container` with an area and a path: what a reader sees of the data. */
const shapes = (container: Locator) =>
  container.locator('.apexcharts-series path').evaluateAll(
    (paths) =>
      paths.filter((p) => {
        const r = p.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (p.getAttribute('d') ?? '').length > 0;
      }).length,
  );

/** The chart in `container`: its SVG's box and its shapes (none yet: width 0). */
async function measure(container: Locator) {
  const box = await container.locator('svg.apexcharts-svg').boundingBox();
  if (!box) return { left: 0, width: 0, height: 0, shapes: 0 };
  return { left: Math.round(box.x), width: Math.round(box.width), height: Math.round(box.height), shapes: await shapes(container) };
}

/** The chart once its series are drawn: waits for the data to arrive and be drawn, never for a time. */
async function drawn(container: Locator) {
  let seen = await measure(container);
  await expect
    .poll(async () => {
      seen = await measure(container);
      return seen.width > 0 && seen.shapes > 0;
    })
    .toBe(true);
  return seen;
}

const inTheme = (colorScheme: 'light' | 'dark') => page.emulateMedia({ colorScheme });

const CHARTS: { name: string; open(): Promise<Locator> }[] = [
  {
    name: 'weekly volume trend',
    async open() {
      await page.goto(`${t.url}/calendar/${athlete.user.id}`);
      const section = page.getByRole('region', { name: 'Weekly Volume Trend' });
      await section.scrollIntoViewIfNeeded();
      return section;
    },
  },
  {
    name: 'performance progression',
    async open() {
      await page.goto(`${t.url}/calendar/${athlete.user.id}`);
      await page.getByRole('group', { name: 'Page mode' }).getByRole('button', { name: 'Performance' }).click();
      await page.getByRole('tab', { name: 'Progression' }).click();
      return page.getByRole('figure', { name: 'Progression chart' });
    },
  },
  {
    name: 'team volume comparison',
    async open() {
      await page.goto(`${t.url}/team-analytics`);
      await page.getByRole('group', { name: 'Exercises for the chart' }).getByRole('button', { name: 'Back Squat' }).click();
      return page.getByRole('region', { name: 'Team Volume Comparison' });
    },
  },
];

const theme = () => page.evaluate(() => document.documentElement.dataset.theme);

function expectDrawn(seen: Awaited<ReturnType<typeof drawn>>, when: string) {
  expect(seen.width, `${when}: width`).toBeGreaterThan(100);
  expect(seen.height, `${when}: height`).toBeGreaterThan(100);
  expect(seen.left, `${when}: starts on screen`).toBeLessThan(PHONE.width);
  expect(seen.shapes, `${when}: series shapes`).toBeGreaterThan(0);
}

describe('charts on a 390 px phone', () => {
  it.each(CHARTS.map((c) => [c.name, c] as const))('draws the %s in light, in dark after switching, and in dark from the start', async (_, chart) => {
    await inTheme('light');
    const container = await chart.open();
    expectDrawn(await drawn(container), 'light');
    expect(await theme()).toBe('light');

    // The theme changes under the open chart (the system goes dark): it is drawn again, not blanked.
    await inTheme('dark');
    await expect.poll(theme).toBe('dark');
    expectDrawn(await drawn(container), 'switched to dark');

    expectDrawn(await drawn(await chart.open()), 'dark');
  });

  // Charts that take their container's width (the progression is 800 px wide by the spec).
  const fluid = CHARTS.filter((c) => c.name !== 'performance progression');
  it.each(fluid.map((c) => [c.name, c] as const))('redraws the %s to the phone width when the window narrows from a desktop', async (_, chart) => {
    await inTheme('light');
    await page.setViewportSize({ width: 1280, height: 860 });
    const container = await chart.open();
    expect((await drawn(container)).width).toBeGreaterThan(PHONE.width);
    await page.setViewportSize(PHONE);
    await expect.poll(async () => (await drawn(container)).width).toBeLessThan(PHONE.width);
    expectDrawn(await drawn(container), 'narrowed');
  });
});
