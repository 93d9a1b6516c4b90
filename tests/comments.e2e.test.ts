/**
 * Workout comments in real Chromium: the athlete, on a 390 px phone, comments on one
 * set and it appears live beside that set in the coach's open editor; the coach's
 * reply on the set appears live beside it for the athlete; a comment left unread
 * shows as a badge on the coach's calendar card until the coach has seen the thread.
 * Both screens pass axe. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday, longDate } from './support/ui.ts';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import { seriousViolations } from './support/axe.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

const PHONE = { width: 390, height: 844 };

describe('workout comments in the browser', () => {
  it("carries a set's comment live to the coach's editor and the reply live back to the athlete", async () => {
    const today = localToday();
    const res = await t.api(
      'POST',
      '/api/manage-workouts',
      {
        workout: {
          user_id: athlete.user.id,
          date: today,
          name: 'Knee Day',
          exercises: [
            {
              exercise_name: 'Back Squat',
              sets: [
                { reps: 5, load: 200 },
                { reps: 5, load: 200 },
              ],
            },
          ],
        },
      },
      coach.accessToken,
    );
    expect(res.status).toBe(201);
    await t.server.platform.runner.waitFor(res.body.checkpoint);
    const workoutId = res.body.id as string;

    // The coach has the workout open in the editor.
    const coachPage = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 900 } });
    await coachPage.goto(`${t.url}/calendar/${athlete.user.id}`);
    const cell = coachPage.getByRole('group', { name: longDate(today), exact: true });
    await cell.getByRole('button', { name: /^Knee Day.* workout$/ }).click();
    const editor = coachPage.getByRole('dialog', { name: 'Edit Workout' });
    const squat = editor.getByRole('group', { name: 'A1 Back Squat' });
    await squat.waitFor();
    const coachSet2 = squat.getByRole('listitem').filter({ has: coachPage.getByLabel('Set 2 type') });

    // The athlete, on a phone, comments on the second squat set.
    const athletePage = await e2e.signedInPage(athlete, { viewport: PHONE, landing: (url) => !url.pathname.startsWith('/signin') });
    await athletePage.goto(`${t.url}/training/${workoutId}`);
    const athleteSquat = athletePage.getByRole('region', { name: 'A1 Back Squat' });
    const athleteSet2 = athleteSquat.getByRole('listitem').filter({ has: athletePage.getByLabel('Set 2 reps') });
    await athleteSet2.getByRole('button', { name: 'Comment on Back Squat set 2' }).click();
    const field = athleteSet2.getByLabel('Comment on Back Squat set 2');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await field.fill('Left knee hurt on this one');
    await athleteSet2.getByRole('button', { name: 'Post' }).click();
    await expect.poll(() => athleteSet2.getByRole('list', { name: 'Comments on Back Squat set 2' }).textContent()).toContain('Left knee hurt on this one');

    // Live, beside that set in the coach's editor (and nowhere beside the other set).
    const coachComments = coachSet2.getByRole('list', { name: 'Comments on Back Squat set 2' });
    await expect.poll(() => coachComments.textContent(), { timeout: 30_000 }).toContain('Left knee hurt on this one');
    expect(await coachComments.textContent()).toContain('Avery Athlete');
    expect(await squat.getByRole('list', { name: 'Comments on Back Squat set 1' }).count()).toBe(0);

    // The coach replies on the set; the athlete sees it live beside the set.
    await coachSet2.getByRole('button', { name: 'Comment on Back Squat set 2' }).click();
    await coachSet2.getByLabel('Comment on Back Squat set 2').fill('Stop at 185 next time and tell me how it feels.');
    await coachSet2.getByRole('button', { name: 'Post' }).click();
    const athleteComments = athleteSet2.getByRole('list', { name: 'Comments on Back Squat set 2' });
    await expect.poll(() => athleteComments.textContent(), { timeout: 30_000 }).toContain('Stop at 185 next time and tell me how it feels.');
    expect(await athleteComments.textContent()).toContain('Casey Coach');
    expect(await athletePage.getByRole('region', { name: 'Comments' }).getByRole('list', { name: 'All comments' }).textContent()).toContain('on Back Squat set 2');

    // Both screens: no serious or critical axe violation, nothing wider than the phone.
    expect(await seriousViolations(athletePage)).toEqual([]);
    expect(await athletePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousViolations(coachPage)).toEqual([]);

    // The coach closes the editor; a new comment from the athlete shows on the card, live.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await athletePage.getByLabel('Comment on the workout').fill('Thanks, will do.');
    await athletePage.getByRole('region', { name: 'Comments' }).getByRole('button', { name: 'Post' }).click();
    const card = cell.getByRole('article', { name: /Workout: Knee Day/ });
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toMatch(/\d+ unread comments?/);

    // Opening the workout and seeing its thread reads it: the badge goes.
    await cell.getByRole('button', { name: /^Knee Day.* workout$/ }).click();
    const thread = editor.getByRole('region', { name: /^Comments/ });
    await thread.scrollIntoViewIfNeeded();
    await expect.poll(() => thread.getByRole('list', { name: 'All comments' }).textContent()).toContain('Thanks, will do.');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).not.toMatch(/unread comment/);
  });
});
