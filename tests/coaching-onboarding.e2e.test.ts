/**
 * Onboarding in real Chromium (issue 24, item 2): a stranger signs up from the invitation
 * link and lands signed in on their training, waiting for the coach; the coach, on
 * another page, is told live (a toast and a count on Clients) and links them; the
 * athlete's page then says who coaches them, with no reload on either side. And a coach
 * resends a pending invitation (a new mail arrives) and revokes one (its link is refused).
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedInUser, uniqueEmail, type TestServer } from './support/server.ts';
import { startE2E, type E2E, type TestUser } from './support/e2e.ts';
import { outboxMails } from './support/outbox.ts';

let e2e: E2E, t: TestServer;
let coach: TestUser;

const SIGNUP_LINK = /http:\/\/[^\s"]+\/signup\?invite=[\w-]+&email=[^\s"&]+/;

beforeAll(async () => {
  ({ server: t } = e2e = await startE2E());
  coach = await signedInUser(t, 'Casey Coach');
});
afterAll(() => e2e?.close());

async function invite(email: string): Promise<string> {
  const res = await t.api('POST', '/api/manage-invites', { email }, coach.accessToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.inviteId;
}

const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function signUpFrom(link: string, fullName: string): Promise<Page> {
  const page = await (await e2e.browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Password').fill('secret12');
  await page.getByRole('button', { name: 'Create Account' }).click();
  return page;
}

describe('onboarding from an invitation', () => {
  it('signs the athlete in on their training; the coach is told live and links; the athlete sees who coaches them', async () => {
    const coachPage = await e2e.signedInPage(coach);
    await coachPage.getByRole('link', { name: 'Library' }).click();
    await markDocument(coachPage);

    const email = uniqueEmail('onboard');
    await invite(email);
    const athletePage = await signUpFrom(await t.mailLink(email, SIGNUP_LINK), 'Olive Onboard');

    // Signed in, on the training, waiting for the coach.
    await athletePage.waitForURL('**/training');
    await expect.poll(() => athletePage.getByRole('heading', { name: 'My Training', level: 1 }).isVisible()).toBe(true);
    const coaches = athletePage.getByRole('list', { name: 'Your coaches' });
    await expect.poll(() => coaches.textContent()).toBe('Waiting for Casey Coach to confirm');
    await markDocument(athletePage);

    // The coach, on another page, gets a toast and a count on Clients.
    await expect.poll(() => coachPage.getByRole('status').getByText(`${email} accepted your invitation. Link them from Clients.`).isVisible()).toBe(true);
    const clientsLink = coachPage.getByRole('navigation').getByRole('link', { name: /^Clients/ });
    await expect.poll(() => clientsLink.getByLabel('1 accepted invite to link').isVisible()).toBe(true);
    expect(await sameDocument(coachPage)).toBe(true);

    await clientsLink.click();
    const accepted = coachPage.getByRole('region', { name: 'Accepted but Not Linked' });
    await accepted.getByRole('button', { name: `Link ${email}` }).click();
    await expect.poll(() => coachPage.getByRole('region', { name: 'Clients' }).getByText('Olive Onboard').isVisible()).toBe(true);
    await expect.poll(() => clientsLink.getByLabel('1 accepted invite to link').count()).toBe(0);

    // The athlete's page follows, without a reload.
    await expect.poll(() => coaches.textContent()).toBe("You're coached by Casey Coach");
    expect(await sameDocument(athletePage)).toBe(true);
    expect(await sameDocument(coachPage)).toBe(true);
  });

  it('resends a pending invitation (a new mail with a new link) and revokes one, whose link then says it is invalid', async () => {
    const email = uniqueEmail('pending');
    await invite(email);
    const firstLink = await t.mailLink(email, SIGNUP_LINK);
    const mailsTo = async () => (await outboxMails(t.outboxDir)).filter((m) => m.to === email).length;
    expect(await mailsTo()).toBe(1);

    const page = await e2e.signedInPage(coach);
    const pending = page.getByRole('region', { name: 'Pending Invites' });
    const resendAt = Date.now();
    await pending.getByRole('button', { name: `Resend invite to ${email}` }).click();
    await expect.poll(() => page.getByText(`Invitation sent again to ${email}.`).isVisible()).toBe(true);
    const secondLink = await t.mailLink(email, SIGNUP_LINK, resendAt);
    expect(secondLink).not.toBe(firstLink);
    expect(await mailsTo()).toBe(2);
    // The resent mail counts against the recipient's hourly limit like any sent mail.
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM email_outbox WHERE recipient = $1 AND status = 'sent'`, [email]);
    expect(rows[0].n).toBe(2);

    await pending.getByRole('button', { name: `Cancel invite to ${email}` }).click();
    await expect.poll(() => page.getByText('Invite cancelled.').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Pending Invites' }).count()).toBe(0);

    const late = await signUpFrom(secondLink, 'Late Larry');
    await expect.poll(() => late.getByRole('alert').filter({ hasText: 'This invitation link is invalid or has expired.' }).isVisible()).toBe(true);
    expect(new URL(late.url()).pathname).toBe('/signup');
  });
});
