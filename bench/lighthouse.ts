/**
 * (lighthouse) Phone speed: Lighthouse's default (mobile) profile with simulated
 * throttling on the athlete's training page and the coach's calendar, signed in as
 * the demo athlete and the demo coach, and on sign-in for reference. Per page it
 * prints the performance score, LCP, CLS, TBT and the bytes transferred.
 * Goals on both signed-in pages: LCP < 2.5 s, CLS < 0.1, TBT < 200 ms.
 *
 * The server runs on the embedded database with the demo data; Chromium is started
 * here with remote debugging on loopback, signed in through the real form (the
 * session lives in localStorage, so Lighthouse keeps storage and the HTTP cache is
 * cleared before each run instead), and Lighthouse drives the same browser. No host
 * name resolves in that browser but 127.0.0.1, so nothing leaves loopback.
 * Needs the built dashboard (`npm run build:web`). Not part of CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/support/browser.ts';
import { startTrainingBench } from './calendar_month.ts';
import { log } from './lib.ts';

interface PageFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  transferKib: number;
}

/** Chromium with remote debugging on a free loopback port; resolves once DevTools listens. */
async function startChromium(profile: string): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      // No name resolves but the loopback address: nothing the page or Lighthouse asks for can leave the machine.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${text.slice(-500)}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${text.slice(-500)}`)));
  });
  return { port, child };
}

/** Signs in through the form in the browser's own profile (the one Lighthouse's tab shares). */
async function signIn(page: Page, base: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.evaluate(() => window.localStorage.clear());
}

/** One Lighthouse run (mobile profile, simulated throttling, performance only) on `url`, cold HTTP cache. */
async function audit(browser: Browser, port: number, url: string, name: string): Promise<PageFigures> {
  const page = browser.contexts()[0].pages()[0];
  // The app registers its service worker on load: let that finish, or it could install
  // (and precache the app) after the clearing below and answer the measured load.
  await page.evaluate(() => Promise.race([navigator.serviceWorker?.ready, new Promise((r) => setTimeout(r, 5_000))]));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // The dashboard's service worker precaches the app: unregistered, with its caches, so the load is cold.
  await cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  const result = await lighthouse(url, {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The session is in localStorage: keep storage (the cache was cleared above).
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_REPORTS=<dir> keeps each full report (open it in the Lighthouse viewer to see what to fix).
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) await fs.writeFile(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(value('largest-contentful-paint')),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(value('total-blocking-time')),
    transferKib: Math.round((value('total-byte-weight') / 1024) * 10) / 10,
  };
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('lighthouse');
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'spotter-lighthouse-'));
  let chrome: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    const base = bench.server.url;
    if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(base)) throw new Error(`The server is not on loopback: ${base}`);
    const started = await startChromium(profile);
    chrome = started.child;
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${started.port}`);
    const page = browser.contexts()[0].pages()[0] ?? (await browser.contexts()[0].newPage());

    const athlete = { email: bench.demo.athletes[0].email, password: bench.demo.password };
    const coach = { email: bench.demo.coach.email, password: bench.demo.password };
    const pages: [string, string, typeof coach | null][] = [
      ['signin', '/signin', null],
      ['training', '/training', athlete],
      ['calendar', `/calendar/${bench.demo.athletes[0].id}`, coach],
    ];
    const figures: Record<string, number> = {};
    for (const [name, route, who] of pages) {
      await signOut(page, base);
      if (who) await signIn(page, base, who);
      const f = await audit(browser, started.port, base + route, name);
      log(`  ${route}: score ${f.score}, LCP ${f.lcpMs} ms, CLS ${f.cls}, TBT ${f.tbtMs} ms, ${f.transferKib} KiB transferred`);
      figures[`lighthouse_${name}_score`] = f.score;
      figures[`lighthouse_${name}_lcp_ms`] = f.lcpMs;
      figures[`lighthouse_${name}_cls`] = f.cls;
      figures[`lighthouse_${name}_tbt_ms`] = f.tbtMs;
      figures[`lighthouse_${name}_transfer_kib`] = f.transferKib;
    }
    return figures;
  } finally {
    await browser?.close().catch(() => {});
    chrome?.kill();
    await bench.close();
    await fs.rm(profile, { recursive: true, force: true });
  }
}
