import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts', 'projections/**/*.test.ts', 'cli/**/*.test.{ts,tsx}', 'emails/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; every test file gets its own database.
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only make the browser and database tests fight.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
