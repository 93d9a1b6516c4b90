/** `spotter db stop`: stops this checkout's embedded PostgreSQL (for example one a killed server left running). */
import { defineCommand, UsageError } from '../command.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { stopDatabase, stopTarget } from '../lib/database.ts';
import { confirm } from '../ui/confirm.ts';
import { printJson } from '../ui/print.ts';

export default defineCommand<{ yes?: boolean; json?: boolean }>({
  name: 'db',
  description: "Manage this checkout's embedded PostgreSQL: `db stop` stops it (asks first when a server is using it)",
  arguments: [{ name: 'action', description: 'stop', required: true }],
  options: [
    { flags: '--yes', description: 'stop it even while a server uses it, without asking (scripts)' },
    { flags: '--json', description: 'print JSON ({ stopped, pid, dataDir, serverWasRunning, message })' },
  ],
  examples: [
    'spotter db stop            # stop the embedded PostgreSQL a crashed server left running',
    'spotter db stop --yes      # also while a server runs on it (that server then cannot reach its data)',
    'spotter db stop --json',
  ],
  async run({ args, options }) {
    if (args[0] !== 'stop') throw new UsageError(`unknown action "${args[0] ?? ''}"; expected "stop"`);
    const config = loadConfig();
    const target = config.databaseUrl ? null : await stopTarget(config);
    if (target?.serverRunning) {
      await confirm(`A Spotter server is running on this database (data in ${target.dataDir}); stopping it leaves that server without its data. Stop it anyway?`, {
        yes: options.yes,
      });
    }
    const result = await stopDatabase(config, target);
    if (options.json) printJson({ ...result, serverWasRunning: target?.serverRunning ?? false });
    else process.stdout.write(`${result.message}\n`);
    return result.message.includes('did not stop') ? 1 : 0;
  },
});
