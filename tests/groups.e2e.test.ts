/**
 * Groups in real Chromium against a real server: the coach makes a group of three
 * linked athletes on the Groups page, assigns a template to it, and every one of the
 * three has the workouts on their calendar; assigning it again schedules nothing new
 * ("0 athletes · 3 already had it") and each still has one copy; team analytics
 * narrows to a group's athletes. Needs the built app (`npm run build:web`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday, snap } from './support/ui.ts';
import { linkAthlete } from './support/coaching.ts';
import { signedInUser, type TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athletes: User[];
beforeAll(async () => {
  e2e = await startCoachingE2E();
  ({ server: t, coach } = e2e);
  const more = await Promise.all([signedInUser(t, 'Blake Athlete'), signedInUser(t, 'Cory Athlete')]);
  for (const a of more) await linkAthlete(t, coach, a);
  athletes = [e2e.athlete, ...more];
}, 120_000);
afterAll(() => e2e?.close());

const exercises = [{ exercise_name: 'Back Squat', sets: [{ reps: 5, load: 100 }] }];

/** The athlete's workouts as the API lists them (names by date). */
async function workoutsOf(athlete: User, from: string, to: string) {
  const res = await t.api('GET', `/api/manage-workouts?clientId=${athlete.user.id}&from=${from}&to=${to}`, undefined, coach.accessToken);
  expect(res.status).toBe(200);
  return (res.body.workouts as { date: string; name: string }[]).map((w) => `${w.date} ${w.name}`).sort();
}

describe('groups in the browser', () => {
  it('assigns a template to a group of three: all three get it, and assigning again adds nothing', async () => {
    const saved = await t.api(
      'POST',
      '/api/program-templates',
      { name: 'Group Block', workouts: { 'day-1': [{ id: 'a', name: 'Lower A', exercises }], 'day-3': [{ id: 'b', name: 'Upper A', exercises }] } },
      coach.accessToken,
    );
    expect(saved.status).toBe(201);
    const start = addDays(localToday(), 1);

    const page = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 900 } });
    await page.getByRole('link', { name: 'Groups', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Groups', level: 1 }).waitFor();
    await page.getByText('No groups yet.').waitFor();

    await page.getByLabel('Group name').fill('Varsity');
    await page.getByRole('button', { name: 'Create group' }).click();
    const group = page.getByRole('region', { name: 'Varsity' });
    await group.waitFor();
    await group.getByText('No athletes in this group yet.').waitFor();

    await group.getByText('Add athletes', { exact: true }).click();
    for (const name of ['Avery Athlete', 'Blake Athlete', 'Cory Athlete']) await group.getByRole('checkbox', { name }).check();
    await group.getByRole('button', { name: 'Add to group' }).click();
    await group.getByRole('status').filter({ hasText: 'Added 3 athletes' }).waitFor();
    await group.getByText('3 athletes', { exact: true }).waitFor();
    await group.getByText('Removing an athlete keeps the workouts already on their calendar.').waitFor();

    await group.getByText('Assign template', { exact: true }).click();
    await group.getByLabel('Template').selectOption({ label: 'Group Block' });
    await group.getByLabel('Start date').fill(start);
    await group.getByRole('button', { name: 'Assign template to Varsity' }).click();
    await group.getByRole('status').filter({ hasText: 'Scheduled for 3 athletes · 0 already had it' }).waitFor();
    await snap(page, 'groups-assigned');

    // Every member's calendar shows the program.
    for (const athlete of athletes) {
      await page.goto(`${t.url}/calendar/${athlete.user.id}?date=${start}`);
      await page
        .getByRole('article', { name: /Workout: Lower A/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await page
        .getByRole('article', { name: /Workout: Upper A/ })
        .first()
        .waitFor();
    }
    const expected = [`${start} Lower A`, `${addDays(start, 2)} Upper A`];
    for (const athlete of athletes) expect(await workoutsOf(athlete, start, addDays(start, 7))).toEqual(expected);

    // Again: nothing new for anyone.
    await page.goto(`${t.url}/groups`);
    const again = page.getByRole('region', { name: 'Varsity' });
    // The group lists the programme it already has (the template picker names it too).
    await again.getByRole('listitem').filter({ hasText: 'Group Block' }).waitFor();
    await again.getByText('Assign template', { exact: true }).click();
    await again.getByLabel('Start date').fill(start);
    await again.getByRole('button', { name: 'Assign template to Varsity' }).click();
    await again.getByRole('status').filter({ hasText: 'Scheduled for 0 athletes · 3 already had it' }).waitFor();
    await t.server.platform.runner.waitFor((await t.server.platform.store.headCheckpoint())!);
    for (const athlete of athletes) expect(await workoutsOf(athlete, start, addDays(start, 7))).toEqual(expected);

    // Team analytics narrows to a group's athletes.
    const pair = await t.api('POST', '/api/groups', { name: 'Pair' }, coach.accessToken);
    const added = await t.api('POST', `/api/groups/${pair.body.id}/members`, { athlete_ids: [athletes[0].user.id, athletes[2].user.id] }, coach.accessToken);
    await t.server.platform.runner.waitFor(added.body.checkpoint);
    await page.goto(`${t.url}/team-analytics`);
    await page.getByRole('button', { name: 'Athletes: 3 of 3 athletes selected' }).waitFor();
    await page.getByLabel('Group').selectOption({ label: 'Pair' });
    await page.getByRole('button', { name: 'Athletes: 2 of 3 athletes selected' }).waitFor();
    await page.getByLabel('Group').selectOption({ label: 'All athletes' });
    await page.getByRole('button', { name: 'Athletes: 3 of 3 athletes selected' }).waitFor();

    // At 390 px the page fits the screen.
    await page.goto(`${t.url}/groups`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Varsity' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await snap(page, 'groups-phone');
  }, 180_000);
});
