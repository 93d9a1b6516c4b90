/**
 * The e-mail demo page in the browser (issue 14 item 1): the console's operator link
 * shows every mail; a signed-out visitor sees none and is told how to see theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { signedInUser, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer, browser: Browser;
beforeAll(async () => {
  ({ server: t, browser } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

describe('the e-mail demo page', () => {
  it('shows every mail through the operator link and none to a signed-out visitor', async () => {
    const user = await signedInUser(t, 'Dana Demo');
    const sentMails = (list: import('playwright-core').Page) => list.getByRole('list', { name: 'Sent e-mails' });

    const operator = await (await browser.newContext()).newPage();
    await operator.goto(`${t.url}/email-demo?key=${encodeURIComponent(t.server.operatorKey)}`);
    await expect.poll(() => sentMails(operator).getByText(user.email).first().isVisible()).toBe(true);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(`${t.url}/email-demo`);
    await expect.poll(() => visitor.getByText('Sign in to see the mails sent to you').isVisible()).toBe(true);
    expect(await visitor.getByText(user.email).count()).toBe(0);
    const guessed = await (await browser.newContext()).newPage();
    await guessed.goto(`${t.url}/email-demo?key=not-the-key`);
    await expect.poll(() => guessed.getByText('Sign in to see the mails sent to you').isVisible()).toBe(true);
    expect(await guessed.getByText(user.email).count()).toBe(0);
  });
});
