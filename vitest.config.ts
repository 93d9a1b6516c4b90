import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Web modules under test import the kernel (@kernel) as the dashboard does (web/vite.config.ts).
  resolve: { alias: { '@kernel': fileURLToPath(new URL('./src/kernel/index.ts', import.meta.url)) } },
  test: {
    // One embedded PostgreSQL for the whole run; every test file gets its own database.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Polls wait for what a user would wait for (a page, a pushed change): on a busy
    // two-core machine that can take more than vitest's default second. 20 s, because
    // CI machines run up to 1.5 times slower than ours with both suites at once, and a
    // 10 s poll on a pushed change failed there (a poll that succeeds returns at once).
    expect: { poll: { timeout: 20_000, interval: 50 } },
    // Two cores: more workers only make the database and browser tests fight.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit+int',
          // Not isolated either (see e2e below): each worker loads the server's modules
          // once instead of once a file (imports took 305 s of a CI rehearsal, 57 s after).
          // Every file makes its own database; what the code keeps per process is keyed
          // by its database, store or pool (e.g. src/coaching/access.ts, push/vapid.ts).
          isolate: false,
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'projections/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'emails/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'tests/**/*.e2e.test.ts'],
        },
      },
      {
        extends: true,
        // Browser tests one file at a time: each drives Chromium and a server, and two
        // at once on two cores starve each other's pages. Not isolated: the files share
        // one worker's loaded modules instead of each importing the whole server again
        // (about 3.5 s a file). Each file still starts its own server, database and
        // browser, so what they share is code, not state.
        // 120 s a test: the longest journeys (calendar's editor, 16 s alone) took 40 s
        // here beside four busy processes, and CI's machines have run slower still. A
        // failed test's pages are closed (e2e-setup.ts), so a timeout does not spill its
        // leftover steps into the tests after it.
        test: {
          name: 'e2e',
          include: ['tests/**/*.e2e.test.ts'],
          setupFiles: ['tests/support/e2e-setup.ts'],
          testTimeout: 120_000,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
