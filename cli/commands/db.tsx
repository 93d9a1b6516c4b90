/** `spotter db stop`: stops this checkout's embedded PostgreSQL (for example one a killed server left running). */
import { defineCommand, UsageError } from '../command.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { stopDatabase } from '../lib/database.ts';

export default defineCommand<Record<string, never>>({
  name: 'db',
  description: "Manage this checkout's embedded PostgreSQL: `db stop` stops it",
  arguments: [{ name: 'action', description: 'stop', required: true }],
  examples: ['spotter db stop    # stop the embedded PostgreSQL a crashed server left running'],
  async run({ args }) {
    if (args[0] !== 'stop') throw new UsageError(`unknown action "${args[0] ?? ''}"; expected "stop"`);
    const message = await stopDatabase(loadConfig());
    process.stdout.write(`${message}\n`);
    return message.includes('did not stop') ? 1 : 0;
  },
});
