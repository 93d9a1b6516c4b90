/**
 * A coaching link is enough to talk: the athlete finds their coach in the chat's
 * contacts without any contact request, writes first, and the coach answers live.
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './support/server.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
});
afterAll(() => e2e?.close());

describe('coach and athlete chat without a contact request', () => {
  it('lets the athlete start a chat with their coach from the contacts, and the coach replies live', async () => {
    const athletePage = await e2e.signedInPage(athlete, { viewport: { width: 390, height: 844 }, landing: (url) => !url.pathname.startsWith('/signin') });
    const coachPage = await e2e.signedInPage(coach, { viewport: { width: 1280, height: 860 }, landing: (url) => !url.pathname.startsWith('/signin') });
    await coachPage.goto(`${t.url}/chat`);

    await athletePage.goto(`${t.url}/chat`);
    await athletePage.getByRole('button', { name: 'Start chat with Casey Coach (coach)' }).click();
    const athleteChat = athletePage.getByRole('region', { name: 'Conversation with Casey Coach' });
    await expect.poll(() => athleteChat.isVisible()).toBe(true);
    await athleteChat.getByRole('textbox', { name: 'Message' }).fill('My left knee hurt on the last squat set.');
    await athleteChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => athleteChat.getByRole('listitem', { name: 'You: My left knee hurt on the last squat set.' }).isVisible()).toBe(true);

    await coachPage.getByRole('button', { name: /^Avery Athlete .*1 unread$/ }).click();
    const coachChat = coachPage.getByRole('region', { name: 'Conversation with Avery Athlete' });
    await expect.poll(() => coachChat.getByRole('listitem', { name: 'Avery Athlete: My left knee hurt on the last squat set.' }).isVisible()).toBe(true);
    await coachChat.getByRole('textbox', { name: 'Message' }).fill('Thanks, we drop the load next week.');
    await coachChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => athleteChat.getByRole('listitem', { name: 'Casey Coach: Thanks, we drop the load next week.' }).isVisible()).toBe(true);
  });
});
