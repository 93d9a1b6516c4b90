/**
 * Messaging in real Chromium against a real server: a coach and an athlete, connected,
 * in two browser contexts, each seeing the other's messages, typing and read marks live.
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInUser, type TestServer } from './support/server.ts';
import { connectUsers } from './support/messaging.ts';
import { snap } from './support/ui.ts';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
  await connectUsers(t, coach, athlete);
});
afterAll(() => e2e?.close());

const signIn = (u: User, viewport = { width: 1280, height: 860 }) => e2e.signedInPage(u, { viewport, landing: (url) => !url.pathname.startsWith('/signin') });

const shows = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('chat in the browser', () => {
  it('coach starts a chat, the athlete sees it and the unread badge live, replies while the coach sees typing, and both see it read', async () => {
    const coachPage = await signIn(coach);
    const athletePage = await signIn(athlete);
    // The athlete stays on another page: the Chat badge updates everywhere in the app.
    await athletePage.goto(`${t.url}/library`);

    await coachPage.goto(`${t.url}/clients`);
    await coachPage.getByRole('link', { name: 'Message Avery Athlete' }).click();
    await coachPage.waitForURL('**/chat');
    const coachChat = coachPage.getByRole('region', { name: 'Conversation with Avery Athlete' });
    await expect.poll(() => coachChat.isVisible()).toBe(true);
    await expect.poll(shows(coachPage, 'No messages yet')).toBe(true);
    await coachChat.getByRole('textbox', { name: 'Message' }).fill('Hello Avery, ready for Monday?');
    await coachChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => coachChat.getByRole('listitem', { name: 'You: Hello Avery, ready for Monday?' }).isVisible()).toBe(true);
    await expect.poll(() => coachChat.getByRole('img', { name: 'Sent' }).isVisible()).toBe(true);

    const chatNav = athletePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Chat/ });
    await expect.poll(() => chatNav.getByLabel('1 unread message').isVisible()).toBe(true);
    await snap(athletePage, 'chat-unread-badge');
    await chatNav.click();
    await athletePage.waitForURL('**/chat');
    await athletePage.getByRole('button', { name: /^Casey Coach .*1 unread$/ }).click();
    const athleteChat = athletePage.getByRole('region', { name: 'Conversation with Casey Coach' });
    await expect.poll(() => athleteChat.getByRole('listitem', { name: 'Casey Coach: Hello Avery, ready for Monday?' }).isVisible()).toBe(true);
    // Opening it marks it read: the badge goes, and the coach's message shows two ticks.
    await expect.poll(() => chatNav.getByLabel(/unread/).count()).toBe(0);
    await expect.poll(() => coachChat.getByRole('img', { name: 'Read' }).isVisible()).toBe(true);

    const box = athleteChat.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Yes! ');
    await expect.poll(shows(coachPage, 'Avery Athlete is typing…')).toBe(true);
    await snap(coachPage, 'chat-typing');
    await box.pressSequentially('See you then.');
    await box.press('Shift+Enter');
    await box.pressSequentially('Bringing my belt.');
    await box.press('Enter');

    const reply = 'Yes! See you then.\nBringing my belt.';
    await expect.poll(() => coachChat.getByRole('listitem', { name: `Avery Athlete: ${reply}` }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        athleteChat
          .getByRole('listitem', { name: `You: ${reply}` })
          .getByRole('img', { name: 'Read' })
          .isVisible(),
      )
      .toBe(true);
    await expect.poll(() => box.inputValue()).toBe('');
    await snap(athletePage, 'chat-read');
  });

  it('swaps the list and the chat as two panes on a phone', async () => {
    const phone = await signIn(athlete, { width: 390, height: 844 });
    await phone.goto(`${t.url}/chat`);
    const list = phone.getByRole('list', { name: 'Conversations' });
    await expect.poll(() => list.isVisible()).toBe(true);
    await expect.poll(shows(phone, 'Select a conversation')).toBe(false);
    await list.getByRole('button', { name: /Casey Coach/ }).click();
    const chat = phone.getByRole('region', { name: 'Conversation with Casey Coach' });
    await expect.poll(() => chat.isVisible()).toBe(true);
    await expect.poll(() => list.isVisible()).toBe(false);
    await snap(phone, 'chat-phone');
    await chat.getByRole('button', { name: 'Back to conversations' }).click();
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await chat.count()).toBe(0);
  });

  it('loads older pages when scrolling up, replies, deletes a message and the conversation, and closes the composer after a block', async () => {
    const [ana, ben] = await Promise.all([signedInUser(t, 'Ana Archer'), signedInUser(t, 'Ben Brook')]);
    await connectUsers(t, ana, ben);
    const started = await t.api('POST', '/api/conversations', { other_user_id: ben.user.id }, ana.accessToken);
    let last = started.body.checkpoint;
    for (let i = 0; i < 55; i++) last = (await t.api('POST', `/api/conversations/${started.body.id}/messages`, { content: `Note ${i}` }, ana.accessToken)).body.checkpoint;
    await t.server.platform.runner.waitFor(last);

    const benPage = await signIn(ben);
    const anaPage = await signIn(ana);
    await benPage.goto(`${t.url}/chat`);
    await benPage.getByRole('button', { name: /^Ana Archer/ }).click();
    const benChat = benPage.getByRole('region', { name: 'Conversation with Ana Archer' });
    await expect.poll(() => benChat.getByRole('listitem', { name: 'Ana Archer: Note 54' }).isVisible()).toBe(true);
    expect(await benChat.getByRole('listitem', { name: 'Ana Archer: Note 0' }).count()).toBe(0);
    // Scrolling to the top loads the next page of 50.
    await expect
      .poll(async () => {
        await benChat.getByRole('list', { name: 'Messages' }).evaluate((el) => el.parentElement!.scrollTo(0, 0));
        return benChat.getByRole('listitem', { name: 'Ana Archer: Note 0' }).count();
      })
      .toBe(1);

    // Reply to a message, then delete one's own: both sides see it as deleted.
    await benChat
      .getByRole('listitem', { name: 'Ana Archer: Note 54' })
      .getByRole('button', { name: /^Reply/ })
      .click();
    await expect.poll(shows(benPage, 'Replying to')).toBe(true);
    await benChat.getByRole('textbox', { name: 'Message' }).fill('Got it');
    await benChat.getByRole('textbox', { name: 'Message' }).press('Enter');
    const mine = benChat.getByRole('listitem', { name: 'You: Got it' });
    await expect.poll(() => mine.getByText('Note 54').isVisible()).toBe(true);
    await anaPage.goto(`${t.url}/chat`);
    await anaPage.getByRole('button', { name: /^Ben Brook/ }).click();
    const anaChat = anaPage.getByRole('region', { name: 'Conversation with Ben Brook' });
    await expect.poll(() => anaChat.getByRole('listitem', { name: 'Ben Brook: Got it' }).isVisible()).toBe(true);
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await expect.poll(() => benChat.getByRole('listitem', { name: 'You: Message deleted' }).isVisible()).toBe(true);
    await expect.poll(() => anaChat.getByRole('listitem', { name: 'Ben Brook: Message deleted' }).isVisible()).toBe(true);

    // A block closes the composer on both sides and says why; the history stays.
    const block = await t.api('POST', '/api/rpc/manage_user_block', { target_user_id: ben.user.id, action: 'block' }, ana.accessToken);
    await t.server.platform.runner.waitFor(block.body.checkpoint);
    await benPage.reload();
    await benPage.getByRole('button', { name: /^Ana Archer/ }).click();
    await expect.poll(shows(benPage, 'This conversation is closed: one of you has blocked the other. The history stays readable.')).toBe(true);
    expect(await benPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await snap(benPage, 'chat-closed');

    // Deleting the conversation asks first, then removes it for Ben only.
    await benPage.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = benPage.getByRole('dialog', { name: 'Delete conversation?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(shows(benPage, 'No conversations yet')).toBe(true);
    await expect.poll(shows(benPage, 'Select a conversation')).toBe(true);
    await anaPage.reload();
    await expect.poll(() => anaPage.getByRole('button', { name: /^Ben Brook/ }).isVisible()).toBe(true);
  });
});
