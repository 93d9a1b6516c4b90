/**
 * Messaging in real Chromium against a real server: a coach and an athlete, connected,
 * in two browser contexts, each seeing the other's messages, typing and read marks live.
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';
import { linkAthlete } from './support/coaching.ts';
import { connectUsers } from './support/messaging.ts';
import { snap } from './support/ui.ts';

let t: TestServer;
let browser: Browser;
type User = Awaited<ReturnType<typeof signedInUser>>;
let coach: User;
let athlete: User;

beforeAll(async () => {
  t = await startTestServer();
  browser = await launchBrowser();
  [coach, athlete] = await Promise.all([signedInUser(t, 'Casey Coach'), signedInUser(t, 'Avery Athlete')]);
  await linkAthlete(t, coach, athlete);
  await connectUsers(t, coach, athlete);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function signIn(u: User, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${t.url}/signin`);
  await page.getByLabel('Email').fill(u.email);
  await page.getByLabel('Password').fill(u.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
  return page;
}

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
    await athletePage.getByRole('button', { name: 'Casey Coach, 1 unread' }).click();
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
    await expect.poll(() => athleteChat.getByRole('listitem', { name: `You: ${reply}` }).getByRole('img', { name: 'Read' }).isVisible()).toBe(true);
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
    expect(await list.isVisible()).toBe(false);
    await snap(phone, 'chat-phone');
    await chat.getByRole('button', { name: 'Back to conversations' }).click();
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await chat.count()).toBe(0);
  });
});
