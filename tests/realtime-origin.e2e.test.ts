/**
 * Live updates at a second address of the server, in real Chromium. The server's
 * APP_URL is http://127.0.0.1:PORT; the page is opened at http://localhost:PORT (as
 * at a LAN address or behind a proxy): it keeps one websocket and gets changes
 * pushed, instead of being refused (4003) and reconnecting and refetching everything
 * every 0.6 s. And when the server does refuse the socket, the page says "Live
 * updates paused" rather than looking live. Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import { signedInUser, uniqueEmail, type TestServer } from './support/server.ts';
import { startE2E, type E2E } from './support/e2e.ts';

let e2e: E2E, t: TestServer;
beforeAll(async () => {
  ({ server: t } = e2e = await startE2E());
});
afterAll(() => e2e?.close());

/** Records every websocket the page opens and the frames the server sent on it. */
function watchSockets(page: Page) {
  const sockets: { socket: PageSocket; received: string[]; closed: boolean }[] = [];
  page.on('websocket', (socket) => {
    const entry = { socket, received: [] as string[], closed: false };
    socket.on('framereceived', (f) => entry.received.push(String(f.payload)));
    socket.on('close', () => (entry.closed = true));
    sockets.push(entry);
  });
  return sockets;
}

describe('live updates at another address of the server', () => {
  it('keeps one websocket at http://localhost:PORT while APP_URL says 127.0.0.1, and gets changes pushed', async () => {
    const coach = await signedInUser(t, 'Lana Localhost');
    const appUrl = new URL(t.url);
    expect(appUrl.hostname).toBe('127.0.0.1');
    const page = await (await e2e.browser.newContext()).newPage();
    const sockets = watchSockets(page);
    await page.goto(`http://localhost:${appUrl.port}/signin`);
    await page.getByLabel('Email').fill(coach.email);
    await page.getByLabel('Password').fill(coach.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');
    await expect.poll(() => sockets.some((s) => s.received.some((f) => f.includes('"ready"')))).toBe(true);
    // The Clients page follows the coach's topic once its lists are loaded: a change
    // made before that would arrive with the first fetch, not through the socket.
    await expect.poll(() => sockets.some((s) => s.received.some((f) => f.includes('"subscribed"') && f.includes(`coach:${coach.user.id}`)))).toBe(true);
    await page.getByRole('heading', { name: 'Your Clients' }).waitFor();

    // A change made elsewhere reaches the page through that socket.
    const invitee = uniqueEmail('pushed');
    expect((await t.api('POST', '/api/manage-invites', { email: invitee }, coach.accessToken)).status).toBe(200);
    await expect.poll(() => page.getByText(invitee).isVisible()).toBe(true);
    // Pushed, not polled: a socket heard the change. The app may open its socket again
    // once right after signing in (the session settling); what matters is that one stays
    // open and it does not reconnect over and over (the old 0.6 s loop).
    // Playwright reports frames on its own channel, which may trail the page's DOM: poll.
    await expect.poll(() => sockets.some((s) => s.received.some((f) => f.includes('"changed"')))).toBe(true);
    expect(sockets.filter((s) => !s.closed)).toHaveLength(1);
    expect(sockets.length).toBeLessThanOrEqual(2);
    expect(await page.getByText('Live updates paused').count()).toBe(0);
  });

  it('says "Live updates paused" when the server refuses the socket, instead of reconnecting forever', async () => {
    const coach = await signedInUser(t, 'Rita Refused');
    const page = await (await e2e.browser.newContext()).newPage();
    let tries = 0;
    // The server's answer to a foreign Origin, played for every socket the page opens.
    await page.routeWebSocket(/\/api\/realtime/, (ws) => {
      tries += 1;
      setTimeout(() => void ws.close({ code: 4003, reason: 'Origin not allowed' }), 50);
    });
    await page.goto(`${t.url}/signin`);
    await page.getByLabel('Email').fill(coach.email);
    await page.getByLabel('Password').fill(coach.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL('**/clients');
    await expect.poll(() => page.getByText('Live updates paused').isVisible()).toBe(true);
    expect(tries).toBe(1);

    // Reconnect tries once more (and is refused again).
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => tries).toBe(2);
    await expect.poll(() => page.getByText('Live updates paused').isVisible()).toBe(true);
  });
});
