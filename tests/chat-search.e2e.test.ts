/**
 * Message search in real Chromium against a real server: the coach searches the chat,
 * sees the hit in context (sender, conversation, the match marked), chooses it with the
 * keyboard, and the conversation opens at that message, which sits on an older page of
 * the history than the one that opens first, scrolled into view, focused and
 * highlighted. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startCoachingE2E, type CoachingE2E, type TestUser as User } from './support/e2e.ts';
import type { TestServer } from './support/server.ts';
import { seriousViolations } from './support/axe.ts';
import { snap } from './support/ui.ts';

/** More than one page of history (pages are 50) after the message searched for. */
const LATER_MESSAGES = 70;
const NEEDLE = 'Remember the kettlebell complex on Thursday';

let e2e: CoachingE2E, t: TestServer, coach: User, athlete: User;
beforeAll(async () => {
  ({ server: t, coach, athlete } = e2e = await startCoachingE2E());
  const conversation = await t.api('POST', '/api/conversations', { other_user_id: athlete.user.id }, coach.accessToken);
  expect(conversation.status, JSON.stringify(conversation.body)).toBeLessThan(300);
  const say = async (content: string, who: User) => {
    const res = await t.api('POST', `/api/conversations/${conversation.body.id}/messages`, { content }, who.accessToken);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.checkpoint as string;
  };
  await say(`Morning! ${NEEDLE}, three rounds.`, coach);
  let last = '';
  for (let i = 1; i <= LATER_MESSAGES; i++) last = await say(`Set ${i} done`, i % 2 ? athlete : coach);
  await t.server.platform.runner.waitFor(last);
});
afterAll(() => e2e?.close());

/** The part of `item` inside the visible part of `scroller`, in pixels (0 when scrolled away). */
async function visibleHeight(item: Locator, scroller: Locator): Promise<number> {
  const [a, b] = await Promise.all([item.boundingBox(), scroller.boundingBox()]);
  if (!a || !b) return 0;
  return Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
}

describe('message search', () => {
  it.each([
    ['desktop', { width: 1280, height: 860 }, 'no-preference'],
    ['phone, reduced motion', { width: 390, height: 844 }, 'reduce'],
  ] as const)('finds a message on an older page and jumps to it (%s)', async (_, viewport, reducedMotion) => {
    const page = await e2e.signedInPage(coach, { viewport, reducedMotion });
    await page.goto(`${t.url}/chat`);
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const box = page.getByRole('searchbox', { name: 'Search messages' });
    expect(await box.getAttribute('maxlength')).toBe('200');

    await box.fill('no such words anywhere');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'No messages match “no such words anywhere”.' }).isVisible()).toBe(true);

    await box.fill('KETTLEBELL complex');
    const results = page.getByRole('list', { name: 'Messages found' });
    await expect.poll(() => page.getByRole('status').filter({ hasText: '1 message matches “KETTLEBELL complex”.' }).isVisible()).toBe(true);
    const hit = results.getByRole('button', { name: /^You .*Remember the kettlebell complex on Thursday, three rounds\. in Avery Athlete$/ });
    await expect.poll(() => hit.isVisible()).toBe(true);
    // The match is marked as written in the message, whatever the case typed.
    expect(await hit.locator('mark').innerText()).toBe('kettlebell complex');
    expect(await page.getByRole('list', { name: 'Conversations' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, `chat-search-results-${viewport.width}`);

    // Keyboard: from the box to the result, Enter.
    await box.focus();
    await page.keyboard.press('Tab');
    expect(await hit.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');

    const chat = page.getByRole('region', { name: 'Conversation with Avery Athlete' });
    const message = chat.getByRole('listitem', { name: `You: Morning! ${NEEDLE}, three rounds.` });
    await expect.poll(() => message.isVisible(), { timeout: 30_000 }).toBe(true);
    // The history opens at its newest 50; the message is on the page before.
    expect(await chat.getByRole('list', { name: 'Messages' }).getByRole('listitem').count()).toBeGreaterThan(50);
    const history = chat.locator('.chat-window__history');
    await expect.poll(async () => (await visibleHeight(message, history)) > 0).toBe(true);
    expect(await message.getAttribute('class')).toContain('chat-msg--found');
    expect(await message.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await message.locator('.chat-msg__bubble').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 230, 138)');
    await snap(page, `chat-search-jump-${viewport.width}`);
    // The highlight is brief.
    await expect.poll(() => message.getAttribute('class')).not.toContain('chat-msg--found');

    // Escape empties the box, and the conversations come back (on a phone, back from the chat first).
    if (viewport.width < 600) await chat.getByRole('button', { name: 'Back to conversations' }).click();
    await box.fill('kettlebell');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('');
    await page.getByRole('list', { name: 'Conversations' }).waitFor();
    await page.context().close();
  });
});
