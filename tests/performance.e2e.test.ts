/**
 * Performance mode in real Chromium against a real server: the coach logs a 5-rep
 * back squat and sees the record, the category score and the progression chart; the
 * athlete (a second browser context) records a heavier set in a workout and the
 * coach gets the "New PR" toast live; a 75% load in the editor shows the resolved load.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday, longDate, snap } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const signIn = (user: User) => e2e.signedInPage(user, { viewport: { width: 1280, height: 900 }, landing: /\/(clients|training)/ });

describe('Performance mode in the browser', () => {
  it('logs a back squat, shows the record, score and chart, and toasts a new PR from the athlete live', async () => {
    const today = localToday();
    const page = await signIn(coach);
    await page.goto(`${t.url}/calendar/${athlete.user.id}`);
    await page.getByRole('heading', { name: 'Workout Calendar' }).waitFor();
    await page.getByRole('group', { name: 'Page mode' }).getByRole('button', { name: 'Performance' }).click();
    await page.getByRole('heading', { name: 'Performance Analytics' }).waitFor();
    await page.getByText('No performance data available').waitFor();
    expect(await page.getByLabel('Overall score').textContent()).toBe('0');

    // Log a 5-rep back squat through the form.
    await page.getByRole('button', { name: 'Log Performance' }).click();
    const form = page.getByRole('form', { name: 'Log Performance' });
    await form.getByLabel('Exercise').fill('back squat');
    const suggestions = form.getByRole('list', { name: 'Exercise suggestions' }).getByRole('button');
    expect(await suggestions.count()).toBeLessThanOrEqual(8);
    await form.getByRole('button', { name: /^Back Squat \(High Bar\)/ }).click();
    expect(await form.getByRole('button', { name: 'Log Metric' }).isDisabled()).toBe(true);
    await form.getByLabel('Weight (lb)').fill('2500');
    await form.getByLabel('Reps').fill('5');
    await form.getByRole('button', { name: 'Log Metric' }).click();
    await form.getByText('Weight seems unrealistic (max 2000 lbs)').waitFor();
    await form.getByLabel('Weight (lb)').fill('225');
    await form.getByRole('button', { name: 'Log Metric' }).click();
    await form.getByText('Logged Back Squat (High Bar): 225 lb × 5').waitFor();

    // The record, the Strength score (1 entry in 30 days + 1 metric = 25) and the chart.
    const strength = page.getByRole('region', { name: 'Strength category' });
    await expect.poll(() => strength.getByLabel('Strength score').textContent()).toBe('25');
    expect(await page.getByLabel('Overall score').textContent()).toBe('25');
    expect(await strength.textContent()).toContain('Back Squat (High Bar) × 5225 lb');
    await page.getByRole('tab', { name: 'Progression' }).click();
    const chart = page.getByRole('figure', { name: 'Progression chart' });
    await chart.locator('svg').first().waitFor({ timeout: 30_000 });
    expect(await chart.textContent()).toContain('Back Squat (High Bar)');
    await page.getByRole('region', { name: 'Rep-max profile' }).getByText('Estimated 1RM: 262.5 lb').waitFor();
    await page.getByRole('tab', { name: 'Metrics' }).click();
    const table = page.getByRole('table');
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await table.getByRole('row').nth(1).textContent()).toContain('225 lb');
    await page.getByLabel('Exercise', { exact: true }).fill('deadlift');
    await page.getByText('No metrics found matching your filters').waitFor();
    await snap(page, 'performance-metrics');

    // The athlete, in a second context, records a heavier squat set in a workout.
    const planned = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: { user_id: athlete.user.id, date: today, name: 'Squat Day', exercises: [{ exercise_name: 'Back Squat (High Bar)', sets: [{ reps: 5, load: 230 }] }] },
      },
      coach.accessToken,
    );
    expect(planned.status).toBe(201);
    const athletePage = await signIn(athlete);
    await athletePage.goto(`${t.url}/training/${planned.body.id}`);
    const squat = athletePage.getByRole('region', { name: /Back Squat \(High Bar\)/ });
    await squat.getByLabel('Set 1 reps').fill('5');
    await squat.getByLabel('Set 1 load (lb)').fill('235');
    await squat.getByRole('button', { name: 'Save set 1' }).click();

    // The coach, on the Metrics tab of the Performance mode, gets the toast live.
    const toast = page.getByText('New PR: Avery Athlete Back Squat (High Bar) 235 lb × 5');
    await toast.waitFor({ timeout: 30_000 });
    // And the athlete sees it on their logging screen.
    await athletePage.getByText('New PR: Avery Athlete Back Squat (High Bar) 235 lb × 5').waitFor({ timeout: 30_000 });
    await snap(page, 'performance-pr-toast');
    await athletePage.close();
  });

  it('resolves a 75% load in the workout editor from the estimated 1RM', async () => {
    const page = await signIn(coach);
    const date = addDays(localToday(), 1);
    await page.goto(`${t.url}/calendar/${athlete.user.id}`);
    await page.getByRole('heading', { name: 'Workout Calendar' }).waitFor();
    const cell = page.getByRole('group', { name: longDate(date), exact: true });
    await cell.getByRole('button', { name: `Add workout on ${longDate(date)}` }).click();
    const editor = page.getByRole('dialog', { name: 'Create Workout' });
    await editor.getByRole('button', { name: 'Exercise Library' }).click();
    const library = page.getByRole('dialog', { name: 'Exercise Library' });
    await library.getByLabel('Search exercises').fill('Back Squat (High Bar)');
    await library.getByRole('button', { name: 'Add Back Squat (High Bar)', exact: true }).click({ timeout: 20_000 });
    await library.getByRole('button', { name: /close/i }).first().click();
    const exercise = editor.getByRole('group', { name: 'A1 Back Squat (High Bar)' });
    await exercise.getByLabel('Set 1 Reps').fill('5');
    await exercise.getByLabel('Set 1 Load (lb)').fill('75%');
    // Best: 235 × 5 → Epley 1RM 274.2; 75% is 205.65 lb → 205 lb, the nearest loadable (5 lb plates).
    await expect.poll(() => exercise.getByLabel('Set 1 resolved load').textContent()).toBe('= 205 lb (75% of est. 1RM 274.2 lb)');
    await editor.getByRole('button', { name: 'Save Workout' }).click();
    await expect.poll(() => editor.isVisible()).toBe(false);
    const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${date}&to=${date}`, undefined, coach.accessToken);
    expect(res.body.workouts[0].exercises[0].sets[0]).toMatchObject({ reps: 5, load: 205, load_percent: 75 });
  });
});
