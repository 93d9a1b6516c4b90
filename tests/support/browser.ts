/** Real Chromium from the system (Debian's package), driven by playwright-core. */
import { chromium, type Browser } from 'playwright-core';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
