/**
 * Clients and contacts in real Chromium against a real server, two people in two
 * browser contexts, each seeing the other's actions without reloading.
 * Needs the built app: `npx vite build --config web/vite.config.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { signedInUser, uniqueEmail, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer, browser: Browser;
beforeAll(async () => {
  ({ server: t, browser } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

/** Screenshots for a human to look at, when SCREENSHOT_DIR is set. */
async function snap(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const signIn = (email: string, password: string) => e2e.signedInPage({ email, password }, { viewport: { width: 1280, height: 860 } });

const visible = (page: Page | Locator, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('clients in the browser', () => {
  it('invites an athlete who signs up from the e-mail; the coach links them and the card appears live', async () => {
    const coach = await signedInUser(t, 'Casey Coach');
    const coachPage = await signIn(coach.email, coach.password);
    await expect.poll(() => coachPage.getByRole('heading', { name: 'Your Clients' }).isVisible()).toBe(true);
    await expect.poll(visible(coachPage, 'No clients yet. Add one above to get started!')).toBe(true);
    await snap(coachPage, 'clients-empty');

    // Refusals show the spec's alert text.
    await coachPage.getByRole('button', { name: 'Add Client' }).click();
    const dialog = coachPage.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('Email').fill(coach.email);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect.poll(visible(dialog, 'Error creating invite: You cannot invite yourself.')).toBe(true);
    await snap(coachPage, 'add-client-error');

    const athleteEmail = uniqueEmail('invited');
    await dialog.getByLabel('Email').fill(athleteEmail);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect.poll(visible(coachPage, `Invitation sent to ${athleteEmail}.`)).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => coachPage.getByRole('heading', { name: 'Pending Invites' }).isVisible()).toBe(true);

    // The athlete signs up from the link in the invitation, without an access code.
    const link = await t.mailLink(athleteEmail, /http:\/\/[^\s"<]+\/signup\?invite=[\w-]+&email=[^\s"<]+/);
    const athletePage = await (await browser.newContext()).newPage();
    await athletePage.goto(link);
    expect(await athletePage.getByLabel('Email').inputValue()).toBe(athleteEmail);
    expect(await athletePage.getByLabel('Access Code').count()).toBe(0);
    await athletePage.getByLabel('Full Name').fill('Avery Athlete');
    await athletePage.getByLabel('Password').fill('lift-heavy-things');
    await athletePage.getByRole('button', { name: /create account/i }).click();
    // The invitation proved the address: the athlete is signed in, on their training.
    await athletePage.waitForURL('**/training');
    await expect.poll(() => athletePage.getByRole('heading', { name: 'My Training', level: 1 }).isVisible()).toBe(true);

    // The coach sees the acceptance without reloading, and links.
    const accepted = coachPage.getByRole('region', { name: 'Accepted but Not Linked' });
    await expect.poll(() => accepted.getByText(athleteEmail).isVisible()).toBe(true);
    await expect.poll(() => accepted.getByText('Ready to link').isVisible()).toBe(true);
    await snap(coachPage, 'clients-ready-to-link');
    await accepted.getByRole('button', { name: `Link ${athleteEmail}` }).click();

    const card = coachPage.getByRole('link', { name: /^Avery Athlete .*open calendar$/ });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expect.poll(() => coachPage.getByText(athleteEmail.split('@')[0], { exact: true }).isVisible()).toBe(true);
    for (const label of ['7d', '30d', '90d', 'All']) await expect.poll(() => coachPage.getByText(label, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => accepted.isVisible()).toBe(false);
    await snap(coachPage, 'clients-linked');
    const { body } = await t.api('GET', '/api/get-clients', undefined, coach.accessToken);
    const athleteId = body.clients[0].id;
    expect(await card.getAttribute('href')).toBe(`/calendar/${athleteId}`);

    // Compliance moves on the open page when the athlete's training changes (coach:<id>).
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const set = { type: 'standard', reps: 5, load: 100 };
    const done = { ...set, actual: { reps: 5, load: 100 } };
    const workout = { user_id: athleteId, date: yesterday, name: 'Day 1', exercises: [{ exercise_name: 'Squat', sets: [done, done, done, set] }] };
    expect((await t.api('POST', '/api/manage-workouts', { workout }, coach.accessToken)).status).toBe(201);
    const cardItem = coachPage.getByRole('listitem').filter({ has: card });
    await expect.poll(() => cardItem.getByText('75%').count()).toBe(4);
    expect(await cardItem.locator('.compliance__cell--warning').count()).toBe(4);
    await snap(coachPage, 'clients-compliance');

    // The athlete can sign in again elsewhere: the invitation proved the address. An
    // invited account is an athlete's: it lands on its own training.
    const laterPage = await (await browser.newContext()).newPage();
    await laterPage.goto(`${t.url}/signin`);
    await laterPage.getByLabel('Email').fill(athleteEmail);
    await laterPage.getByLabel('Password').fill('lift-heavy-things');
    await laterPage.getByRole('button', { name: /^sign in$/i }).click();
    await laterPage.waitForURL('**/training');
  });

  it('lets someone who already has an account accept from their Clients page', async () => {
    const coach = await signedInUser(t, 'Morgan Coach');
    const athlete = await signedInUser(t, 'Riley Runner');
    const coachPage = await signIn(coach.email, coach.password);
    const athletePage = await signIn(athlete.email, athlete.password);

    await coachPage.getByRole('button', { name: 'Add Client' }).click();
    await coachPage.getByRole('dialog', { name: 'Add Client' }).getByLabel('Email').fill(athlete.email);
    await coachPage.getByRole('button', { name: 'Send Invite' }).click();
    await expect.poll(visible(coachPage, /They already have an account/)).toBe(true);

    // The invitation appears on the athlete's open page without a reload.
    const invitations = athletePage.getByRole('region', { name: 'Invitations for you' });
    await expect.poll(() => invitations.isVisible()).toBe(true);
    await snap(athletePage, 'invitations-for-you');
    await invitations.getByRole('button', { name: 'Accept invitation from Morgan Coach' }).click();
    await expect.poll(visible(athletePage, /You accepted Morgan Coach's invitation/)).toBe(true);

    const accepted = coachPage.getByRole('region', { name: 'Accepted but Not Linked' });
    await expect.poll(() => accepted.getByText(athlete.email).isVisible()).toBe(true);
    await accepted.getByRole('button', { name: `Link ${athlete.email}` }).click();
    await expect.poll(() => coachPage.getByRole('link', { name: /^Riley Runner .*open calendar$/ }).isVisible()).toBe(true);
  });
});

describe('contacts in the browser', () => {
  it('connects two users through the Contact Manager, each seeing the other act without reloading', async () => {
    const ana = await signedInUser(t, 'Ana Network');
    const ben = await signedInUser(t, 'Ben Network');
    const anaPage = await signIn(ana.email, ana.password);
    const benPage = await signIn(ben.email, ben.password);
    const open = async (page: Page) => {
      await page.getByRole('button', { name: /^Contacts/ }).click();
      return page.getByRole('dialog', { name: 'Contact Manager' });
    };
    const anaModal = await open(anaPage);
    const benModal = await open(benPage);

    // Empty search is refused with the spec's alert.
    await anaModal.getByRole('button', { name: 'Search' }).click();
    await expect.poll(visible(anaModal, 'Search failed: Please enter an email or name to search.')).toBe(true);

    await anaModal.getByLabel('Search by email or name').fill('Ben Network');
    await anaModal.getByRole('button', { name: 'Search' }).click();
    const add = anaModal.getByRole('button', { name: 'Add Ben Network as a contact' });
    await expect.poll(() => add.isVisible()).toBe(true);
    // The earlier failure does not linger above the results.
    expect(await anaModal.getByText(/Search failed/).count()).toBe(0);
    await add.click();
    await expect.poll(visible(anaModal, 'Connection request sent!')).toBe(true);
    await expect.poll(() => anaModal.getByText('Pending', { exact: true }).isVisible()).toBe(true);
    await snap(anaPage, 'contacts-search');

    // Ben's open modal counts the request, live.
    const benRequests = benModal.getByRole('tab', { name: 'Requests (1)' });
    await expect.poll(() => benRequests.isVisible()).toBe(true);
    await benRequests.click();
    await snap(benPage, 'contacts-requests');
    await anaModal.getByRole('tab', { name: 'Requests (1)' }).click();
    await expect.poll(() => anaModal.getByText('Waiting for response').isVisible()).toBe(true);
    await benModal.getByRole('button', { name: 'Accept Ana Network' }).click();

    // Ana sees the acceptance live.
    const anaContactsTab = anaModal.getByRole('tab', { name: 'Contacts (1)' });
    await expect.poll(() => anaContactsTab.isVisible()).toBe(true);
    await anaContactsTab.click();
    await expect.poll(() => anaModal.getByText('Ben Network').isVisible()).toBe(true);
    await benModal.getByRole('tab', { name: 'Contacts (1)' }).click();

    // Ben blocks Ana: she loses the contact, live; unblocking brings it back.
    await benModal.getByRole('button', { name: 'Block Ana Network' }).click();
    await expect.poll(() => benModal.getByRole('button', { name: 'Unblock Ana Network' }).isVisible()).toBe(true);
    await expect.poll(() => anaModal.getByRole('tab', { name: 'Contacts (0)' }).isVisible()).toBe(true);
    await snap(benPage, 'contacts-blocked');
    await benModal.getByRole('button', { name: 'Unblock Ana Network' }).click();
    await expect.poll(() => anaModal.getByRole('tab', { name: 'Contacts (1)' }).isVisible()).toBe(true);

    // Ana removes Ben; Ben's list empties without a reload.
    await anaModal.getByRole('button', { name: 'Remove Ben Network' }).click();
    await expect.poll(() => benModal.getByRole('tab', { name: 'Contacts (0)' }).isVisible()).toBe(true);
    await expect.poll(() => benModal.getByText('No contacts yet').isVisible()).toBe(true);
  });
});
