/**
 * An invited athlete in the browser (issue 14 item 8): lands on their own training,
 * sees no coach navigation, and becomes a coach with the access code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from './support/ui.ts';
import { ACCESS_CODE, signedInUser, uniqueEmail, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer;
beforeAll(async () => {
  ({ server: t } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

const navLinks = async (page: Page) => (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()).map((s) => s.trim());

describe('an invited athlete', () => {
  it('lands on their own training without coach navigation, and becomes a coach with the access code', async () => {
    const coach = await signedInUser(t, 'Casey Coach');
    const email = uniqueEmail('invited-e2e');
    expect((await t.api('POST', '/api/manage-invites', { email }, coach.accessToken)).status).toBe(200);
    const inviteToken = (await t.mailLink(email, /\/signup\?invite=[\w-]+/)).split('invite=')[1];
    expect((await t.api('POST', '/api/auth/signup', { fullName: 'Ivy Invited', email, password: 'ivy-lifts-heavy', inviteToken })).status).toBe(201);

    const page = await e2e.signedInPage({ email, password: 'ivy-lifts-heavy' }, { viewport: { width: 1280, height: 860 }, landing: '**/training' });
    await expect.poll(() => navLinks(page)).toContain('My Training');
    const athleteNav = await navLinks(page);
    expect(athleteNav).toContain('Become a coach');
    for (const coachItem of ['Clients', 'Templates', 'Team Analytics']) expect(athleteNav).not.toContain(coachItem);
    expect(await page.getByRole('heading', { name: 'Your Clients' }).count()).toBe(0);
    await snap(page, 'athlete-only-landing');
    // Typing the coach's address leads back to their own training.
    await page.goto(`${t.url}/clients`);
    await page.waitForURL('**/training');

    // Another coach's invitation reaches them there, and they can accept it.
    const second = await signedInUser(t, 'Sky Second');
    expect((await t.api('POST', '/api/manage-invites', { email }, second.accessToken)).status).toBe(200);
    const invitations = page.getByRole('region', { name: 'Invitations for you' });
    await page.reload();
    await expect.poll(() => invitations.isVisible()).toBe(true);
    await invitations.getByRole('button', { name: 'Accept invitation from Sky Second' }).click();
    await expect.poll(() => page.getByText("You accepted Sky Second's invitation").isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Become a coach' }).click();
    await page.waitForURL('**/become-coach');
    await page.getByLabel('Access Code').fill('NOT-THE-CODE');
    await page.getByRole('button', { name: 'Become a coach' }).click();
    await expect.poll(() => page.getByText('Incorrect access code.').isVisible()).toBe(true);

    await page.getByLabel('Access Code').fill(ACCESS_CODE);
    await page.getByRole('button', { name: 'Become a coach' }).click();
    await page.waitForURL('**/clients');
    await expect.poll(() => page.getByRole('heading', { name: 'Your Clients' }).isVisible()).toBe(true);
    const coachNav = await navLinks(page);
    expect(coachNav).toContain('Clients');
    expect(coachNav).not.toContain('Become a coach');
    await snap(page, 'became-coach');

    // And it stays so after a reload: the stored session says coach.
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Your Clients' }).isVisible()).toBe(true);
  });
});
