/**
 * Confirmation of commands that cannot be taken back (sending mails, stopping the
 * database, writing seed data): asked in a terminal, `--yes` in scripts. Without a
 * terminal and without `--yes` nothing is done (exit 2), so a script never hangs on
 * a question nobody sees nor goes ahead on a guess.
 */
import readline from 'node:readline/promises';
import { UsageError } from '../command.ts';

export class NotConfirmed extends Error {}

export async function confirm(question: string, opts: { yes?: boolean; stdin?: NodeJS.ReadStream; stderr?: NodeJS.WriteStream } = {}): Promise<void> {
  if (opts.yes) return;
  const input = opts.stdin ?? process.stdin;
  const output = opts.stderr ?? process.stderr;
  if (!input.isTTY) throw new UsageError(`${question} Not confirmed: pass --yes to do it without a terminal.`);
  const rl = readline.createInterface({ input, output });
  try {
    const answer = await rl.question(`${question} [y/N] `);
    if (!/^y(es)?$/i.test(answer.trim())) throw new NotConfirmed('Cancelled; nothing was done.');
  } finally {
    rl.close();
  }
}
