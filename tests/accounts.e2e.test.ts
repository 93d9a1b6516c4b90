/** A new user's first minutes, in real Chromium against a real server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ACCESS_CODE, signedInUser, uniqueEmail, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer, browser: Browser;
beforeAll(async () => {
  ({ server: t, browser } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

describe('accounts in the browser', () => {
  it('signs up, confirms from the outbox, signs in, stays signed in across a reload and signs out', async () => {
    const page = await (await browser.newContext()).newPage();
    const email = uniqueEmail('e2e');
    await page.goto(`${t.url}/`);
    await page.waitForURL('**/signin');
    await page.getByRole('link', { name: /create one/i }).click();
    await page.getByLabel('Full Name').fill('Erin Example');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('lift-heavy-things');
    await page.getByLabel('Access Code').fill(ACCESS_CODE);
    await page.getByRole('button', { name: /create account|sign up/i }).click();
    await page.waitForURL('**/check-email**');

    // Before confirming, sign-in is refused with the spec's text.
    await page.goto(`${t.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('lift-heavy-things');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expect.poll(() => page.getByText('Please confirm your email address before signing in.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Resend Confirmation E-mail' }).isVisible()).toBe(true);

    // The confirmation link, as a user on the default setup finds it: in the outbox.
    const link = await t.mailLink(email, /http:\/\/[^\s"<]+\/confirm\?token=[\w-]+/);
    await page.goto(link);
    await expect
      .poll(
        () =>
          page
            .getByText(/confirmed/i)
            .first()
            .isVisible(),
        { timeout: 20_000 },
      )
      .toBe(true);
    await page
      .getByRole('link', { name: /sign in now/i })
      .or(page.getByRole('button', { name: /sign in now/i }))
      .first()
      .click();
    await page.waitForURL('**/signin**');

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('lift-heavy-things');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');
    await page.reload();
    await page.waitForURL('**/clients');
    await expect.poll(() => page.getByRole('heading', { name: 'Your Clients' }).isVisible()).toBe(true);

    await page
      .getByRole('button', { name: /account|avatar|menu/i })
      .first()
      .click();
    await expect.poll(() => page.getByText(email).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/signin');
    await page.goto(`${t.url}/clients`);
    await page.waitForURL('**/signin');
  });

  it('resets a forgotten password with the mailed link, once', async () => {
    const u = await signedInUser(t);
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${t.url}/signin`);
    await page.getByRole('link', { name: /forgot your password/i }).click();
    // The sign-in page has an Email field too: fill the one on the page the link opened.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(u.email);
    const sentAt = Date.now();
    await page.getByRole('button', { name: /send|reset/i }).click();
    await expect.poll(() => page.getByText('Password reset instructions have been sent to your email.').first().isVisible()).toBe(true);

    const link = await t.mailLink(u.email, /http:\/\/[^\s"<]+\/reset-password\?access_token=[\w-]+&(amp;)?type=recovery/, sentAt);
    const resetUrl = link.replace('&amp;', '&');
    await page.goto(resetUrl);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: /update|reset/i }).click();
    expect(
      await page
        .getByText(/Passwords do not match\.|Password must be at least 6 characters long\./)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByLabel('New Password').fill('a-brand-new-password');
    await page.getByLabel('Confirm Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: /update|reset/i }).click();
    await page
      .getByRole('button', { name: 'Continue to Sign In' })
      .or(page.getByRole('link', { name: 'Continue to Sign In' }))
      .first()
      .waitFor();
    // The automatic redirect after 3 seconds carries a message.
    await page.waitForURL('**/signin?message=**', { timeout: 6000 });

    await page.getByLabel('Email').fill(u.email);
    await page.getByLabel('Password').fill(u.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expect.poll(() => page.getByText('Invalid login credentials').first().isVisible()).toBe(true);
    await page.getByLabel('Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');

    // The same link a second time is refused.
    await page.goto(resetUrl);
    await page.getByLabel('New Password').fill('yet-another-password');
    await page.getByLabel('Confirm Password').fill('yet-another-password');
    await page.getByRole('button', { name: /update|reset/i }).click();
    await expect.poll(() => page.getByText('Invalid or expired reset link. Please request a new password reset.').first().isVisible()).toBe(true);
  });
});
