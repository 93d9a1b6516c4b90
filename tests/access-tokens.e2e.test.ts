/**
 * API tokens in real Chromium: Settings → API tokens makes a read token, shows it once
 * with a copy button, the token reads the API and cannot write; revoking it from the
 * list stops it. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(() => e2e?.close());

describe('API tokens in Settings', () => {
  it('creates a read token shown once, which reads but cannot write, and revokes it', async () => {
    const t = e2e.server;
    const user = await signedInUser(t, 'Penny Token');
    const page = await e2e.signedInPage(user, {
      viewport: { width: 1280, height: 1200 },
      landing: (url) => !url.pathname.startsWith('/signin'),
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(`${t.url}/settings`);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'API tokens' }) });
    await expect.poll(() => card.getByText('No tokens yet.').isVisible()).toBe(true);

    await card.getByLabel('Token name').fill('Nightly backup');
    await card.getByLabel('Access').selectOption('read');
    await card.getByLabel('Expires after').selectOption('7');
    await card.getByRole('button', { name: 'Create token' }).click();
    const shown = card.getByLabel('New token');
    await expect.poll(() => shown.isVisible()).toBe(true);
    const token = await shown.inputValue();
    expect(token).toMatch(/^spt_/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Copied' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const row = card.getByRole('row', { name: /Nightly backup/ });
    expect(await row.innerText()).toContain(`${token.slice(0, 10)}…`);
    expect(await row.innerText()).toContain('Read only');

    expect((await t.api('GET', '/api/auth/me', undefined, token)).body.user.id).toBe(user.user.id);
    const write = await t.api('PUT', '/api/profile', { timeZone: 'Europe/Paris' }, token);
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('This token can only read.');

    // Shown once: after a reload only the prefix is left.
    await page.reload();
    await expect.poll(() => card.getByRole('row', { name: /Nightly backup/ }).isVisible()).toBe(true);
    expect(await card.getByLabel('New token').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    page.once('dialog', (d) => void d.accept());
    await card.getByRole('button', { name: 'Revoke Nightly backup' }).click();
    await expect.poll(() => card.getByRole('row', { name: /Nightly backup/ }).innerText()).toMatch(/Revoked \d{4}-\d{2}-\d{2}/);
    expect((await t.api('GET', '/api/auth/me', undefined, token)).status).toBe(401);
  });
});
