/**
 * `spotter <args>` as a separate process, as staff run it: the installed bin
 * (package.json's `bin`, what `npx spotter` finds) started with node directly, since
 * npx's own lookup doubled each run's time (2.7 s of 5.5 s). Stdin is not a terminal.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliOutcome {
  /** The exit code; null when the process was killed (the timeout). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Both streams in the order they arrived, as a terminal shows them. */
  out: string;
}

/**
 * Runs the CLI and resolves with what it printed and its exit code, never throwing for a
 * failing command. DATABASE_URL and SPOTTER_ERASE_LOG come from `env` only, never from
 * the test process, so a run names the database it means.
 */
export function runSpotter(args: string[], env: Record<string, string> = {}, timeoutMs = 120_000): Promise<CliOutcome> {
  const { DATABASE_URL: _url, SPOTTER_ERASE_LOG: _log, ...inherited } = process.env;
  const proc = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const outcome: CliOutcome = { code: null, stdout: '', stderr: '', out: '' };
  // As text: a character split across two chunks still decodes whole.
  proc.stdout.setEncoding('utf8').on('data', (d: string) => {
    outcome.stdout += d;
    outcome.out += d;
  });
  proc.stderr.setEncoding('utf8').on('data', (d: string) => {
    outcome.stderr += d;
    outcome.out += d;
  });
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve, reject) => {
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({ ...outcome, code });
    });
  });
}
