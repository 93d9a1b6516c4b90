/**
 * Team analytics in real Chromium: a coach with three linked athletes reads the
 * summary, switches to set completion and to 7 days, charts an exercise, and sees
 * the numbers move when an athlete logs a set in another browser context (no reload).
 * A coach without clients sees the spec's two texts.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 *
 * Fixture (today T): Ava T-2 Back Squat 2 × 5×100 done, Bench Press 5×50 done;
 * Ben T-2 Back Squat 5×200 done, T Back Squat 2 × 5×200 planned; Cleo T-20 Deadlift 5×300, 3 done.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { addDays, localToday, snap } from './support/ui.ts';
import { signedInUser, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { startE2E, type E2E, type TestUser as User } from './support/e2e.ts';
import { runSeed } from '../cli/lib/seed.ts';

let e2e: E2E, t: TestServer;
let coach: User, ava: User, ben: User, cleo: User, loneCoach: User;

async function plan(who: User, date: string, name: string, exercises: { exercise_name: string; sets: object[] }[], by = coach) {
  const res = await t.api('POST', '/api/manage-workouts', { workout: { user_id: who.user.id, date, name, exercises } }, by.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.server.platform.runner.waitFor(res.body.checkpoint);
}

const done = (reps: number, load: number, actualReps = reps) => ({ reps, load, actual: { reps: actualReps, load } });

beforeAll(async () => {
  ({ server: t } = e2e = await startE2E());
  [coach, ava, ben, cleo, loneCoach] = await Promise.all([
    signedInUser(t, 'Casey Coach'),
    signedInUser(t, 'Ava Adams'),
    signedInUser(t, 'Ben Brooks'),
    signedInUser(t, 'Cleo Cruz'),
    signedInUser(t, 'Lonely Lee'),
  ]);
  for (const a of [ava, ben, cleo]) await linkAthlete(t, coach, a);
  const today = localToday();
  await plan(ava, addDays(today, -2), 'Lower', [
    { exercise_name: 'Back Squat', sets: [done(5, 100), done(5, 100)] },
    { exercise_name: 'Bench Press', sets: [done(5, 50)] },
  ]);
  await plan(ben, addDays(today, -2), 'Lower', [{ exercise_name: 'Back Squat', sets: [done(5, 200)] }]);
  await plan(ben, today, 'Live Day', [
    {
      exercise_name: 'Back Squat',
      sets: [
        { reps: 5, load: 200 },
        { reps: 5, load: 200 },
      ],
    },
  ]);
  await plan(cleo, addDays(today, -20), 'Pull', [{ exercise_name: 'Deadlift', sets: [done(5, 300, 3)] }]);
});
afterAll(() => e2e?.close());

const signIn = (user: User, viewport = { width: 1280, height: 900 }) => e2e.signedInPage(user, { viewport });

const stat = (summary: Locator, label: string) => summary.getByRole('group', { name: label, exact: true }).locator('.team-stat__value').textContent();

describe('team analytics in the browser', () => {
  it('shows the team, switches mode and range, charts an exercise and follows a logged set live', async () => {
    const page = await signIn(coach);
    await page.goto(`${t.url}/team-analytics`);
    await expect.poll(() => page.getByRole('heading', { name: 'Team Analytics', level: 1 }).isVisible()).toBe(true);
    // The whole team is preselected.
    await expect.poll(() => page.getByRole('button', { name: 'Athletes: 3 of 3 athletes selected' }).isVisible()).toBe(true);
    const summary = page.getByRole('region', { name: 'Team Summary' });
    await expect.poll(() => summary.getByRole('heading', { name: 'Team Summary (3 athletes)' }).isVisible()).toBe(true);
    expect(await stat(summary, 'Total Volume (Reps)')).toBe('35');
    expect(await stat(summary, 'Completed Volume')).toBe('23');
    expect(await stat(summary, 'Rep Completion')).toBe('65.7%');
    expect(await stat(summary, 'Total Sets')).toBe('7');
    expect(await stat(summary, 'Set Completion')).toBe('71.4%');
    expect(await stat(summary, 'Avg Sets/Athlete')).toBe('2.3');
    expect(await stat(summary, 'Most Active')).toBe('Ava Adams');
    const cleoCard = page.getByRole('article', { name: 'Cleo Cruz' });
    await expect.poll(() => cleoCard.getByText('3/5 reps').isVisible()).toBe(true);
    expect(await cleoCard.getByText('60.0%').getAttribute('class')).toContain('team-band--bad');

    await page.getByRole('button', { name: 'Set Completion' }).click();
    await expect.poll(() => cleoCard.getByText('1/1 sets').isVisible()).toBe(true);
    expect(await cleoCard.getByText('100.0%').getAttribute('class')).toContain('team-band--good');

    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '7D' }).click();
    await expect.poll(() => stat(summary, 'Total Sets')).toBe('6');
    expect(await stat(summary, 'Completed Sets')).toBe('4');
    const top = page.getByRole('region', { name: 'Top Team Exercises' });
    // Back Squat 2,000 lb (Ava and Ben tie at 1,000: by name), Bench Press 250 lb.
    expect(await top.getByRole('listitem').allTextContents()).toEqual(['Back Squat2,000 lbTop: Ava Adams', 'Bench Press250 lbTop: Ava Adams']);

    expect(await page.getByRole('region', { name: 'Team Volume Comparison' }).count()).toBe(0);
    await page.getByRole('group', { name: 'Exercises for the chart' }).getByRole('button', { name: 'Back Squat' }).click();
    const chart = page.getByRole('region', { name: 'Team Volume Comparison' });
    await expect.poll(() => chart.locator('svg.apexcharts-svg').count()).toBe(1);
    await expect.poll(() => chart.getByRole('img', { name: 'Team volume comparison: 3 athletes × 1 exercises' }).isVisible()).toBe(true);
    // Ava and Ben both lifted 1,000 lb of Back Squat: one bar per athlete.
    expect(await chart.locator('.apexcharts-bar-area').count()).toBe(3);
    // Each bar is its athlete's own volume (Ava, Ben, Cleo): the answer's volumes follow its athlete order.
    expect(await chart.locator('.apexcharts-bar-area').evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('val'))))).toEqual([1000, 1000, 0]);
    await snap(page, 'team-analytics');

    // Ben logs a set on his phone; the coach's page changes without a reload.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const phone = await signIn(ben, { width: 375, height: 740 });
    await phone.getByRole('link', { name: 'My Training' }).click();
    await phone
      .getByRole('region', { name: 'Today' })
      .getByRole('link', { name: /Live Day/ })
      .click();
    const squat = phone.getByRole('region', { name: 'A1 Back Squat' });
    await squat.getByLabel('Set 1 reps').fill('5');
    await squat.getByLabel('Set 1 load (lb)').fill('200');
    await squat.getByRole('button', { name: 'Save set 1' }).click();
    await expect.poll(() => squat.getByText('Saved.').isVisible()).toBe(true);

    await expect.poll(() => stat(summary, 'Completed Sets'), { timeout: 30_000 }).toBe('5');
    await expect.poll(() => page.getByRole('article', { name: 'Ben Brooks' }).getByText('2/3 sets').isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('offers a search box in the athlete dropdown of a team of more than 20 (seeded)', async () => {
    const { pool, store, runner } = t.server.platform;
    const seeded = await runSeed({ pool, store }, { coaches: 1, athletesPerCoach: 21, weeks: 1, seed: 5 });
    expect(seeded.failures).toEqual([]);
    await runner.waitFor((await store.headCheckpoint())!, undefined, 30_000);
    const page = await signIn({ email: seeded.coaches[0].email, password: seeded.password } as User);
    await page.goto(`${t.url}/team-analytics`);
    // Past 20, the 20 most recently active are preselected.
    const trigger = page.getByRole('button', { name: 'Athletes: 20 of 21 athletes selected' });
    await expect.poll(() => trigger.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Team Summary (20 athletes)' }).isVisible()).toBe(true);
    await trigger.click();
    const list = page.getByRole('listbox', { name: 'Athletes' });
    const options = list.getByRole('option');
    expect(await options.count()).toBe(21);
    const left = list.getByRole('option', { selected: false });
    expect(await left.count()).toBe(1);
    const leftName = (await left.textContent())!;
    await page.getByRole('searchbox', { name: 'Search athletes' }).fill('tess');
    expect(await options.allTextContents()).toEqual(['Tess Adams 20']);
    await page.getByRole('searchbox', { name: 'Search athletes' }).fill('');
    await left.click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Team Summary (21 athletes)' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Athletes: 21 of 21 athletes selected' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: leftName }).isVisible()).toBe(true);
  });

  it('selects every athlete of a team of four, the one at 48% too, and says how many', async () => {
    const [squadCoach, ...squad] = await Promise.all(['Sam Squad', 'Abe Able', 'Bea Best', 'Cal Core', 'Zoe Zed'].map((n) => signedInUser(t, n)));
    for (const a of squad) await linkAthlete(t, squadCoach, a);
    const day = addDays(localToday(), -3);
    for (const a of squad.slice(0, 3)) await plan(a, day, 'Full', [{ exercise_name: 'Back Squat', sets: [done(5, 100)] }], squadCoach);
    // Zoe did 12 of 25 reps: 48%, and she is the last by name.
    await plan(
      squad[3],
      day,
      'Full',
      [{ exercise_name: 'Back Squat', sets: [done(5, 100, 4), done(5, 100, 4), done(5, 100, 4), { reps: 5, load: 100 }, { reps: 5, load: 100 }] }],
      squadCoach,
    );
    const page = await signIn(squadCoach);
    await page.goto(`${t.url}/team-analytics`);
    const trigger = page.getByRole('button', { name: 'Athletes: 4 of 4 athletes selected' });
    await expect.poll(() => trigger.isVisible()).toBe(true);
    expect(await trigger.textContent()).toBe('4 of 4 athletes selected');
    const summary = page.getByRole('region', { name: 'Team Summary' });
    await expect.poll(() => summary.getByRole('heading', { name: 'Team Summary (4 athletes)' }).isVisible()).toBe(true);
    const zoe = page.getByRole('article', { name: 'Zoe Zed' });
    await expect.poll(() => zoe.getByText('12/25 reps').isVisible()).toBe(true);
    await expect.poll(() => zoe.getByText('48.0%').isVisible()).toBe(true);
  });

  it('shows the Error card with Retry when the coach status cannot be checked', async () => {
    const page = await signIn(coach);
    await page.route('**/api/team-analytics/athletes', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"down"}' }));
    await page.goto(`${t.url}/team-analytics`);
    const card = page.getByRole('alert');
    await expect.poll(() => card.getByText('Error checking coach status').isVisible()).toBe(true);
    await expect.poll(() => card.getByRole('heading', { name: 'Error' }).isVisible()).toBe(true);
    // Retry reloads the page; with the server answering again the team appears.
    await page.unroute('**/api/team-analytics/athletes');
    await card.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Team Analytics', level: 1 }).isVisible()).toBe(true);
  });

  it('tells a coach without clients what the page is for', async () => {
    const page = await signIn(loneCoach);
    await page.goto(`${t.url}/team-analytics`);
    await expect.poll(() => page.getByText('This feature is only available for coaches with athletes.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Connect with athletes to access team volume analytics and performance insights.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Team Analytics', level: 1 }).count()).toBe(0);
  });
});
