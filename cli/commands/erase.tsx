/** `spotter erase --user <email>`: erase an account for good (issue 26), as Settings → Delete account does. */
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline/promises';
import { defineCommand, UsageError } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { findAccount, runErase, UnknownAccount } from '../lib/erase.ts';
import { seconds } from '../lib/format.ts';
import { printJson } from '../ui/print.ts';

type Options = { user?: string; yes?: boolean; json?: boolean; eraseLog?: string };

async function confirmed(question: string): Promise<boolean> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

export default defineCommand<Options>({
  name: 'erase',
  description: 'Erase an account: sessions revoked, links and contacts ended, pending mail dropped, its key destroyed ("Deleted user" everywhere)',
  options: [
    { flags: '--user <email>', description: 'the e-mail address of the account to erase' },
    { flags: '--yes', description: 'do not ask for confirmation (required when not in a terminal)' },
    { flags: '--erase-log <file>', description: 'the erase log kept next to the backups, appended to (default: $SPOTTER_ERASE_LOG)' },
    { flags: '--json', description: 'print JSON instead of a sentence' },
  ],
  examples: [
    'spotter erase --user ana@example.com                        # asks "Erase ana@example.com (Ana)? This cannot be undone."',
    'spotter erase --user ana@example.com --yes --json           # from a script',
    'SPOTTER_ERASE_LOG=/var/backups/spotter/erasures.jsonl spotter erase --user ana@example.com',
  ],
  async run({ options }) {
    if (!options.user?.includes('@')) throw new UsageError('--user <email> is required.');
    if (!options.yes && !process.stdin.isTTY) throw new UsageError('refusing to erase without confirmation: pass --yes when not in a terminal.');
    const eraseLog = options.eraseLog || process.env.SPOTTER_ERASE_LOG || undefined;
    const staff = (() => {
      try {
        return os.userInfo().username;
      } catch {
        return process.env.USER ?? 'unknown';
      }
    })();
    const outcome = await withPlatform(async (platform) => {
      let target;
      try {
        target = await findAccount(platform, options.user!);
      } catch (e) {
        if (e instanceof UnknownAccount) return { error: e.message };
        throw e;
      }
      if (!options.yes && !(await confirmed(`Erase ${target.email} (${target.name})? This cannot be undone.`))) return { cancelled: true as const };
      return { report: await runErase(platform, target, { staff, eraseLog: eraseLog && path.resolve(eraseLog), log: (m) => process.stderr.write(`${m}\n`) }) };
    });
    if ('error' in outcome) {
      if (options.json) printJson({ erased: false, error: outcome.error });
      process.stderr.write(`spotter erase: ${outcome.error}\n`);
      return 1;
    }
    if ('cancelled' in outcome) {
      if (options.json) printJson({ erased: false, cancelled: true });
      else process.stdout.write('Nothing erased.\n');
      return 1;
    }
    const r = outcome.report;
    if (options.json) printJson(r);
    else
      process.stdout.write(
        `erased ${r.email} (${r.userId}): key destroyed, ${r.rebuilt.length} read models rebuilt in ${seconds(r.elapsedMs)} s; ` +
          (r.eraseLog ? `logged in ${r.eraseLog}\n` : 'no erase log file (set SPOTTER_ERASE_LOG or --erase-log to keep one next to the backups)\n'),
      );
    return 0;
  },
});
