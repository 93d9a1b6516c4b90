/** Real Chromium from the system (Debian's package), driven by playwright-core. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * `--lang=en-US`: until a user chooses, loads are shown in their browser locale's unit,
 * so every page reads pounds whatever the machine's locale; a test that wants
 * kilograms chooses them, or gives its context another `locale`.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--lang=en-US',
];

let running: Promise<Browser> | null = null;

/**
 * Contexts opened since the current test began (tests/support/e2e-setup.ts marks the
 * start). Vitest cannot stop a test that timed out: its function goes on clicking in
 * the background, beside the next test, on a machine that was already too busy. Closing
 * what the failed test opened ends those leftovers at their next step. Contexts a file
 * opens in beforeAll are not a test's and stay open for the file's other tests.
 */
let openedInTest: Set<BrowserContext> | null = null;

export function beginTest(): void {
  openedInTest = new Set();
}

/** Closes what the test that just ended opened if it failed, and stops counting. */
export async function endTest(failed: boolean): Promise<void> {
  const opened = openedInTest;
  openedInTest = null;
  if (failed && opened) await Promise.all([...opened].map((c) => c.close().catch(() => {})));
}

function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A Chromium for one test file: the process's one browser, lent. The browser files run
 * one after another in one worker (vitest.config.ts), and a launch cost about 3 CPU
 * seconds, 36 times a run. What a file gets is its own contexts (each a separate
 * profile: cookies, storage, service workers), and `close()` closes those, not the
 * browser; Playwright ends the browser with the process.
 *
 * Its contexts block service workers unless asked for them (`serviceWorkers: 'allow'`,
 * as the offline and push tests do). The app's worker precaches all its assets into
 * every new profile: for a user that is the first visit only, but every test page is a
 * new profile, and it cost a fifth of the browser tests' CPU and time.
 */
export async function launchBrowser(): Promise<Browser> {
  running ??= launch();
  let browser = await running.catch(() => null);
  if (!browser?.isConnected()) {
    // It crashed or never started: the next file should not inherit that.
    running = launch();
    browser = await running;
  }
  return lend(browser);
}

function lend(browser: Browser): Browser {
  const contexts = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    contexts.add(context);
    openedInTest?.add(context);
    context.on('close', () => {
      contexts.delete(context);
      openedInTest?.delete(context);
    });
    return context;
  };
  const borrowed: Partial<Browser> = {
    newContext: async (options) => track(await browser.newContext({ serviceWorkers: 'block', ...options })),
    newPage: async (options): Promise<Page> => {
      const page = await browser.newPage({ serviceWorkers: 'block', ...options });
      track(page.context());
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((c) => c.close().catch(() => {})));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(borrowed, property)) return borrowed[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
