/**
 * (web) First-page weight: loads the dashboard's main routes in real Chromium against
 * the real server (demo coach and athletes) and reports, per route, the gzip bytes of
 * every script the page loaded (gzip level 9 of each body, what a gzip-only client
 * gets) and the bytes Chromium really received for them (brotli where it asked).
 * Each route is a fresh browser context: nothing comes from the cache.
 * Needs the built dashboard (`npm run build:web`).
 */
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/support/browser.ts';
import { startTrainingBench } from './calendar_month.ts';
import { log } from './lib.ts';

interface Loaded {
  gzip: number;
  transferred: number;
  scripts: number;
}

/** Opens `path` in a new context (optionally signed in first) and sums its scripts. */
async function measure(browser: Browser, base: string, path: string, signIn?: { email: string; password: string }, ready?: (page: Page) => Promise<unknown>): Promise<Loaded> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    if (signIn) {
      await page.goto(`${base}/signin`);
      await page.getByLabel('Email').fill(signIn.email);
      await page.getByLabel('Password').fill(signIn.password);
      await page.getByRole('button', { name: /^sign in$/i }).click();
      await page.waitForURL('**/clients');
      // The measured load starts cold: a new page in a context with an empty cache.
      await context.clearCookies();
    }
    const measured = signIn ? await context.newPage() : page;
    await measured.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), 'cache-control': 'no-cache' } }));
    const responses: Promise<{ gzip: number; transferred: number }>[] = [];
    measured.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      responses.push(
        (async () => {
          const body = await res.body();
          const sizes = await res.request().sizes();
          return { gzip: zlib.gzipSync(body, { level: 9 }).length, transferred: sizes.responseBodySize };
        })(),
      );
    });
    await measured.goto(base + path, { waitUntil: 'networkidle' });
    if (ready) await ready(measured);
    await measured.waitForLoadState('networkidle');
    const all = await Promise.all(responses);
    return { gzip: all.reduce((s, r) => s + r.gzip, 0), transferred: all.reduce((s, r) => s + r.transferred, 0), scripts: all.length };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<Record<string, number>> {
  const bench = await startTrainingBench('web');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const base = bench.server.url;
    const coach = { email: bench.demo.coach.email, password: bench.demo.password };
    const athleteId = bench.demo.athletes[0]!.id;
    const routes: [string, string, typeof coach | undefined, ((p: Page) => Promise<unknown>) | undefined][] = [
      ['signin', '/signin', undefined, (p) => p.getByLabel('Email').waitFor()],
      ['clients', '/clients', coach, (p) => p.getByRole('heading', { name: 'Your Clients' }).waitFor()],
      ['calendar', `/calendar/${athleteId}`, coach, (p) => p.getByRole('main').waitFor()],
    ];
    const figures: Record<string, number> = {};
    for (const [name, path, who, ready] of routes) {
      const r = await measure(browser, base, path, who, ready);
      log(`  ${path}: ${r.scripts} scripts, ${(r.gzip / 1024).toFixed(1)} KB gzip, ${(r.transferred / 1024).toFixed(1)} KB received`);
      figures[`web_${name}_js_gzip_kb`] = Math.round((r.gzip / 1024) * 10) / 10;
      figures[`web_${name}_js_received_kb`] = Math.round((r.transferred / 1024) * 10) / 10;
    }
    return figures;
  } finally {
    await browser.close();
    await bench.close();
  }
}
