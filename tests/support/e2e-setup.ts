/** Runs before every browser test file (vitest.config.ts, the e2e project's setupFiles). */
import { afterEach, beforeEach } from 'vitest';
import { beginTest, endTest } from './browser.ts';

beforeEach(() => beginTest());
afterEach(({ task }) => endTest(task.result?.state === 'fail'));
