/**
 * Accessibility in real Chromium: axe-core (every rule it runs by default, WCAG 2.x A and
 * AA and its best practices; see support/axe.ts) finds nothing serious or critical on any
 * page of the dashboard, signed in as the role that uses it, with data on it, in light
 * and dark (the theme on 'system', following the emulated prefers-color-scheme; in dark
 * only the colour rules, as nothing else changes), on a desktop and on a 390 px phone.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, localToday, longDate } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { seriousViolations } from './support/axe.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
let todaysWorkout: string;
const today = localToday();

const done = (reps: number, load: number) => ({ reps, load, actual: { reps, load } });

async function plan(date: string, name: string, exercises: { exercise_name: string; sets: object[] }[]) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: athlete.user.id, date, name, exercises } }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.server.platform.runner.waitFor(res.body.checkpoint);
  return res.body.id as string;
}

beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
  // Done work over the last weeks (analytics, charts, dashboard), today's workout and one ahead.
  for (const back of [20, 13, 6, 2]) {
    await plan(addDays(today, -back), `Lower ${back}`, [
      { exercise_name: 'Back Squat', sets: [done(5, 200 + back), done(5, 200 + back)] },
      { exercise_name: 'Bench Press', sets: [done(8, 135)] },
    ]);
  }
  todaysWorkout = await plan(today, 'Live Day', [
    { exercise_name: 'Back Squat', sets: [{ reps: 5, load: 225 }, done(5, 225)] },
    { exercise_name: 'Bench Press', sets: [{ reps: 8, load: 140 }] },
  ]);
  await plan(addDays(today, 2), 'Upper', [{ exercise_name: 'Overhead Press', sets: [{ reps: 5, load: 95 }] }]);
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
  const conversation = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
  const message = await t.api('POST', `/api/conversations/${conversation.body.id}/messages`, { content: 'Great squats today!' }, coach.accessToken);
  await t.server.platform.runner.waitFor(message.body.checkpoint);
});
afterAll(() => e2e?.close());

type Role = 'visitor' | 'coach' | 'athlete';
interface Route {
  name: string;
  role: Role;
  /** Goes to the page and resolves once its content is there. */
  open(page: Page): Promise<void>;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 }).waitFor();
const go = async (page: Page, path: string, title: string | RegExp) => {
  await page.goto(`${t.url}${path}`);
  await heading(page, title);
};

async function openCalendar(page: Page) {
  await go(page, `/calendar/${athlete.user.id}`, 'Workout Calendar');
  await page
    .getByRole('group', { name: longDate(today), exact: true })
    .getByRole('article')
    .first()
    .waitFor();
}

const ROUTES: Route[] = [
  { name: 'sign in', role: 'visitor', open: (p) => go(p, '/signin', 'Welcome back') },
  { name: 'sign up', role: 'visitor', open: (p) => go(p, '/signup', /./) },
  { name: 'forgot password', role: 'visitor', open: (p) => go(p, '/forgot-password', 'Forgot your password?') },
  { name: 'check e-mail', role: 'visitor', open: (p) => go(p, '/check-email', 'Check Your Email') },
  { name: 'reset password (no link)', role: 'visitor', open: (p) => go(p, '/reset-password', 'Reset link not valid') },
  { name: 'confirm e-mail (no link)', role: 'visitor', open: (p) => go(p, '/confirm', 'Confirmation Failed') },
  { name: 'e-mail demo', role: 'visitor', open: (p) => go(p, '/email-demo', 'E-mail Demo') },
  { name: 'clients', role: 'coach', open: (p) => go(p, '/clients', 'Your Clients') },
  {
    name: 'groups',
    role: 'coach',
    async open(page) {
      // A group with the athlete in it, made the first time (open runs per scheme and viewport).
      if ((await t.api('GET', '/api/groups', undefined, coach.accessToken)).body.data.length === 0) {
        const created = await t.api('POST', '/api/groups', { name: 'Masters' }, coach.accessToken);
        const added = await t.api('POST', `/api/groups/${created.body.id}/members`, { athlete_ids: [athlete.user.id] }, coach.accessToken);
        await t.server.platform.runner.waitFor(added.body.checkpoint);
      }
      await go(page, '/groups', 'Groups');
      const group = page.getByRole('region', { name: 'Masters' });
      await group.getByText('Avery Athlete').waitFor();
      await group.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute('open', '')));
      await group.getByLabel('Workout name').waitFor();
    },
  },
  {
    name: 'calendar with analytics',
    role: 'coach',
    async open(page) {
      await openCalendar(page);
      const chart = page.getByRole('region', { name: 'Weekly Volume Trend' });
      await chart.scrollIntoViewIfNeeded();
      await chart.locator('svg.apexcharts-svg').waitFor();
    },
  },
  {
    name: 'calendar, workout editor',
    role: 'coach',
    async open(page) {
      await openCalendar(page);
      await page
        .getByRole('group', { name: longDate(today), exact: true })
        .getByRole('button', { name: /^Live Day .*workout$/ })
        .click();
      await page.getByRole('dialog', { name: 'Edit Workout' }).getByRole('group', { name: 'A1 Back Squat' }).waitFor();
    },
  },
  {
    name: 'performance',
    role: 'coach',
    async open(page) {
      await openCalendar(page);
      await page.getByRole('group', { name: 'Page mode' }).getByRole('button', { name: 'Performance' }).click();
      await page.getByRole('heading', { name: 'Performance Analytics' }).waitFor();
      await page.getByRole('tab', { name: 'Progression' }).click();
      await page.getByRole('figure', { name: 'Progression chart' }).locator('svg.apexcharts-svg').waitFor();
    },
  },
  { name: 'library', role: 'coach', open: (p) => go(p, '/library', 'Exercise Library') },
  { name: 'program templates', role: 'coach', open: (p) => go(p, '/program-templates', 'Program Templates') },
  {
    name: 'program template builder',
    role: 'coach',
    async open(page) {
      await go(page, '/program-templates', 'Program Templates');
      await page.getByRole('tab', { name: 'Builder' }).click();
      await page.getByRole('heading', { name: 'New Program Template' }).waitFor();
    },
  },
  { name: 'program templates help', role: 'coach', open: (p) => go(p, '/help/templates', 'Program templates: help') },
  {
    name: 'team analytics',
    role: 'coach',
    async open(page) {
      await go(page, '/team-analytics', 'Team Analytics');
      await page.getByRole('group', { name: 'Exercises for the chart' }).getByRole('button', { name: 'Back Squat' }).click();
      await page.getByRole('region', { name: 'Team Volume Comparison' }).locator('svg.apexcharts-svg').waitFor();
    },
  },
  {
    name: 'chat',
    role: 'coach',
    async open(page) {
      await go(page, '/chat', 'Messages');
      await page.getByText('Great squats today!').first().waitFor();
    },
  },
  { name: 'settings', role: 'coach', open: (p) => go(p, '/settings', 'Settings') },
  {
    name: 'athlete training and dashboard',
    role: 'athlete',
    async open(page) {
      await go(page, '/training', 'My Training');
      await page
        .getByRole('region', { name: 'Today' })
        .getByRole('link', { name: /Live Day/ })
        .waitFor();
    },
  },
  {
    name: 'athlete workout logger',
    role: 'athlete',
    async open(page) {
      await go(page, `/training/${todaysWorkout}`, 'Live Day');
      await page.getByRole('region', { name: 'A1 Back Squat' }).waitFor();
    },
  },
  { name: 'athlete chat', role: 'athlete', open: (p) => go(p, '/chat', 'Messages') },
  { name: 'become a coach', role: 'athlete', open: (p) => go(p, '/become-coach', 'Become a coach') },
];

const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };

describe.each(Object.entries(VIEWPORTS))('axe on every page, %s', (_, viewport) => {
  const pages = new Map<Role, Page>();
  beforeAll(async () => {
    const visitor = await (await e2e.browser.newContext({ viewport })).newPage();
    pages.set('visitor', visitor);
    pages.set('coach', await e2e.signedInPage(coach, { viewport }));
    pages.set('athlete', await e2e.signedInPage(athlete, { viewport, landing: /\/(clients|training)/ }));
  });
  afterAll(async () => {
    for (const page of pages.values()) await page.context().close();
  });

  it.each(ROUTES.map((r) => [r.name, r] as const))('%s: nothing serious or critical, light and dark', async (_, route) => {
    const page = pages.get(route.role)!;
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // Opened once: the theme follows the system's scheme live, so dark is the same page switched.
      if (colorScheme === 'light') await route.open(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      // Colours fade into the new theme (150 ms transitions): axe reads them once they have
      // arrived, as a user sees them. In a CI rehearsal it read the phone's top links
      // halfway, at a contrast of 2.83 that neither theme has.
      await page.evaluate(() => Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => null)] : []))));
      // Everything in light; in dark only what colours change (the page is the same otherwise).
      for (const violation of await seriousViolations(page, { colorsOnly: colorScheme === 'dark' })) found.push(`${colorScheme}: ${violation}`);
    }
    expect(found, `${found.length} serious or critical:\n${found.join('\n')}`).toEqual([]);
  });
});
