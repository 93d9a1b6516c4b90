/**
 * Notifications in real Chromium. Settings → Notifications saves which pushes to get
 * and the reminder time (read back through the API), passes axe at 390 px, and "Turn
 * on notifications" explains itself when the browser refuses permission. The service
 * worker's push handler is driven through the DevTools protocol
 * (ServiceWorker.deliverPushMessage): headless Chromium has no push service of its
 * own, and subscribing for real would contact the browser vendor's, which a test must
 * not; so the browser-side subscribe call itself is not exercised here (the server
 * side of subscribing and delivering is tests/push.int.test.ts).
 * Needs the built app: `npm run build:web`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoachingE2E, type CoachingE2E } from './support/e2e.ts';
import { seriousViolations } from './support/axe.ts';

let e2e: CoachingE2E;
beforeAll(async () => {
  e2e = await startCoachingE2E();
});
afterAll(() => e2e?.close());

const landed = (url: URL) => !url.pathname.startsWith('/signin');

describe('Notifications in Settings', () => {
  it('saves the kinds and the reminder time, passes axe at 390 px, and says so when permission is refused', async () => {
    const t = e2e.server;
    const page = await e2e.signedInPage(e2e.athlete, { viewport: { width: 390, height: 844 }, landing: landed, serviceWorkers: 'allow' });
    await page.goto(`${t.url}/settings`);
    const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Notifications' }) });
    await expect.poll(() => card.getByText('No device gets notifications yet.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByLabel('A chat message').uncheck();
    await expect.poll(() => card.getByText('Notification settings saved.').isVisible()).toBe(true);
    await card.getByLabel('A reminder on training days').check();
    const time = card.getByLabel(/Reminder time \(UTC\)/);
    await expect.poll(() => time.isEnabled()).toBe(true);
    await time.fill('06:45');
    await expect
      .poll(async () => (await t.api('GET', '/api/push/preferences', undefined, e2e.athlete.accessToken)).body.preferences)
      .toEqual({ workout: true, comment: true, message: false, reminder: true, reminderTime: '06:45' });

    // Headless Chromium refuses permission unless granted: the card says what to do.
    await card.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(() => card.getByRole('alert').innerText()).toMatch(/Notifications are blocked/);
    expect((await t.api('GET', '/api/push/subscriptions', undefined, e2e.athlete.accessToken)).body.subscriptions).toEqual([]);
    await page.context().close();
  });

  it("shows a push as a notification named by the server's payload", async () => {
    const t = e2e.server;
    const page = await e2e.signedInPage(e2e.athlete, { viewport: { width: 390, height: 844 }, landing: landed, permissions: ['notifications'], serviceWorkers: 'allow' });
    await page.goto(`${t.url}/settings`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'New workout: Lower Body A on Tue 1 Dec', body: 'Casey Coach planned it for you.', url: '/training', kind: 'workout', tag: 'workout-e2e' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(t.url).origin, registrationId: await registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })),
        ),
      )
      .toEqual([{ title: payload.title, body: payload.body, tag: 'workout-e2e', url: '/training' }]);
    await page.context().close();
  });
});
