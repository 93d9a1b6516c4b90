import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'projections/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'emails/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; every test file gets its own database.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    // Polls wait for what a user would wait for (a page, a pushed change): on a busy
    // two-core machine that can take more than vitest's default second.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 120_000,
    // Two cores: more workers only make the browser and database tests fight.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
