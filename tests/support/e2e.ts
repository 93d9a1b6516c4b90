/**
 * The set-up every browser test shares: a real server (its own database and outbox),
 * real Chromium, and pages signed in through the real sign-in form. A file keeps its
 * own extras (more users, a harness, a check that web/dist exists) next to this.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { linkAthlete } from './coaching.ts';
import { signedInUser, startTestServer, type TestServer } from './server.ts';

export type TestUser = Awaited<ReturnType<typeof signedInUser>>;

export interface SignInOptions extends BrowserContextOptions {
  /** Where the app lands after signing in (a glob, a pattern or a test on the URL); the page is returned once it is there. */
  landing?: string | RegExp | ((url: URL) => boolean);
}

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** Signs `user` in through the form in a fresh browser context (its own session), by default landing on Clients. */
  signedInPage(user: { email: string; password: string }, options?: SignInOptions): Promise<Page>;
  close(): Promise<void>;
}

export interface CoachingE2E extends E2E {
  /** Casey Coach, with Avery Athlete as a linked client. */
  coach: TestUser;
  athlete: TestUser;
}

export async function startE2E(): Promise<E2E> {
  const [server, browser] = await Promise.allSettled([startTestServer(), launchBrowser()]);
  if (server.status === 'rejected' || browser.status === 'rejected') {
    // Whichever half did start would otherwise outlive the file.
    if (browser.status === 'fulfilled') await browser.value.close();
    if (server.status === 'fulfilled') await server.value.close();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  return e2eOf(server.value, browser.value);
}

/** A server and a browser with a coach and a linked athlete, linked through the real invite API. */
export async function startCoachingE2E(): Promise<CoachingE2E> {
  const e2e = await startE2E();
  try {
    const [coach, athlete] = await Promise.all([signedInUser(e2e.server, 'Casey Coach'), signedInUser(e2e.server, 'Avery Athlete')]);
    await linkAthlete(e2e.server, coach, athlete);
    return { ...e2e, coach, athlete };
  } catch (error) {
    await e2e.close();
    throw error;
  }
}

function e2eOf(server: TestServer, browser: Browser): E2E {
  return {
    server,
    browser,
    async signedInPage(user, { landing = '**/clients', ...context } = {}) {
      const page = await (await browser.newContext(context)).newPage();
      await page.goto(`${server.url}/signin`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL(landing);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
