/**
 * Issue 27 in real Chromium: the athlete's check-in on a 390 px phone, the coach's team
 * view flagging an athlete whose last 3 days fell below their baseline (and not one who
 * stayed steady), and the editor's suggested load equal to the hand calculation, filled
 * in only when the coach clicks Use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoachingE2E, type CoachingE2E, type TestUser } from './support/e2e.ts';
import { signedInUser } from './support/server.ts';
import { linkAthlete, settled } from './support/coaching.ts';
import { seriousViolations } from './support/axe.ts';
import { addDays, localToday, longDate } from './support/ui.ts';
import { daysFrom, seedCheckIns } from './support/readiness.ts';

let e2e: CoachingE2E;
let steady: TestUser;
// Profiles default to UTC: the server's today for these athletes.
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  e2e = await startCoachingE2E();
  steady = await signedInUser(e2e.server, 'Sam Steady');
  await linkAthlete(e2e.server, e2e.coach, steady);
  const store = e2e.server.server.platform.store;
  const good = { sleep: 4, soreness: 4, stress: 5, energy: 4 };
  // A baseline of good days for both (3 to 24 days ago), then Avery's two low days; Sam stays good.
  await seedCheckIns(store, e2e.athlete.user.id, daysFrom(addDays(today, -24), addDays(today, -3)), good);
  await seedCheckIns(store, e2e.athlete.user.id, [addDays(today, -2), addDays(today, -1)], { sleep: 2, soreness: 3, stress: 3, energy: 2 });
  await settled(e2e.server, await seedCheckIns(store, steady.user.id, daysFrom(addDays(today, -24), today), good));
});
afterAll(() => e2e?.close());

describe('readiness in the browser', () => {
  it('a low check-in on the phone flags the athlete in the coach’s team view; a steady athlete is not flagged', async () => {
    const phone = await e2e.signedInPage(e2e.athlete, { viewport: { width: 390, height: 844 }, landing: (url) => url.pathname !== '/signin' });
    await phone.goto(`${e2e.server.url}/training`);
    const card = phone.getByRole('form', { name: 'How are you today?' });
    await card.waitFor();
    expect(await seriousViolations(phone)).toEqual([]);
    for (const [question, score] of [
      ['Sleep', 2],
      ['Soreness', 2],
      ['Stress', 3],
      ['Energy', 2],
    ] as const) {
      await card.getByRole('radio', { name: `${question} ${score}`, exact: true }).check();
    }
    await card.getByLabel('Note (optional)').fill('Bad night, long shift');
    await card.getByRole('button', { name: 'Save check-in' }).click();
    const answer = phone.getByLabel('Today’s check-in answers');
    await answer.waitFor();
    expect(await answer.textContent()).toBe('Sleep 2/5 · Soreness 2/5 · Stress 3/5 · Energy 2/5');

    const page = await e2e.signedInPage(e2e.coach, { viewport: { width: 1280, height: 1000 } });
    await page.goto(`${e2e.server.url}/team-analytics`);
    const table = page.getByRole('region', { name: 'Team readiness' }).getByRole('table');
    await table.waitFor();
    const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    // Avery: (2.5 + 2.5 + 2.25) / 3 = 2.42 against a baseline of 4.25.
    expect(await row('Avery Athlete').getByRole('cell').allTextContents()).toEqual(['2.42', '4.25', 'Below baseline']);
    expect(await row('Sam Steady').getByRole('cell').allTextContents()).toEqual(['4.25', '4.25', 'Normal']);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the editor suggests the hand-calculated load for a target RPE, and Use fills it in', async () => {
    const t = e2e.server;
    // The athlete's set a week ago: 200 lb × 5 @ RPE 8.
    const past = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: e2e.athlete.user.id, date: addDays(today, -7), exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'rpe', reps: 5, rpe: 8 }] }] } },
      e2e.coach.accessToken,
    );
    const logged = await t.api(
      'POST',
      `/api/athlete/workouts/${past.body.id}/actuals`,
      { exerciseIndex: 0, setIndex: 0, actual: { reps: 5, load: 200, rpe: 8 } },
      e2e.athlete.accessToken,
    );
    expect(logged.status).toBe(200);
    const next = await t.api(
      'POST',
      '/api/manage-workouts',
      { workout: { user_id: e2e.athlete.user.id, date: localToday(), exercises: [{ exercise_name: 'Back Squat', sets: [{ type: 'rpe', reps: 3, rpe: 9 }] }] } },
      e2e.coach.accessToken,
    );
    await settled(t, next.body.checkpoint);
    await settled(t, logged.body.checkpoint);

    const page = await e2e.signedInPage(e2e.coach, { viewport: { width: 1280, height: 1200 }, locale: 'en-US' });
    await page.goto(`${t.url}/calendar/${e2e.athlete.user.id}`);
    await page
      .getByRole('group', { name: longDate(localToday()), exact: true })
      .getByRole('button', { name: / workout$/ })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit Workout' });
    const squat = editor.getByRole('group', { name: 'A1 Back Squat' });
    const suggestion = squat.getByRole('group', { name: 'Set 1 load suggestion' });
    await suggestion.waitFor();
    // By hand: e1RM = 200 / 0.811 = 246.6 lb; 3 reps @ RPE 9 = 89.2% → 219.98 lb → 220 lb (5 lb plates).
    expect(await suggestion.getByText(/^Suggested:/).textContent()).toBe('Suggested: 220 lb');
    expect(await suggestion.getByText(/^e1RM/).textContent()).toContain('e1RM 246.6 lb from 200 lb × 5 @ RPE 8');
    expect(await squat.getByLabel('Set 1 Load (lb)').inputValue()).toBe('');
    await suggestion.getByRole('button', { name: 'Use 220 lb for set 1' }).click();
    expect(await squat.getByLabel('Set 1 Load (lb)').inputValue()).toBe('220');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
