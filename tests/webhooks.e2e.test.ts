/**
 * The Webhooks page in real Chromium: a coach adds an endpoint (a receiver on
 * loopback, allowed by the test-only WEBHOOKS_ALLOW_LOOPBACK), sees its secret once,
 * sends a test event, and the delivery shows in the log as delivered with the
 * receiver's answer; the receiver verifies the signature with that secret.
 * Needs the built app: `npm run build:web`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { launchBrowser } from './support/browser.ts';
import { signedInUser, startTestServer, type TestServer } from './support/server.ts';

let t: TestServer;
let browser: Browser;
let receiver: http.Server;
let receiverUrl: string;
const got: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  [t, browser] = await Promise.all([startTestServer({ env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } }), launchBrowser()]);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ headers: req.headers as Record<string, string>, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the e2e receiver');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
  await browser?.close();
  await t?.close();
});

describe('Webhooks page', () => {
  it('adds an endpoint, shows its secret once, and logs a test event as delivered', async () => {
    const coach = await signedInUser(t, 'Hook Coach');
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${t.url}/signin`);
    await page.getByLabel('Email').fill(coach.email);
    await page.getByLabel('Password').fill(coach.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('Description').fill('Team dashboard');
    await page.getByRole('checkbox', { name: 'performance.record' }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();

    const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByRole('region', { name: `Webhook endpoint ${receiverUrl}` });
    await expect.poll(() => card.textContent()).toContain('workout.completed, set.logged, athlete.linked');
    await expect.poll(() => card.textContent()).toContain('No deliveries yet.');

    await card.getByRole('button', { name: 'Send test event' }).click();
    const row = card.getByRole('table', { name: 'Delivery log' }).getByRole('row').filter({ hasText: 'webhook.test' });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('Delivered · HTTP 200');
    expect(await row.textContent()).toContain('received by the e2e receiver');

    expect(got).toHaveLength(1);
    expect(new Webhook(secret).verify(got[0].body, got[0].headers)).toMatchObject({ type: 'webhook.test' });
    expect(await row.textContent()).toContain(got[0].headers['webhook-id']);

    // The secret is not shown again after a reload.
    await page.reload();
    await card.getByRole('button', { name: 'Send test event' }).waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
  });
});
