#!/usr/bin/env node
/**
 * `npm test`: the browser tests and the unit and integration tests, side by side.
 *
 * Why two vitest processes rather than one: a single vitest runs a project whose files go
 * one at a time (the browser tests, see vitest.config.ts) after every other project has
 * finished, so for the ~13 minutes of browser tests one of the two cores sat idle. Here
 * the browser files still run one at a time, and beside them the unit and integration
 * files two at a time (vitest.config.ts). Measured in CI rehearsals on one 2-core
 * machine: the tests took 1,299 s (the browser suite's time; the other finished at
 * 1,116 s) against 1,370 s in one vitest. The gain is small because the browser files,
 * now sharing the CPU, run about 1.6 times slower each; it is what the idle core was
 * worth. Each vitest starts its own embedded PostgreSQL (tests/support/global-setup.ts).
 *
 * Arguments go to both (`npm test -- tests/clients` runs what matches in either). Each
 * line is prefixed with its suite; the exit code is the first failure's, or 0.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

// vitest's bin, as npm would run it (the package exports only its package.json of its files).
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const args = process.argv.slice(2);

// The browser suite is one chain of waits (test, page, server, database, one file at a
// time) and ends last; the other suite ended about 200 s before it in CI rehearsals, its
// files side by side. At niceness 3 the other suite's processes (its workers, their
// children and its PostgreSQL, which inherit it) give way when both want a core.
const SUITES = [
  { label: 'e2e     ', argv: ['--project', 'e2e'], niceness: 0 },
  { label: 'unit+int', argv: ['--project', 'unit+int'], niceness: 3 },
];

function run({ label, argv, niceness }) {
  const child = spawn(process.execPath, [vitest, 'run', '--passWithNoTests', ...argv, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Set before vitest starts its workers and database, which inherit it.
  if (niceness && child.pid) os.setPriority(child.pid, os.getPriority(process.pid) + niceness);
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${label}] ${line}\n`));
  }
  return { child, done: new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))) };
}

const running = SUITES.map(run);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => running.forEach(({ child }) => child.kill(signal)));
}
const codes = await Promise.all(running.map((r) => r.done));
SUITES.forEach((suite, i) => console.log(`[${suite.label}] exit code ${codes[i]}`));
process.exit(codes.find((code) => code !== 0) ?? 0);
