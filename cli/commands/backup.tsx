/** `spotter backup <file>`: the event store and every table that cannot be rebuilt, in one snapshot (cli/lib/backup.ts). */
import { defineCommand } from '../command.ts';
import { withPlatform } from '../lib/platform.ts';
import { backupDatabase } from '../lib/backup.ts';
import { printJson } from '../ui/print.ts';

export default defineCommand<{ json?: boolean }>({
  name: 'backup',
  description: 'Write the events and the tables that cannot be rebuilt (accounts, sessions, mail outbox) to a file; read models are rebuilt on restore',
  arguments: [{ name: 'file', description: 'where to write the backup (gzipped JSON lines, readable by the owner only)', required: true }],
  options: [{ flags: '--json', description: 'print the summary as JSON ({ file, events, tables })' }],
  examples: ['spotter backup spotter-2025-06-01.backup    # while the server runs: one consistent snapshot', 'spotter backup nightly.backup --json'],
  async run({ args, options }) {
    const file = args[0]!;
    const summary = await withPlatform((platform) =>
      backupDatabase(
        platform.pool,
        file,
        platform.runner.projections().filter((p) => p.reactor),
      ),
    );
    const rows = Object.values(summary.tables).reduce((a, b) => a + b, 0);
    if (options.json) printJson({ file, events: summary.events, tables: summary.tables });
    else process.stdout.write(`backed up ${summary.events} events and ${rows} rows of ${Object.keys(summary.tables).length} tables to ${file}\n`);
    return 0;
  },
});
